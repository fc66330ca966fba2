//! The opponent model: the uninformed catalogue prior, with cards the opponent has already shown in public
//! zones (discard, action meter, gems, blends, attachments) weighted up, since decks repeat cards.
use gb_core::cards::CardKind;
use gb_core::worlds::Belief;
use gb_core::{MatchView, Seat};

/// Extra copies per sighting: a card seen once is likely to have siblings still in the deck.
const SEEN_WEIGHT: usize = 6;

pub fn belief_from_view(view: &MatchView, seat: Seat) -> Belief {
    let mut belief = Belief::uninformed();
    // A view holds the two-player game's two players (plan step 8 gives it one per seat).
    let opp = &view.players[gb_core::Table::STANDARD.standard_opponent(seat).index()];
    let heroes = opp.heroes.iter();
    let seen = opp
        .discard
        .iter()
        .chain(opp.action_meter.iter())
        .chain(heroes.clone().flat_map(|h| h.gems.iter().chain(h.attached.iter()).chain(h.blend.iter())));
    for card in seen {
        let id = card.card.0;
        if id.def().kind != CardKind::Hero {
            belief.main.extend(std::iter::repeat_n(id, SEEN_WEIGHT));
        }
    }
    belief
}
