// Drawing the marks of `boardFx`: labels on heroes and player bars, and attack arrows over the board. All of it
// is decoration over the controls: `pointer-events: none`, so it never takes a click, and with
// `prefers-reduced-motion` the marks appear without moving (style.css).
import { useLayoutEffect, useState } from "preact/hooks";
import type { RefObject } from "preact";
import type { ArrowFx, BarFx, HeroFx } from "../animate";

/** The marks on one hero, newest last. */
export function HeroMarks({ marks }: { marks: HeroFx[] }) {
  if (!marks.length) return null;
  return (
    <ul class="fx-marks" aria-label="Recent turns">
      {marks.map((m) => <li key={m.key} class={`fx fx-${m.kind}${m.past ? " fx-past" : ""}`} data-fx={m.kind}>{m.label}</li>)}
    </ul>
  );
}

/** A player's HP changes and the cards they played, this turn and the one before. */
export function BarMarks({ marks }: { marks: BarFx[] }) {
  const shown = marks.filter((m) => m.kind !== "meter");
  if (!shown.length) return null;
  return (
    <ul class="fx-marks fx-bar" aria-label="Recent turns">
      {shown.map((m) => <li key={m.key} class={`fx fx-${m.kind}${m.past ? " fx-past" : ""}`} data-fx={m.kind}>{m.label}</li>)}
    </ul>
  );
}

interface Line { key: string; x1: number; y1: number; x2: number; y2: number; damage: number | null; dim: boolean; draft: boolean; label: string }

/**
 * Attack arrows from each attacker's centre to its target's, measured from the heroes as drawn (the diamonds'
 * layout changes with the width), again whenever the board resizes.
 */
export function Arrows({ arrows, board }: { arrows: ArrowFx[]; board: RefObject<HTMLElement | null> }) {
  const [lines, setLines] = useState<Line[]>([]);
  useLayoutEffect(() => {
    const root = board.current;
    if (!root) return;
    const measure = () => {
      const box = root.getBoundingClientRect();
      const centre = (side: string, pos: string) => {
        const r = root.querySelector(`.hero[data-side="${side}"][data-hero="${pos}"]`)?.getBoundingClientRect();
        return r ? { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top } : null;
      };
      setLines(arrows.flatMap((a) => {
        const toSide = a.to ?? (a.from === "me" ? "opp" : "me");
        const from = centre(a.from, a.hero);
        const to = centre(toSide, a.target);
        if (!from || !to) return [];
        // Two-player arrows run between the bottom and the top; free-for-all ones name the defender's seat.
        const where = (s: string) => (s === "me" ? "bottom" : s === "opp" ? "top" : `seat ${s}`);
        const whose = a.to ? ` ${where(a.to)}` : "";
        const what = a.draft ? "Planned attack" : "Attack";
        const label = `${what} from the ${where(a.from)} ${a.hero} hero to the${whose} ${a.target} hero${a.damage === null ? "" : `: ${a.damage} damage`}`;
        return [{ key: a.key, x1: from.x, y1: from.y, x2: to.x, y2: to.y, damage: a.damage, dim: a.ended || a.past, draft: !!a.draft, label }];
      }));
    };
    measure();
    const watch = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    watch?.observe(root);
    return () => watch?.disconnect();
  }, [arrows, board]);
  if (!lines.length) return null;
  return (
    <svg class="fx-arrows" aria-hidden="true">
      <defs>
        <marker id="fx-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0 0L10 5L0 10z" />
        </marker>
      </defs>
      {lines.map((l) => (
        <g key={l.key} class={`fx fx-arrow${l.dim ? " ended" : ""}${l.draft ? " draft" : ""}`} data-fx={l.draft ? "draft" : "attack"} data-label={l.label}>
          <line x1={l.x1} y1={l.y1} x2={l.x2} y2={l.y2} marker-end="url(#fx-head)" />
          {l.damage !== null ? (
            <g class="fx-damage" transform={`translate(${(l.x1 + l.x2) / 2} ${(l.y1 + l.y2) / 2})`}>
              <circle r="13" />
              <text text-anchor="middle" dominant-baseline="central">{l.damage}</text>
            </g>
          ) : null}
        </g>
      ))}
    </svg>
  );
}
