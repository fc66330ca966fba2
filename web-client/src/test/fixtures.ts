// Hand-built MatchView fixtures that follow the generated types; used by unit tests and the board preview.
import type { CardView } from "../gen/CardView";
import type { HeroView } from "../gen/HeroView";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import type { PlayerView } from "../gen/PlayerView";
import type { Position } from "../gen/Position";
import type { Seat } from "../gen/Seat";
import type { SeatInfo } from "../gen/SeatInfo";
import { cardName } from "../cardname";

/** A person in `seat`, connected, no rematch asked; `over` adds what a test is about (a takeback, a claim time). */
export function seatInfo(seat: Seat, name: string, over: Partial<SeatInfo> = {}): SeatInfo {
  return { seat, display_name: name, connected: true, bot: false, bot_level: null, rematch: false, ...over } as SeatInfo;
}

let nextId = 100;
export function card(slug: string, id = nextId++): CardView {
  return { id, card: slug };
}

export function hero(position: Position, slug: string, name: string, over: Partial<HeroView> = {}): HeroView {
  const h: HeroView = {
    position, face_down: false, hero: card(slug), level: 3, atk: 2, def: 1, written_atk: 2, written_def: 1,
    atk_terms: [], def_terms: [], gems: [], invisible_gems: 0, blend: null, attached: [], effect: null, effect_removed: false, cannot_attack: false, ...over,
  };
  // Terms as the engine sends them: the written stat (of the blend, if any), then a bonus for any difference.
  const terms = (now: number | null, written: number | null): HeroView["atk_terms"] => {
    const from = h.blend ? cardName(h.blend) : name;
    const out: HeroView["atk_terms"] = [{ source: h.blend ? "blend" : "written", amount: written ?? 0, card: from }];
    if (now !== null && written !== null && now !== written) out.push({ source: "bonus", amount: now - written, card: null });
    return out;
  };
  return { ...h, atk_terms: over.atk_terms ?? terms(h.atk, h.written_atk), def_terms: over.def_terms ?? terms(h.def, h.written_def) };
}

export function faceDown(position: Position): HeroView {
  return { position, face_down: true, hero: null, level: null, atk: null, def: null, atk_terms: [], def_terms: [], written_atk: null, written_def: null, gems: [], invisible_gems: 0, blend: null, attached: [], effect: null, effect_removed: false, cannot_attack: false };
}

export function player(seat: Seat, over: Partial<PlayerView> = {}): PlayerView {
  return {
    seat, hp: 20, rounds_won: 0,
    heroes: [hero("left", "claire", "Claire"), hero("center", "beatrice", "Beatrice"), hero("right", "tara", "Tara"), hero("back", "kula", "Kula")],
    hand_count: 0, hand: null, deck_count: 40, discard: [], bench_count: 1, bench: null, action_meter: [], meter_slots: 5,
    mulliganed: false, allotted_gem_used: false, attacked_this_turn: false, ...over,
  };
}

/** Seat A's view in its main window: a gem, a blend and an action in hand. */
export const PYRO = card("pyrogem", 1);
export const CHASER = card("chaser", 2);
export const STUN = card("stun", 3);
export const BENCHED = card("carter", 4);

export function mainView(): MatchView {
  return {
    viewer: { seat: "A" }, round: 1, turn: 3, active: "A", first_player: "B", phase: "play", first_turn: false,
    players: [
      player("A", {
        hp: 17, hand: [PYRO, CHASER, STUN], hand_count: null, bench: [BENCHED], bench_count: null,
        heroes: [
          hero("left", "claire", "Claire", { gems: [card("aerogem")], atk: 3, written_atk: 3, def: 1 }),
          hero("center", "beatrice", "Beatrice", { level: 5, blend: card("hornet"), gems: [card("aerogem"), card("pyrogem"), card("electrogem")], atk: 4, written_atk: 3, def: 2 }),
          hero("right", "tara", "Tara"),
          hero("back", "kula", "Kula"),
        ],
        action_meter: [card("rotate")], discard: [card("gull")],
      }),
      player("B", {
        hp: 14, rounds_won: 1, hand_count: 5,
        heroes: [hero("left", "elaine", "Elaine"), hero("center", "devin", "Devin"), faceDown("right"), hero("back", "matthew", "Matthew")],
      }),
    ],
    pending: { seat: "A", window: "main" },
    choices: null,
    trigger_choices: null,
    attack_preview: null,
    damage_due: null,
    hp_prices: null,
    outcome: null,
    rounds: [],
  };
}

export const mainLegal: Intent[] = [
  { type: "play_gem", card: 1, hero: "left" },
  { type: "play_gem", card: 1, hero: "right" },
  { type: "play_blend", card: 2, hero: "left" },
  { type: "play_action", card: 3 },
  { type: "deblend", hero: "center" },
  { type: "declare_attack", attackers: [{ hero: "left", target: "right" }] },
  { type: "declare_attack", attackers: [{ hero: "center", target: "center" }] },
  { type: "declare_attack", attackers: [{ hero: "left", target: "right" }, { hero: "center", target: "center" }] },
  { type: "end_turn" },
  { type: "concede" },
];
