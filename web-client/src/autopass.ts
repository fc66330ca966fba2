// Fewer empty clicks: when a player has exactly one legal move besides conceding — pass a response window,
// take the attack damage, keep their heroes, the only hero an effect can name — the client makes it for them,
// unless "full control" is on (as in MTG Arena). The client decides nothing: it sends the single legal intent.
// A whole attack's damage is one answer: "Take N damage" (N from the engine's `damage_due`) takes every hit.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import { hpPrice } from "./prices";

/** Ending the turn stays a click even when it is the only move: the player may want to look first. */
const NEVER_AUTOMATIC = new Set<Intent["type"]>(["end_turn", "concede"]);

/** The intent to send for the viewer, or null when there is a real choice (or nothing owed). */
export function forcedIntent(view: MatchView, legal: Intent[]): Intent | null {
  if (view.outcome || view.viewer === "spectator" || view.pending?.seat !== view.viewer.seat) return null;
  const real = legal.filter((i) => i.type !== "concede");
  const only = real.length === 1 ? real[0] : undefined;
  // An intent with an HP price is never made for the player: it waits for a confirmation (prices.ts).
  if (!only || NEVER_AUTOMATIC.has(only.type) || hpPrice(view, only)) return null;
  return only;
}

const KEY = "gb.fullControl";

/** The "full control" switch, remembered across visits (off by default). */
export function useFullControl(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(KEY) === "1");
  return [on, (v) => {
    localStorage.setItem(KEY, v ? "1" : "0");
    setOn(v);
  }];
}

/**
 * After "Take N damage" for a whole attack (one damage dialog per attack), the remaining hits of that attack are
 * taken too: the accept the player already chose, sent for each further hit of the same turn's attack.
 */
export function plannedIntent(view: MatchView, legal: Intent[], wholeAttackTurn: number | null): Intent | null {
  if (wholeAttackTurn !== view.turn || view.outcome || view.viewer === "spectator") return null;
  const p = view.pending;
  if (p?.seat !== view.viewer.seat || !("ask" in p) || p.ask.type !== "attack_damage") return null;
  return legal.find((i) => i.type === "accept_damage") ?? null;
}

/**
 * Sends the planned or forced intent of each new version once, after a short pause so the board change is seen
 * first. `live` is false while an intent is in flight or the socket is down. Full control turns off forced
 * intents, never what the player planned.
 */
export function useAutoPass(view: MatchView | null, version: number | null, legal: Intent[], live: boolean, fullControl: boolean, wholeAttackTurn: number | null, send: (i: Intent) => void): void {
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!view || version === null || !live || done.current === version) return;
    const intent = plannedIntent(view, legal, wholeAttackTurn) ?? (fullControl ? null : forcedIntent(view, legal));
    if (!intent) return;
    const t = setTimeout(() => {
      done.current = version;
      send(intent);
    }, 350);
    return () => clearTimeout(t);
  }, [view, version, legal, live, fullControl, wholeAttackTurn, send]);
}
