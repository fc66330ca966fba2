// The free-for-all's view fields (issue 16; docs/design/multiplayer-engine.md section 6), as narrow local types
// until the regenerated bindings in `src/gen` carry them. Every one is optional and absent in the two-player game,
// whose frames are unchanged. When `src/gen` has them, each alias below becomes the generated type (one line each)
// and `asTable` loses its reason to exist.
import type { AttackPreview } from "./gen/AttackPreview";
import type { CardView } from "./gen/CardView";
import type { CreateRoom } from "./gen/CreateRoom";
import type { AttackerDecl } from "./gen/AttackerDecl";
import type { MatchView } from "./gen/MatchView";
import type { PlayerView } from "./gen/PlayerView";
import type { Seat } from "./gen/Seat";

/** A player out of the match (MP-24): their place (the first of four out is 4th), the turn, and why. */
export interface Elimination {
  place: number;
  turn: number;
  reason: string;
}

/** `PlayerView` with `eliminated` (MP-24) and the meter thresholds already passed, `[30]` or `[30, 15]` (MP-20). */
export type FfaPlayer = PlayerView & { eliminated?: Elimination | null; meter_passed?: number[] | null };
/** `AttackPreview` with the defending seat of the target (MP-10). */
export type FfaPreview = AttackPreview & { defender?: Seat | null };
/** `AttackerDecl` with the defending seat, required in the free-for-all (MP-10, `defender_required`). */
export type FfaDecl = AttackerDecl & { defender?: Seat | null };
/** `MatchView` for N seats: the players in seat order, `format`, and `places` once the match is over (MP-30). */
export type FfaView = Omit<MatchView, "players" | "attack_preview"> & {
  players: FfaPlayer[];
  attack_preview: FfaPreview[] | null;
  format?: "free_for_all" | null;
  places?: Seat[] | null;
};

/** The free-for-all's new events (plan section 6): a player out (MP-24), a meter emptied at a threshold (MP-20). */
export type FfaEvent =
  | { type: "eliminated"; seat: Seat; place: number; reason: string }
  | { type: "meter_emptied"; seat: Seat; below: number; cards: CardView[] };

/** `CreateRoom.seats` (plan section 9): left out for two; 3 to 6 is a free-for-all, one game (`best_of` 1). */
export type FfaCreateRoom = CreateRoom & { seats?: number };

/** The same view read with the free-for-all's fields (a two-player view has none of them). */
export function asTable(view: MatchView): FfaView {
  return view;
}

/** The rulebook's free-for-all (MP-1): the view says so, or it has more than two players. */
export function isFreeForAll(view: MatchView): boolean {
  const t = asTable(view);
  return t.format === "free_for_all" || t.players.length > 2;
}

/** Starting HP: 20 (CR 206.3) or 45 in the free-for-all (MP-2); the HP bar's full length. */
export function startingHp(view: MatchView): number {
  return isFreeForAll(view) ? 45 : 20;
}

export function playerOf(view: MatchView, seat: Seat): FfaPlayer | undefined {
  return asTable(view).players.find((p) => p.seat === seat);
}

/** The seats still in the match, in seat order (MP-24). */
export function livingSeats(view: MatchView): Seat[] {
  return asTable(view).players.filter((p) => !p.eliminated).map((p) => p.seat);
}

/** "1st", "2nd", "3rd", "4th"… for places (MP-24, MP-30). */
export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${s}`;
}
