// Keyboard shortcuts on the match board (listed in How to play): H the hand, B the board (your heroes), P the
// prompt, 1–9 pick a hand card (and jump to the first hero it can be played on), arrow keys move between heroes
// (or along the hand), Enter on a highlighted hero plays the picked card there (or chooses it). Selecting the
// third card and playing it on the first hero it fits is two presses: "3", Enter.
// Single-key shortcuts can be turned off (WCAG 2.1.4), from How to play; the choice is kept in localStorage.
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import type { RefObject } from "preact";

const KEY = "gb.keys";

export function shortcutsOn(storage: Pick<Storage, "getItem"> | null = safeStorage()): boolean {
  try { return storage?.getItem(KEY) !== "off"; } catch { return true; }
}

export function setShortcuts(on: boolean, storage: Pick<Storage, "setItem"> | null = safeStorage()) {
  try { storage?.setItem(KEY, on ? "on" : "off"); } catch { /* not remembered */ }
}

function safeStorage(): Storage | null {
  try { return typeof localStorage === "undefined" ? null : localStorage; } catch { return null; }
}

export type Direction = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown";
interface Box { left: number; top: number; width: number; height: number }

/**
 * The candidate nearest to `from` in direction `dir`, by the centres of their boxes as drawn (so it follows the
 * diamonds' layout at any width, and the table's in the free-for-all): straight ahead counts more than sideways.
 */
export function nearest<T>(from: Box, candidates: { item: T; box: Box }[], dir: Direction): T | null {
  const cx = from.left + from.width / 2;
  const cy = from.top + from.height / 2;
  let best: T | null = null;
  let bestScore = Infinity;
  for (const { item, box } of candidates) {
    const dx = box.left + box.width / 2 - cx;
    const dy = box.top + box.height / 2 - cy;
    const ahead = dir === "ArrowLeft" ? -dx : dir === "ArrowRight" ? dx : dir === "ArrowUp" ? -dy : dy;
    const side = dir === "ArrowLeft" || dir === "ArrowRight" ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 1) continue;
    const score = ahead + 2 * side;
    if (score < bestScore) { bestScore = score; best = item; }
  }
  return best;
}

const TYPING = "input, textarea, select, [contenteditable='true']";
const enabled = (el: Element) => !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true";

/** Focuses `el` (one that is not focusable by itself is made focusable by script only); whether it could. */
function focus(el: Element | null | undefined): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.tabIndex < 0 && !el.hasAttribute("tabindex")) el.tabIndex = -1;
  el.focus();
  return true;
}

/** Where the picked card goes: the first hero it can be played on, else its "Play …" button (an action). */
export function focusTarget(root: HTMLElement): boolean {
  return focus(root.querySelector('.hero[data-side="me"][data-drop="1"]'))
    || focus([...root.querySelectorAll<HTMLButtonElement>(".actions button.primary")].find((b) => enabled(b) && /^Play /.test(b.textContent ?? "")));
}

export interface BoardKeys {
  /** Picks the n-th card of the hand (1-based); returns whether it was picked (it is playable). */
  pick: (n: number) => boolean;
}

/** The board's side of the shortcuts: picking a card returns it (null when it cannot be played now). */
export interface BoardPick<Id> { pick: (n: number) => Id | null }

/** Handles one key press on the board; returns whether it was a shortcut (and the browser's default is skipped). */
export function boardKey(e: Pick<KeyboardEvent, "key" | "target" | "ctrlKey" | "metaKey" | "altKey">, root: HTMLElement, keys: BoardKeys): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const target = e.target instanceof Element ? e.target : null;
  if (target?.closest(TYPING)) return false;
  const hand = [...root.querySelectorAll<HTMLElement>(".hand .hand-card")];
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  switch (key) {
    case "h": return focus(hand.find((b) => b.classList.contains("selected")) ?? hand.find((b) => b.classList.contains("playable")) ?? hand[0]);
    case "b": return focus(root.querySelector('.hero[data-side="me"][data-drop="1"]') ?? root.querySelector('.hero[data-side="me"]'));
    case "p": {
      const buttons = [...root.querySelectorAll(".ask button, .price-confirm button, .actions button")].filter(enabled);
      return focus(buttons[0] ?? root.querySelector('[data-testid="pending"]'));
    }
    case "Enter": {
      // Enter on a hero plays the picked card on it, or chooses it; on a button it is the button's own.
      const hero = target?.matches(".hero") ? target : null;
      const btn = hero?.querySelector<HTMLButtonElement>(".drop-btn, .choose-btn");
      if (!btn || !enabled(btn)) return false;
      btn.click();
      return true;
    }
    case "ArrowLeft": case "ArrowRight": case "ArrowUp": case "ArrowDown": {
      const inHand = target?.closest(".hand-card");
      const pool = inHand ? hand : target?.closest(".hero") ? [...root.querySelectorAll<HTMLElement>(".hero")] : null;
      if (!pool || !target) return false;
      const from = (inHand ?? target.closest(".hero")!) as HTMLElement;
      const next = nearest(from.getBoundingClientRect(), pool.filter((el) => el !== from).map((item) => ({ item, box: item.getBoundingClientRect() })), key);
      return focus(next);
    }
    default:
      if (/^[1-9]$/.test(key)) {
        const n = Number(key);
        if (n > hand.length) return false;
        if (!keys.pick(n)) focus(hand[n - 1]);
        return true;
      }
      return false;
  }
}

/**
 * The board's shortcuts while `root` is on the page. After a card is picked, focus moves to where it can go once
 * the board has drawn its targets (`selected` changes).
 */
export function useBoardKeys<Id>(root: RefObject<HTMLElement | null>, keys: BoardPick<Id>, selected: Id | null, active: boolean) {
  const latest = useRef({ keys, selected });
  latest.current = { keys, selected };
  const wantTarget = useRef(false);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      const el = root.current;
      if (!el || e.defaultPrevented || !shortcutsOn()) return;
      const picked = {
        pick: (n: number) => {
          const { keys, selected } = latest.current;
          const id = keys.pick(n);
          if (id === null) return false;
          // Already picked: its targets are drawn now; otherwise once the board has drawn them.
          if (id === selected) focusTarget(el);
          else wantTarget.current = true;
          return true;
        },
      };
      if (boardKey(e, el, picked)) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [root, active]);
  // A layout effect: focus lands in the same task as the render that drew the targets, not after the next paint
  // (which a busy machine can hold back, so a quick Enter would still act on the old focus).
  useLayoutEffect(() => {
    if (!wantTarget.current || selected === null || !root.current) return;
    wantTarget.current = false;
    focusTarget(root.current);
  }, [selected, root]);
}
