// Card names by catalogue slug. Since protocol 4 a `CardView` on the wire is `{id, card}` only: the name would
// repeat what the slug already says (issue 14, ≈ 16 bytes a card in most update frames). The names come from the
// same gb-core data the server compiles in (like the preconstructed decks, precon.ts), so they are known before
// GET /api/cards answers and every view and event can be named synchronously.
import cards from "../../crates/gb-core/data/cards.json";

const NAMES: ReadonlyMap<string, string> = new Map(
  (cards as { cards: { id: string; name: string }[] }).cards.map((c) => [c.id, c.name]),
);

/** The printed name of the card a `CardView` (or anything naming a slug in `card`) shows; the slug itself for a
 * card this build does not know (a newer server), so nothing renders empty. */
export function cardName(c: { card: string }): string {
  return NAMES.get(c.card) ?? c.card;
}
