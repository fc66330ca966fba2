//! Information-set sampling for bots: a world consistent with everything one seat may know, with every card hidden
//! from that seat dealt afresh from the seat's own knowledge (its own cards) and its belief about the opponent. The
//! true hidden cards are overwritten, never read, and the world gets its own random stream, so a bot that plans on
//! sampled worlds learns nothing a player at the table could not know.
use crate::cards::{CardDefId, CardKind, catalogue};
use crate::effects::resolve::Prompt;
use crate::frames::{AskKind, Frame};
use crate::ids::{Position, Seat};
use crate::rng::MatchRng;
use crate::state::MatchState;

/// What a seat believes the opponent may hold: main-deck cards (with repeats as weights) and heroes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Belief {
    pub main: Vec<CardDefId>,
    pub heroes: Vec<CardDefId>,
}

impl Belief {
    /// Knowing nothing: every main-deck card of the catalogue equally likely, basic gems weighted as a typical
    /// deck holds them (about three gems for every other card).
    pub fn uninformed() -> Belief {
        let mut main = Vec::new();
        let mut heroes = Vec::new();
        for id in catalogue().ids() {
            match id.def().kind {
                CardKind::Hero => heroes.push(id),
                CardKind::Gem => main.extend(std::iter::repeat_n(id, 9)),
                _ => main.push(id),
            }
        }
        Belief { main, heroes }
    }
}

/// A copy of `state` in which everything hidden from `seat` is re-dealt: its own deck in a random order (it knows
/// the contents, not the order, CR 403.2b; unless it is searching it), and every other player's hand, deck, bench and face-down heroes drawn
/// from `belief`. Counts, public zones, the pending decision and the seat's own hand stay as they are.
pub fn sample_world(state: &MatchState, seat: Seat, belief: &Belief, rng: &mut MatchRng) -> MatchState {
    let mut world = state.clone();
    // While the seat searches its deck it looks through it (CR 619.1), and its options name the deck's cards: the
    // deck is then not hidden from it and stays as it is.
    let searching = matches!(
        state.frames.last(),
        Some(Frame::Ask { seat: s, kind: AskKind::Effect { prompt: Prompt::SearchDeck, .. } }) if *s == seat
    );
    if !searching {
        rng.shuffle(&mut world.player_mut(seat).deck);
    }

    // Every other seat's hidden zones (plan step 12: one belief for all of them), in seat order so a seed gives
    // one world; an eliminated seat's too, though nothing reads them again (MP-23).
    for other in (0..state.table().seat_count()).filter_map(Seat::from_index).filter(|s| *s != seat) {
        redeal(world.player_mut(other), belief, rng);
    }
    // The real stream decides the real future; the world gets one of its own.
    world.rng = MatchRng::new(((rng.below(u32::MAX) as u64) << 32) | rng.below(u32::MAX) as u64);
    world
}

/// Re-deals one other player's hidden cards from `belief`: hand, deck, face-down heroes and bench.
fn redeal(p: &mut crate::state::PlayerState, belief: &Belief, rng: &mut MatchRng) {
    let pick = |pool: &[CardDefId], rng: &mut MatchRng| pool[rng.below(pool.len() as u32) as usize];
    for card in p.hand.iter_mut().chain(p.deck.iter_mut()) {
        card.def = pick(&belief.main, rng);
    }
    // Hidden heroes must differ from each other and from the heroes already seen on that field (CR 101.2).
    let mut taken: Vec<CardDefId> = p.field.iter().filter(|h| !h.face_down).map(|h| h.card.def).collect();
    let mut candidates: Vec<CardDefId> = belief.heroes.iter().copied().filter(|h| !taken.contains(h)).collect();
    rng.shuffle(&mut candidates);
    let mut next_hero = |taken: &mut Vec<CardDefId>| {
        let h = candidates.pop().unwrap_or(belief.heroes[0]);
        taken.push(h);
        h
    };
    for pos in Position::ALL {
        if p.field[pos.index()].face_down {
            p.field[pos.index()].card.def = next_hero(&mut taken);
        }
    }
    for card in p.bench.iter_mut() {
        card.def = next_hero(&mut taken);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::Viewer;
    use crate::invariants::seated;
    use crate::tests::tables::RandomTable;
    use crate::view::view_for;

    /// Every other seat's hidden truth changed: hands and decks to one card, face-down heroes and benches swapped
    /// among themselves (every count and handle kept).
    fn other_truth(state: &MatchState, seat: Seat) -> MatchState {
        let mut other = state.clone();
        for s in seated(state).filter(|s| *s != seat) {
            let p = other.player_mut(s);
            for c in p.hand.iter_mut().chain(p.deck.iter_mut()) {
                c.def = crate::cards::card("Rotate");
            }
            let down: Vec<usize> = (0..4).filter(|i| p.field[*i].face_down).collect();
            let mut heroes: Vec<CardDefId> = down.iter().map(|i| p.field[*i].card.def).collect();
            heroes.extend(p.bench.iter().map(|c| c.def));
            heroes.rotate_left(1);
            for (i, h) in down.iter().zip(&heroes) {
                p.field[*i].card.def = *h;
            }
            for (c, h) in p.bench.iter_mut().zip(&heroes[down.len()..]) {
                c.def = *h;
            }
        }
        other
    }

    /// At 2, 3, 4 and 6 seats, somewhere in a random match (concessions and eliminations included): a world
    /// sampled for the owed seat looks exactly the same to it, and does not depend on any other player's true
    /// hidden cards (hands, decks, face-down heroes, bench), which are re-dealt from the belief, never read.
    #[test]
    fn a_sampled_world_keeps_the_seats_view_and_ignores_every_other_seats_hidden_truth() {
        for seats in [2, 3, 4, 6] {
            for seed in 0..40 {
                let mut table = RandomTable::tenth_conceding(seed, seats);
                for _ in 0..(seed * 37 % 400) {
                    table.step();
                }
                let state = &table.state;
                let seat = crate::api::owed_seat(state).unwrap_or(Seat::A);
                let belief = Belief::uninformed();
                let world = sample_world(state, seat, &belief, &mut MatchRng::new(seed));
                let json = |s: &MatchState| serde_json::to_string(&view_for(s, Viewer::Seat(seat))).unwrap();
                assert_eq!(json(&world), json(state), "{seats} seats, seed {seed}");
                let world2 = sample_world(&other_truth(state, seat), seat, &belief, &mut MatchRng::new(seed));
                assert!(world2 == world, "{seats} seats, seed {seed}: the sample read another seat's hidden cards");
            }
        }
    }
}
