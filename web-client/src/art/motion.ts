// Motion for what happens on the board, played with the Web Animations API from the same marks the board draws
// (animate.ts's `boardFx`) and the log: a blend's emblem turning into place, a hero shaking as an attack lands on
// it, the HP bar flashing as it falls, the round banner (and the game's result) rising. Each mark has a stable
// key, so it moves once, when it arrives; what was on the board when the page opened stands still. Nothing moves
// under `prefers-reduced-motion: reduce`.
import { useEffect, useRef } from "preact/hooks";
import type { RefObject } from "preact";
import type { BoardFx } from "../animate";
import type { LogEntry } from "../state";

export type Motion = "blend" | "hit" | "hp" | "round";

export const MOTIONS: Record<Motion, { keyframes: Keyframe[]; timing: KeyframeAnimationOptions }> = {
  blend: {
    keyframes: [
      { transform: "rotate(-200deg) scale(.2)", opacity: 0 },
      { transform: "rotate(15deg) scale(1.3)", opacity: 1, offset: 0.7 },
      { transform: "none", opacity: 1 },
    ],
    timing: { duration: 750, easing: "ease-out" },
  },
  hit: {
    keyframes: [
      { transform: "none" }, { transform: "translateX(-6px) rotate(-1.5deg)", boxShadow: "0 0 0 4px rgb(179 38 30 / 60%)" },
      { transform: "translateX(5px) rotate(1deg)" }, { transform: "translateX(-3px)" }, { transform: "none" },
    ],
    timing: { duration: 480, easing: "ease-out" },
  },
  hp: {
    keyframes: [{ transform: "none", filter: "none" }, { transform: "scaleY(1.35)", filter: "brightness(1.5) saturate(1.6)" }, { transform: "none", filter: "none" }],
    timing: { duration: 550, easing: "ease-in-out" },
  },
  round: {
    keyframes: [{ transform: "translateY(.8rem) scale(.7)", opacity: 0 }, { transform: "scale(1.12)", opacity: 1, offset: 0.6 }, { transform: "none", opacity: 1 }],
    timing: { duration: 900, easing: "ease-out" },
  },
};

export function reducedMotion(win: Window = window): boolean {
  return typeof win.matchMedia === "function" && win.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Plays `motion` on `el`, unless the player asked for reduced motion (or the browser cannot animate). */
export function play(el: Element | null | undefined, motion: Motion): Animation | null {
  if (!el || typeof el.animate !== "function" || reducedMotion()) return null;
  return el.animate(MOTIONS[motion].keyframes, MOTIONS[motion].timing);
}

/** A thing to move: a key that is new once, the element (a selector inside the board) and the motion. */
export interface Cue { key: string; selector: string; motion: Motion }

const heroSel = (side: string, pos: string) => `.hero[data-side="${side}"][data-hero="${pos}"]`;

/** What the board's current marks and log ask to move (old and new alike; `useBoardMotion` plays the new). */
export function motionCues(fx: BoardFx, log: readonly LogEntry[]): Cue[] {
  const cues: Cue[] = [];
  for (const m of fx.heroes) {
    // A blend, or a deblend turning the hero back into itself: the emblem shown changes.
    if (!m.past && (m.kind === "blend" || m.kind === "deblend")) cues.push({ key: m.key, selector: `${heroSel(m.side, m.hero)} .emblem`, motion: "blend" });
  }
  for (const a of fx.arrows) {
    // The attack lands when its damage is known (CR 204.3); a blocked or zero hit does not shake the hero.
    if (a.past || a.draft || !a.damage) continue;
    const to = a.to ?? (a.from === "me" ? "opp" : "me");
    cues.push({ key: `${a.key}:hit`, selector: heroSel(to, a.target), motion: "hit" });
  }
  for (const b of fx.bars) {
    if (!b.past && b.kind === "hp") cues.push({ key: b.key, selector: `[data-testid="bar-${b.side}"] .hp`, motion: "hp" });
  }
  for (const { v, event } of log) {
    if (event.type === "round_lost") cues.push({ key: `round:${v}:${event.round}:${event.seat}`, selector: ".round-banner", motion: "round" });
    // The game's result box rises the same way.
    if (event.type === "game_over") cues.push({ key: `game:${v}`, selector: '[data-testid="result"]', motion: "round" });
  }
  return cues;
}

/** Plays each cue once, when it first appears; those present on the first render only mark themselves seen. */
export function useBoardMotion(fx: BoardFx, log: readonly LogEntry[], board: RefObject<HTMLElement | null>) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    const cues = motionCues(fx, log);
    if (!seen.current) {
      seen.current = new Set(cues.map((c) => c.key));
      return;
    }
    for (const c of cues) {
      if (seen.current.has(c.key)) continue;
      seen.current.add(c.key);
      play(board.current?.querySelector(c.selector), c.motion);
    }
  }, [fx, log, board]);
}
