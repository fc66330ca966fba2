//! `SeatState`: everything one seat may know, and nothing more. The true state is a private field of this
//! module, so bots (in other modules) can only reach it through the seat's view, its legal intents, or a world
//! re-dealt from the seat's knowledge.
use crate::belief::belief_from_view;
use gb_core::rng::MatchRng;
use gb_core::worlds::{Belief, sample_world};
use gb_core::{Intent, MatchState, MatchView, Seat, Viewer, legal_intents, view_for};

pub struct SeatState<'a> {
    // Private on purpose: reading it would let a bot see the opponent's hand.
    truth: &'a MatchState,
    seat: Seat,
    view: MatchView,
    legal: Vec<Intent>,
    belief: Belief,
}

impl<'a> SeatState<'a> {
    pub fn new(state: &'a MatchState, seat: Seat) -> Self {
        let view = view_for(state, Viewer::Seat(seat));
        let belief = belief_from_view(&view, seat);
        SeatState { truth: state, seat, legal: legal_intents(state, seat), view, belief }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What the seat sees (its own hand and bench, public zones, counts).
    pub fn view(&self) -> &MatchView {
        &self.view
    }

    /// Every intent the seat may submit now (ends with `Concede`).
    pub fn legal(&self) -> &[Intent] {
        &self.legal
    }

    /// The seat's belief about the opponent's hidden cards.
    pub fn belief(&self) -> &Belief {
        &self.belief
    }

    /// A full world consistent with the seat's knowledge: hidden cards re-dealt from its belief.
    pub fn sample_world(&self, rng: &mut MatchRng) -> MatchState {
        sample_world(self.truth, self.seat, &self.belief, rng)
    }
}

impl SeatState<'_> {
    /// The intent in `world` (sampled for this seat) that means the same as `intent` does at the real table.
    /// Usually the intent itself; a deck search (CR 619.1) may offer another copy of the same card in the
    /// sampled deck order, so a chosen card is matched by its catalogue slug.
    pub fn translate(&self, intent: &Intent, world: &MatchState, world_legal: &[Intent]) -> Option<Intent> {
        if world_legal.contains(intent) {
            return Some(intent.clone());
        }
        let Intent::ChooseCard { card } = intent else { return None };
        let slug = self.view.choices.as_ref()?.iter().find(|c| c.id == *card)?.card;
        let p = world.player(self.seat);
        world_legal
            .iter()
            .find(|i| match i {
                Intent::ChooseCard { card: c } => p
                    .hand
                    .iter()
                    .chain(p.deck.iter())
                    .chain(p.discard.iter())
                    .any(|x| x.id == *c && x.def.def().id == slug.slug()),
                _ => false,
            })
            .cloned()
    }
}
