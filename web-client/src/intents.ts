// Intent selection helpers: everything the board highlights or enables is read from the server's `legal`
// list. No game rules live here, only lookups in that list.
import type { AttackerDecl } from "./gen/AttackerDecl";
import type { CardId } from "./gen/CardId";
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import type { Position } from "./gen/Position";
import type { Seat } from "./gen/Seat";

export type IntentOf<T extends Intent["type"]> = Extract<Intent, { type: T }>;

export function ofType<T extends Intent["type"]>(legal: Intent[], type: T): IntentOf<T>[] {
  return legal.filter((i): i is IntentOf<T> => i.type === type);
}

export function first<T extends Intent["type"]>(legal: Intent[], type: T): IntentOf<T> | undefined {
  return ofType(legal, type)[0];
}

/**
 * Whose side is drawn at the bottom: the viewer's seat, or seat A for spectators. `opp` is the two-player game's
 * opponent; a free-for-all board places every seat with `table.ts`.
 */
export function perspective(view: MatchView): { me: Seat; opp: Seat; spectator: boolean } {
  const spectator = view.viewer === "spectator";
  const me: Seat = view.viewer === "spectator" ? "A" : view.viewer.seat;
  return { me, opp: me === "A" ? "B" : "A", spectator };
}

const SEAT_ORDER: readonly Seat[] = ["A", "B", "C", "D", "E", "F"];

/** A seat's index in `view.players` and in the clocks' per-seat lists (seat order). */
export function seatIndex(seat: Seat): number {
  return SEAT_ORDER.indexOf(seat);
}

/** The seat's player in a view (players are in seat order). */
export function playerAt<P>(players: readonly P[], seat: Seat): P {
  const p = players[seatIndex(seat)];
  if (p === undefined) throw new Error(`no seat ${seat} in this match`);
  return p;
}

/** Hand cards that some legal intent plays (gem, blend or action). */
export function playableCards(legal: Intent[]): Set<CardId> {
  const out = new Set<CardId>();
  for (const i of legal) {
    if (i.type === "play_gem" || i.type === "play_blend" || i.type === "play_action") out.add(i.card);
  }
  return out;
}

/** The heroes a hand card may be played onto, with the intent for each. */
export function cardTargets(legal: Intent[], card: CardId): Map<Position, Intent> {
  const out = new Map<Position, Intent>();
  for (const i of legal) {
    if ((i.type === "play_gem" || i.type === "play_blend") && i.card === card) out.set(i.hero, i);
  }
  return out;
}

export function actionIntent(legal: Intent[], card: CardId): IntentOf<"play_action"> | undefined {
  return ofType(legal, "play_action").find((i) => i.card === card);
}

export function deblendable(legal: Intent[]): Set<Position> {
  return new Set(ofType(legal, "deblend").map((i) => i.hero));
}

/**
 * For each own hero declared in some legal attack, the (defender, target) pairs it may attack, in listed order;
 * `defender` is set only in the free-for-all (MP-10).
 */
export function attackChoices(legal: Intent[]): Map<Position, AttackerDecl[]> {
  const out = new Map<Position, AttackerDecl[]>();
  for (const i of ofType(legal, "declare_attack")) {
    for (const a of i.attackers) {
      const list = out.get(a.hero) ?? [];
      if (!list.some((x) => x.target === a.target && x.defender === a.defender)) list.push(a);
      out.set(a.hero, list);
    }
  }
  return out;
}

/** For each own hero that appears as an attacker in some legal declaration, the targets it may attack. */
export function attackOptions(legal: Intent[]): Map<Position, Position[]> {
  const out = new Map<Position, Position[]>();
  for (const [hero, list] of attackChoices(legal)) out.set(hero, [...new Set(list.map((a) => a.target))]);
  return out;
}

function declKey(d: AttackerDecl[]): string {
  return d.map((a) => `${a.defender ?? ""}:${a.hero}>${a.target}`).sort().join(",");
}

/** The legal declaration equal (in any order) to the attackers picked so far, if there is one. */
export function findAttack(legal: Intent[], picked: AttackerDecl[]): IntentOf<"declare_attack"> | undefined {
  if (picked.length === 0) return undefined;
  const key = declKey(picked);
  return ofType(legal, "declare_attack").find((i) => declKey(i.attackers) === key);
}

/**
 * Adds, retargets or removes one attacker in a draft declaration; `defender` names the defending seat in the
 * free-for-all (MP-10) and is left out in the two-player game, whose declarations have none.
 */
export function toggleAttacker(picked: AttackerDecl[], hero: Position, target: Position, defender?: Seat | null): AttackerDecl[] {
  const existing = picked.find((a) => a.hero === hero);
  if (existing && existing.target === target && (existing.defender ?? null) === (defender ?? null)) return picked.filter((a) => a.hero !== hero);
  const decl: AttackerDecl = defender ? { hero, target, defender } : { hero, target };
  return [...picked.filter((a) => a.hero !== hero), decl];
}

export function substituteOptions(legal: Intent[]): IntentOf<"substitute">[] {
  return ofType(legal, "substitute");
}

/** What to highlight for a selected hand card (or none): playable cards, and heroes it may go onto. */
export function highlights(legal: Intent[], selected: CardId | null): { cards: Set<CardId>; heroes: Set<Position> } {
  return {
    cards: playableCards(legal),
    heroes: selected === null ? new Set() : new Set(cardTargets(legal, selected).keys()),
  };
}

/** True if the only thing this seat may do is concede (it does not owe a decision). */
export function idle(legal: Intent[]): boolean {
  return legal.every((i) => i.type === "concede");
}

export function sameIntent(a: Intent, b: Intent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Own heroes whose activated effect may be used now (`use_effect`). */
export function usableEffects(legal: Intent[]): Set<Position> {
  return new Set(ofType(legal, "use_effect").map((i) => i.hero));
}

/** The `choose_hero` answers of an effect question, keyed `seat:position`. */
export function heroChoices(legal: Intent[]): Map<string, IntentOf<"choose_hero">> {
  return new Map(ofType(legal, "choose_hero").map((i) => [heroKey(i.seat, i.hero), i]));
}

export function heroKey(seat: Seat, hero: Position): string {
  return `${seat}:${hero}`;
}

/**
 * Timed actions offered outside the main window (attack windows, attack-damage question, action response):
 * there the `play_action` intents are offered as buttons rather than through hand selection.
 */
export function timedActions(view: MatchView, legal: Intent[]): IntentOf<"play_action">[] {
  const d = view.pending;
  if (!d || ("window" in d && d.window === "main")) return [];
  return ofType(legal, "play_action");
}
