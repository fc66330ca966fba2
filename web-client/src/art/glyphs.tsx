// The emblem vocabulary's glyphs: one small drawing per motif, in a 100×100 box centred on (50, 50), kept inside
// a circle of radius ~30 so every frame holds it. Drawn in three colours handed in by the emblem: `ink` (the
// glyph), `bg` (the frame's fill, to cut details out of the ink) and `second` (an accent from the card's second gem).
import type { JSX } from "preact";

export interface Ink { ink: string; bg: string; second: string }

const line = (c: string, w: number) => ({ fill: "none", stroke: c, "stroke-width": w, "stroke-linecap": "round", "stroke-linejoin": "round" }) as const;
/** A point at `r` from (cx, cy), at `deg` degrees clockwise from the right. */
const at = (deg: number, r: number, cx = 50, cy = 50): [number, number] => {
  const a = (deg * Math.PI) / 180;
  return [+(cx + r * Math.cos(a)).toFixed(2), +(cy + r * Math.sin(a)).toFixed(2)];
};
/** Draws `body` again mirrored left to right (symmetric motifs: wings, crossed blades). */
const mirrored = (body: JSX.Element) => <>{body}<g transform="matrix(-1 0 0 1 100 0)">{body}</g></>;

export const GLYPHS = {
  die: ({ ink, bg }: Ink) => (
    <g transform="rotate(-12 50 50)">
      <rect x="31" y="31" width="38" height="38" rx="7" fill={ink} />
      {[[40, 40], [60, 40], [50, 50], [40, 60], [60, 60]].map(([x, y]) => <circle cx={x} cy={y} r="3.6" fill={bg} />)}
    </g>
  ),
  magnifier: ({ ink }: Ink) => <><circle cx="45" cy="45" r="13" {...line(ink, 6)} /><path d="M55 55L69 69" {...line(ink, 8)} /></>,
  sword: ({ ink }: Ink) => (
    <><path d="M50 22L56 31V61H44V31Z" fill={ink} /><path d="M35 62H65" {...line(ink, 6)} /><path d="M50 63V73" {...line(ink, 5)} /><circle cx="50" cy="77" r="3.8" fill={ink} /></>
  ),
  earring: ({ ink, bg, second }: Ink) => (
    <><path d="M50 24a6 6 0 1 1 0 12V44" {...line(ink, 3.5)} /><path d="M50 44C61 55 63 64 50 74C37 64 39 55 50 44Z" fill={ink} /><circle cx="50" cy="62" r="4.5" fill={second} stroke={bg} stroke-width="1.5" /></>
  ),
  eye: ({ ink, bg }: Ink) => <><path d="M24 50Q50 26 76 50Q50 74 24 50Z" fill={ink} /><circle cx="50" cy="50" r="10" fill={bg} /><circle cx="50" cy="50" r="4.5" fill={ink} /></>,
  apple: ({ ink, bg }: Ink) => (
    <>
      <path d="M50 36C40 28 26 34 28 50C30 66 42 74 50 70C58 74 70 66 72 50C74 34 60 28 50 36Z" fill={ink} />
      <path d="M50 36Q51 29 55 25" {...line(ink, 3.5)} /><path d="M53 30Q62 22 68 28Q60 34 53 30Z" fill={ink} />
      <circle cx="73" cy="47" r="7" fill={bg} /><circle cx="42" cy="56" r="3" fill={bg} /><circle cx="48" cy="62" r="2" fill={bg} />
    </>
  ),
  cup: ({ ink }: Ink) => (
    <><path d="M31 42H65V56A14 14 0 0 1 51 70H45A14 14 0 0 1 31 56Z" fill={ink} /><path d="M65 46a7 6 0 0 1 0 12" {...line(ink, 4)} />
      <path d="M42 36q-4-5 0-10M52 36q-4-5 0-10" {...line(ink, 3)} /><path d="M28 74H68" {...line(ink, 3.5)} /></>
  ),
  yinyang: ({ ink, bg }: Ink) => (
    <><circle cx="50" cy="50" r="22" {...line(ink, 3)} /><path d="M50 28A22 22 0 0 1 50 72A11 11 0 0 1 50 50A11 11 0 0 0 50 28Z" fill={ink} />
      <circle cx="50" cy="39" r="3.6" fill={ink} /><circle cx="50" cy="61" r="3.6" fill={bg} /></>
  ),
  wave: ({ ink, second }: Ink) => (
    <><path d="M24 66C28 42 52 30 66 40C57 40 52 48 58 54C64 60 72 56 77 51C75 65 63 72 50 72H24Z" fill={ink} /><circle cx="67" cy="29" r="4" fill={second} /></>
  ),
  wings: ({ ink }: Ink) => (
    <><ellipse cx="50" cy="28" rx="12" ry="4" {...line(ink, 3.5)} />
      {mirrored(<path d="M48 44C36 34 24 38 22 50C30 48 34 52 30 58C38 58 44 54 48 50Z" fill={ink} />)}<circle cx="50" cy="52" r="5" fill={ink} /></>
  ),
  chevrons: ({ ink }: Ink) => <><path d="M28 34L44 50L28 66" {...line(ink, 7)} /><path d="M48 34L64 50L48 66" {...line(ink, 7)} /><path d="M66 40L74 50L66 60" {...line(ink, 4)} /></>,
  cauldron: ({ ink }: Ink) => (
    <><path d="M29 50H71L66 70H34Z" fill={ink} /><circle cx="42" cy="43" r="3" fill={ink} /><circle cx="52" cy="38" r="4" fill={ink} /><circle cx="61" cy="44" r="2.5" fill={ink} />
      <path d="M38 78l3-5 3 5M48 78l3-5 3 5M58 78l3-5 3 5" {...line(ink, 2.5)} /></>
  ),
  anchor: ({ ink }: Ink) => (
    <><circle cx="50" cy="27" r="5" {...line(ink, 4)} /><path d="M50 32V73M40 40H60" {...line(ink, 5)} /><path d="M29 57Q32 73 50 73Q68 73 71 57" {...line(ink, 5)} />
      <path d="M25 60L29 54L34 60ZM75 60L71 54L66 60Z" fill={ink} stroke={ink} stroke-width="2" /></>
  ),
  pennant: ({ ink, bg }: Ink) => <><path d="M34 24V76" {...line(ink, 4)} /><path d="M36 28H71L62 39L71 50H36Z" fill={ink} /><circle cx="48" cy="39" r="3.6" fill={bg} /></>,
  drill: ({ ink, bg }: Ink) => (
    <><rect x="43" y="21" width="14" height="7" rx="2" fill={ink} /><path d="M37 30H63V40L50 76L37 40Z" fill={ink} /><path d="M39 46L61 40M42 55L58 49M45 64L55 59" {...line(bg, 2.8)} /></>
  ),
  hornet: ({ ink, bg }: Ink) => (
    <>{mirrored(<ellipse cx="38" cy="40" rx="11" ry="6" transform="rotate(-30 38 40)" fill={ink} opacity=".55" />)}
      <circle cx="50" cy="35" r="6" fill={ink} /><ellipse cx="50" cy="55" rx="9" ry="15" fill={ink} /><path d="M42 51H58M42 59H58" {...line(bg, 3)} />
      <path d="M46 69L50 79L54 69Z" fill={ink} /></>
  ),
  shield: ({ ink, bg }: Ink) => <><path d="M50 23L72 31V47C72 62 62 70 50 77C38 70 28 62 28 47V31Z" fill={ink} /><path d="M38 43L50 54L62 43" {...line(bg, 5)} /></>,
  storm: ({ ink, bg }: Ink) => (
    <><path d="M34 50a10 10 0 0 1 4-19a13 13 0 0 1 24 2a9 9 0 0 1 4 17Z" fill={ink} /><path d="M53 46L42 62H50L44 78L62 58H54L60 46Z" fill={ink} stroke={bg} stroke-width="2" /></>
  ),
  ghost: ({ ink, bg }: Ink) => (
    <><path d="M34 74V46a16 16 0 0 1 32 0V74l-5.3-5-5.3 5-5.4-5-5.4 5-5.3-5Z" fill={ink} />
      <ellipse cx="44" cy="46" rx="3" ry="4.5" fill={bg} /><ellipse cx="56" cy="46" rx="3" ry="4.5" fill={bg} /><ellipse cx="50" cy="58" rx="3" ry="4" fill={bg} /></>
  ),
  virus: ({ ink, bg }: Ink) => (
    <>{[0, 45, 90, 135, 180, 225, 270, 315].map((d) => { const [x1, y1] = at(d, 13); const [x2, y2] = at(d, 22); const [cx, cy] = at(d, 23.5); return <><path d={`M${x1} ${y1}L${x2} ${y2}`} {...line(ink, 3.5)} /><circle cx={cx} cy={cy} r="3.5" fill={ink} /></>; })}
      <circle cx="50" cy="50" r="14" fill={ink} /><circle cx="46" cy="46" r="2.6" fill={bg} /><circle cx="55" cy="52" r="3" fill={bg} /><circle cx="47" cy="56" r="2" fill={bg} /></>
  ),
  magnet: ({ ink, second }: Ink) => (
    <><path d="M33 30V52a17 17 0 0 0 34 0V30H56V52a6 6 0 0 1-12 0V30Z" fill={ink} /><rect x="33" y="28" width="11" height="8" fill={second} stroke={ink} stroke-width="1.5" />
      <rect x="56" y="28" width="11" height="8" fill={second} stroke={ink} stroke-width="1.5" /><path d="M26 24q-7 9 0 18M74 24q7 9 0 18" {...line(ink, 2.5)} /></>
  ),
  cloche: ({ ink, bg }: Ink) => (
    <><path d="M28 62A22 22 0 0 1 72 62Z" fill={ink} /><circle cx="50" cy="37" r="3.8" fill={ink} /><path d="M23 67H77" {...line(ink, 4)} /><path d="M37 56A14 14 0 0 1 45 46" {...line(bg, 2.5)} /></>
  ),
  iceberg: ({ ink }: Ink) => (
    <><path d="M33 57L44 32L50 39L58 26L68 57Z" fill={ink} /><path d="M21 59H79" {...line(ink, 3)} /><path d="M30 62H70L62 77L40 79Z" fill={ink} opacity=".45" /></>
  ),
  snowflake: ({ ink }: Ink) => (
    <>{[0, 60, 120, 180, 240, 300].map((d) => { const [x, y] = at(d, 25); const [a1, b1] = at(d - 28, 17); const [a2, b2] = at(d + 28, 17); const [m, n] = at(d, 13); return <path d={`M50 50L${x} ${y}M${a1} ${b1}L${m} ${n}L${a2} ${b2}`} {...line(ink, 3.6)} />; })}
      <circle cx="50" cy="50" r="4" fill={ink} /></>
  ),
  knot: ({ ink }: Ink) => <><path d="M28 64C28 30 72 30 62 50C56 64 38 56 50 44C60 34 76 50 72 72" {...line(ink, 5)} /><circle cx="28" cy="66" r="3.5" fill={ink} /></>,
  atom: ({ ink, second }: Ink) => (
    <>{[0, 60, 120].map((d) => <ellipse cx="50" cy="50" rx="25" ry="9" transform={`rotate(${d} 50 50)`} {...line(ink, 3)} />)}
      <circle cx="50" cy="50" r="5.5" fill={ink} /><circle cx="75" cy="50" r="3.8" fill={second} stroke={ink} stroke-width="1.5" /></>
  ),
  gull: ({ ink }: Ink) => <><path d="M23 46Q36 35 50 52Q64 35 77 46Q64 44 50 61Q36 44 23 46Z" fill={ink} /><path d="M38 71Q50 65 62 71" {...line(ink, 3)} /></>,
  sunrise: ({ ink }: Ink) => (
    <><path d="M22 64H78" {...line(ink, 4)} /><path d="M34 64A16 16 0 0 1 66 64Z" fill={ink} />
      {[-150, -120, -90, -60, -30].map((d) => { const [x1, y1] = at(d, 21, 50, 64); const [x2, y2] = at(d, 29, 50, 64); return <path d={`M${x1} ${y1}L${x2} ${y2}`} {...line(ink, 3.5)} />; })}</>
  ),
  flask: ({ ink, bg, second }: Ink) => (
    <><path d="M46 26V42L30 70Q28 75 34 75H66Q72 75 70 70L54 42V26Z" fill={ink} /><path d="M42 25H58" {...line(ink, 4)} />
      <path d="M37 60H63L68 70Q69 72 66 72H34Q31 72 32 70Z" fill={second} /><circle cx="46" cy="52" r="2.5" fill={bg} /><circle cx="53" cy="46" r="1.8" fill={bg} /></>
  ),
  mirror: ({ ink, bg }: Ink) => (
    <><ellipse cx="50" cy="42" rx="16" ry="19" fill={ink} /><ellipse cx="50" cy="42" rx="11" ry="14" fill={bg} /><path d="M44 36L52 30M44 44L56 34" {...line(ink, 2.5)} />
      <path d="M50 61V77" {...line(ink, 6)} /></>
  ),
  blades: ({ ink }: Ink) => mirrored(<><path d="M27 27L36 29L65 59L59 65L29 36Z" fill={ink} /><path d="M63 63L73 73" {...line(ink, 5)} /><path d="M55 69L69 55" {...line(ink, 4)} /></>),
  crown: ({ ink, second }: Ink) => (
    <><path d="M28 66L30 38L40 51L50 32L60 51L70 38L72 66Z" fill={ink} /><path d="M28 71H72" {...line(ink, 4)} />
      {[[30, 36], [50, 30], [70, 36]].map(([x, y]) => <circle cx={x} cy={y} r="3.6" fill={second} stroke={ink} stroke-width="1.5" />)}</>
  ),
  firebird: ({ ink, bg }: Ink) => (
    <><path d="M37 44C33 33 39 27 42 21C44 30 48 30 48 24C54 30 57 36 53 42Z" fill={ink} /><circle cx="48" cy="55" r="14" fill={ink} />
      <path d="M60 51L76 56L60 61Z" fill={ink} /><circle cx="53" cy="51" r="2.6" fill={bg} /><path d="M36 66Q30 74 24 74" {...line(ink, 3.5)} /></>
  ),
  shards: ({ ink }: Ink) => (
    <><path d="M48 47L38 22L55 29Z" fill={ink} /><path d="M54 50L78 45L69 62Z" fill={ink} /><path d="M47 55L35 77L29 59Z" fill={ink} /><path d="M56 58L62 74L52 70Z" fill={ink} opacity=".7" />
      <circle cx="50" cy="52" r="3" fill={ink} /></>
  ),
  shell: ({ ink, bg, second }: Ink) => (
    <><path d="M50 66L25 47A27 27 0 0 1 75 47Z" fill={ink} />
      {[-150, -120, -90, -60, -30].map((d) => { const [x, y] = at(d, 24, 50, 58); return <path d={`M50 64L${x} ${y}`} {...line(bg, 2.2)} />; })}
      <circle cx="50" cy="70" r="6.5" fill={second} stroke={ink} stroke-width="2" /></>
  ),
} satisfies Record<string, (c: Ink) => JSX.Element>;

export type GlyphName = keyof typeof GLYPHS;
