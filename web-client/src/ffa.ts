// The free-for-all (MP-1) as the client reads it from the generated types in `src/gen`: a view with more than
// two players. Its fields (`PlayerView.eliminated` and `meter_passed`, `AttackPreview.defender`,
// `MatchView.places`) are optional and absent in the two-player game, whose frames are unchanged.
import type { MatchView } from "./gen/MatchView";
import type { Seat } from "./gen/Seat";

/** The rulebook's free-for-all (MP-1): more than two players; the view carries no format field. */
export function isFreeForAll(view: MatchView): boolean {
  return view.players.length > 2;
}

/** Starting HP: 20 (CR 206.3) or 45 in the free-for-all (MP-2); the HP bar's full length. */
export function startingHp(view: MatchView): number {
  return isFreeForAll(view) ? 45 : 20;
}

/** The seats still in the match, in seat order (MP-24). */
export function livingSeats(view: MatchView): Seat[] {
  return view.players.filter((p) => !p.eliminated).map((p) => p.seat);
}

/** "1st", "2nd", "3rd", "4th"… for places (MP-24, MP-30). */
export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${s}`;
}
