//! The opponent model: the uninformed catalogue prior, with cards the opponent has already shown in public
//! zones (discard, action meter, gems, blends, attachments) weighted up, since decks repeat cards.
use gb_core::cards::CardKind;
use gb_core::worlds::Belief;
use gb_core::{MatchView, Seat};

/// Extra copies per sighting: a card seen once is likely to have siblings still in the deck.
const SEEN_WEIGHT: usize = 6;

pub(crate) fn belief_from_view(view: &MatchView, seat: Seat) -> Belief {
    let mut belief = Belief::uninformed();
    // Every other player's public cards: one belief for all of them (plan step 12; decks repeat cards).
    for opp in view.players.iter().filter(|p| p.seat != seat) {
        let seen = opp
            .discard
            .iter()
            .chain(opp.action_meter.iter())
            .chain(opp.heroes.iter().flat_map(|h| h.gems.iter().chain(h.attached.iter()).chain(h.blend.iter())));
        for card in seen {
            let id = card.card.0;
            if id.def().kind != CardKind::Hero {
                belief.main.extend(std::iter::repeat_n(id, SEEN_WEIGHT));
            }
        }
    }
    belief
}
