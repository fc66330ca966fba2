// Drawing the marks of `boardFx`: labels in a line of their own on heroes and player bars (never over text), and
// attack arrows over the board, edge to edge between the heroes. None of it takes a click, and with
// `prefers-reduced-motion` the marks appear without moving (style.css).
import { useLayoutEffect, useState } from "preact/hooks";
import type { RefObject } from "preact";
import type { ArrowFx, BarFx, HeroFx } from "../animate";

/** The newest mark on one hero, in a line of its own in the hero (the log has them all). */
export function HeroMarks({ marks }: { marks: HeroFx[] }) {
  const m = marks[marks.length - 1];
  if (!m) return null;
  return (
    <ul class="fx-marks" aria-label="Recent turns">
      <li key={m.key} class={`fx fx-${m.kind}${m.past ? " fx-past" : ""}`} data-fx={m.kind} title={marks.map((x) => x.label).join("; ")}>{m.label}</li>
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

interface Box { left: number; top: number; right: number; bottom: number }

/** Where the line from `a`'s centre to `b`'s leaves `a`, 8 px inside its edge. */
export function edgeToward(a: Box, b: Box): { x: number; y: number } {
  const c = { x: (a.left + a.right) / 2, y: (a.top + a.bottom) / 2 };
  const dx = (b.left + b.right) / 2 - c.x;
  const dy = (b.top + b.bottom) / 2 - c.y;
  const hw = Math.max(0, (a.right - a.left) / 2 - 8);
  const hh = Math.max(0, (a.bottom - a.top) / 2 - 8);
  const t = Math.min(dx ? hw / Math.abs(dx) : Infinity, dy ? hh / Math.abs(dy) : Infinity, 1);
  return { x: c.x + dx * t, y: c.y + dy * t };
}

/** Whether the segment p–q passes through the inside of `r` (Liang–Barsky clipping). */
export function crosses(p: { x: number; y: number }, q: { x: number; y: number }, r: Box): boolean {
  let [t0, t1] = [0, 1];
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  for (const [d, lo, hi, at] of [[dx, r.left, r.right, p.x], [dy, r.top, r.bottom, p.y]] as const) {
    if (d === 0) {
      if (at <= lo || at >= hi) return false;
      continue;
    }
    const a = (lo - at) / d;
    const b = (hi - at) / d;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
    if (t0 >= t1) return false;
  }
  return true;
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
      const heroBox = (side: string, pos: string) => {
        const r = root.querySelector(`.hero[data-side="${side}"][data-hero="${pos}"]`)?.getBoundingClientRect();
        return r ? { left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top } : null;
      };
      const words = [...root.querySelectorAll(".player-bar, .midline, .hand, .log, .card-detail.open")].map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top };
      }).filter((r) => r.right > r.left && r.bottom > r.top);
      setLines(arrows.flatMap((a) => {
        const toSide = a.to ?? (a.from === "me" ? "opp" : "me");
        const fromBox = heroBox(a.from, a.hero);
        const toBox = heroBox(toSide, a.target);
        if (!fromBox || !toBox) return [];
        // From the attacker's edge to the target's (just inside each), not centre to centre: the line crosses as
        // little of the board as it can.
        const [from, to] = [edgeToward(fromBox, toBox), edgeToward(toBox, fromBox)];
        // Never over words: an arrow whose path would cross a player's bar, the question, the hand or the log
        // (boards stacked on a narrow screen) is left out; the log and the heroes' marks still say it.
        if (words.some((w) => crosses(from, to, w))) return [];
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
