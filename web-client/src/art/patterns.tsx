// The emblem vocabulary's frames and background patterns. A hero's frame is a round medallion with a gold rim; a
// blend's is a cut gem with one facet more than four per gem it asks for, rimmed in the blend colour, so the
// card type and its cost read from the outline alone. Patterns sit behind the glyph, inside radius 40.
import type { JSX } from "preact";

const pt = (deg: number, r: number): string => {
  const a = (deg * Math.PI) / 180;
  return `${(50 + r * Math.cos(a)).toFixed(2)} ${(50 + r * Math.sin(a)).toFixed(2)}`;
};
const around = (n: number, from = -90) => Array.from({ length: n }, (_, i) => from + (360 / n) * i);

export const PATTERNS = {
  rays: (c: string) => <>{around(12).map((d) => <path d={`M50 50L${pt(d - 5, 40)}L${pt(d + 5, 40)}Z`} fill={c} />)}</>,
  rings: (c: string) => <><circle cx="50" cy="50" r="36" fill="none" stroke={c} stroke-width="3" /><circle cx="50" cy="50" r="29" fill="none" stroke={c} stroke-width="2" /></>,
  dots: (c: string) => <>{around(14).map((d) => { const [x, y] = pt(d, 35).split(" "); return <circle cx={x} cy={y} r="2.8" fill={c} />; })}</>,
  petals: (c: string) => <>{around(8).map((d) => <ellipse cx="50" cy="24" rx="6" ry="13" transform={`rotate(${d + 90} 50 50)`} fill={c} />)}</>,
  waves: (c: string) => <>{[34, 50, 66].map((y) => <path d={`M18 ${y}q8-6 16 0t16 0 16 0 16 0`} fill="none" stroke={c} stroke-width="3" />)}</>,
  sparks: (c: string) => <>{around(6, -60).map((d) => { const [x, y] = pt(d, 33).split(" ").map(Number); return <path d={`M${x} ${y! - 6}L${x! + 2} ${y! - 2}L${x! + 6} ${y}L${x! + 2} ${y! + 2}L${x} ${y! + 6}L${x! - 2} ${y! + 2}L${x! - 6} ${y}L${x! - 2} ${y! - 2}Z`} fill={c} />; })}</>,
  grid: (c: string) => <>{[22, 36, 50, 64, 78].flatMap((x) => [22, 36, 50, 64, 78].filter((y) => (x - 50) ** 2 + (y - 50) ** 2 < 38 ** 2).map((y) => <rect x={x - 2.5} y={y - 2.5} width="5" height="5" fill={c} />))}</>,
  spokes: (c: string) => <>{around(16).map((d) => <path d={`M${pt(d, 24)}L${pt(d, 39)}`} stroke={c} stroke-width="2.5" stroke-linecap="round" />)}</>,
  none: () => null,
} satisfies Record<string, (c: string) => JSX.Element | null>;

export type PatternName = keyof typeof PATTERNS;

/** The outline: a medallion for a hero; for a blend a gem of 4 + n facets (n = the gems it asks for). */
export function frame(type: "hero" | "blend", facets: number, fill: string, rim: string): JSX.Element {
  if (type === "hero") {
    return <><circle cx="50" cy="50" r="46" fill={fill} stroke={rim} stroke-width="4" /><circle cx="50" cy="50" r="40.5" fill="none" stroke={rim} stroke-width="1.5" opacity=".7" /></>;
  }
  const points = around(facets).map((d) => pt(d, 47)).join(" ");
  return <polygon points={points} fill={fill} stroke={rim} stroke-width="4" stroke-linejoin="round" />;
}

/** The gems a blend asks for, as coloured pips along the bottom of its frame, in the order the card lists them. */
export function pips(colors: string[]): JSX.Element {
  const step = 20;
  const start = 90 - ((colors.length - 1) * step) / 2;
  return <>{colors.map((c, i) => { const [x, y] = pt(start + i * step, 37).split(" "); return <circle cx={x} cy={y} r="5" fill={c} stroke="#1d1b29" stroke-width="1.5" />; })}</>;
}
