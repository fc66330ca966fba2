// Hand-built free-for-all views (issue 16), typed by the generated bindings like the server's frames.
import type { AttackPreview } from "../gen/AttackPreview";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import type { PlayerView } from "../gen/PlayerView";
import type { Seat } from "../gen/Seat";
import { card, faceDown, hero, player } from "./fixtures";

export const SEATS: Seat[] = ["A", "B", "C", "D", "E", "F"];
export const NAMES: Partial<Record<Seat, string>> = { A: "Alice", B: "Bob", C: "Carol", D: "Dave", E: "Erin", F: "Frank" };

/** Hidden cards that only their owner may see: a hand card per seat, named so a leak is easy to find. */
export const SECRET: Record<Seat, string> = { A: "pyrogem", B: "stun", C: "chaser", D: "gull", E: "rotate", F: "hornet" };

function seatPlayer(seat: Seat, viewer: Seat | null, over: Partial<PlayerView> = {}): PlayerView {
  const own = viewer === seat;
  return {
    ...player(seat, { hp: 45, rounds_won: 0 }),
    hand: own ? [card(SECRET[seat], 1)] : null, hand_count: own ? null : 1,
    bench: null, bench_count: 0,
    ...over,
  };
}

export function ffaView(n: number, viewer: Seat | null, over: Partial<MatchView> = {}, players: Partial<Record<Seat, Partial<PlayerView>>> = {}): MatchView {
  const seats = SEATS.slice(0, n);
  return {
    viewer: viewer ? { seat: viewer } : "spectator", round: 1, turn: 7, active: "A", first_player: "A", phase: "play", first_turn: false,
    players: seats.map((s) => seatPlayer(s, viewer, players[s])),
    pending: { seat: "A", window: "main" }, choices: null, trigger_choices: null, outcome: null, rounds: [],
    attack_preview: null, damage_due: null, hp_prices: null,
    ...over,
  };
}

/**
 * Three players, A to play: MP-10 lets A's left hero attack B's right hero, the right hero C's left hero, and the
 * center hero B's or C's center hero; C's left hero is face down to A.
 */
export const THREE_PREVIEW: AttackPreview[] = [
  { hero: "left", defender: "B", target: "right", atk: 4, def: 1, damage: 3 },
  { hero: "center", defender: "B", target: "center", atk: 5, def: 1, damage: 4 },
  { hero: "center", defender: "C", target: "center", atk: 5, def: 3, damage: 2 },
  { hero: "right", defender: "C", target: "left", atk: 2, def: null, damage: null },
];

export const THREE_LEGAL: Intent[] = [
  { type: "declare_attack", attackers: [{ hero: "left", target: "right", defender: "B" }] },
  { type: "declare_attack", attackers: [{ hero: "center", target: "center", defender: "B" }] },
  { type: "declare_attack", attackers: [{ hero: "center", target: "center", defender: "C" }] },
  { type: "declare_attack", attackers: [{ hero: "left", target: "right", defender: "B" }, { hero: "center", target: "center", defender: "C" }] },
  { type: "declare_attack", attackers: [{ hero: "right", target: "left", defender: "C" }] },
  { type: "end_turn" },
  { type: "concede" },
];

export function threeView(): MatchView {
  return ffaView(3, "A", { attack_preview: THREE_PREVIEW }, {
    C: { heroes: [faceDown("left"), hero("center", "devin", "Devin"), hero("right", "elaine", "Elaine"), hero("back", "matthew", "Matthew")] },
  });
}
