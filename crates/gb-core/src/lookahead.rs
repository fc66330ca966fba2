//! Cheap questions a player looking ahead asks thousands of times per decision (the bots' rollouts, issue 14):
//! a whole side's ATK and DEF from one pass over its field, and whether the pending decision is a play phase
//! without listing its intents. The answers are exactly those of `stats::atk`, `stats::def`,
//! `stats::attacking_atk` and of `legal_intents` ending with `EndTurn`; asking hero by hero works the seat's
//! field out again for every stat (`Field::of`, CR 300.5f, 614), which was a third of a search bot's time.
use crate::effects::field::Field;
use crate::frames::WindowKind;
use crate::ids::{Position, Seat};
use crate::state::MatchState;
use crate::stats::{Stat, both_in, current_in};
use crate::view::{Decision, PendingView, pending};

/// One seat's current stats (CR 605.1), indexed by `Position::index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideStats {
    pub atk: [u16; 4],
    pub def: [u16; 4],
    /// ATK while attacking (CR 203.1h), for the frontline only (left, center, right): the back hero never
    /// attacks (CR 203.1c).
    pub attacking_atk: [u16; 3],
}

/// `seat`'s heroes' ATK, DEF and attacking ATK, with the seat's field worked out once.
pub fn side_stats(state: &MatchState, seat: Seat) -> SideStats {
    let field = Field::of(state, seat);
    // ATK and DEF from one pass per hero (`stats::both_in`, as the view does); attacking ATK needs the
    // "while attacking" terms on top (CR 203.1h).
    let both = Position::ALL.map(|p| both_in(state, &field, p, false, |_| {}, |_| {}));
    SideStats {
        atk: both.map(|h| h.atk),
        def: both.map(|h| h.def),
        attacking_atk: Position::FRONTLINE.map(|p| current_in(state, &field, p, Stat::Atk, true)),
    }
}

/// Whether a seat owes a play-phase decision now (CR 202), the one window that offers `EndTurn`; the same
/// answer as listing the owed seat's intents and looking for `EndTurn`, without the listing.
pub fn at_play_phase(state: &MatchState) -> bool {
    !state.is_over() && matches!(pending(state), Some(PendingView { decision: Decision::Window(WindowKind::Main), .. }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{apply, legal_intents, owed_seat};
    use crate::decks::preconstructed;
    use crate::intent::Intent;
    use crate::playout::RandomPolicy;
    use crate::setup::{MatchSetup, new_match};
    use crate::stats;

    /// Over random matches of every shipped deck pairing, after every intent: one pass gives each hero's
    /// stats exactly as asking hero by hero does, and the play-phase test agrees with the legal list.
    #[test]
    fn one_pass_agrees_with_hero_by_hero() {
        let decks = preconstructed();
        let (mut positions, mut play_phases) = (0, 0);
        for seed in 0..crate::tests::match_count(24) {
            let setup = MatchSetup {
                decks: vec![decks[seed as usize % 4].1.clone(), decks[(seed as usize / 4 + 1) % 4].1.clone()],
                seed: seed.into(),
            };
            let mut state = new_match(&setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Some(seat) = owed_seat(&state) {
                for side in state.table().seats() {
                    let s = side_stats(&state, side);
                    for p in Position::ALL {
                        assert_eq!(s.atk[p.index()], stats::atk(&state, side, p));
                        assert_eq!(s.def[p.index()], stats::def(&state, side, p));
                    }
                    for (k, p) in Position::FRONTLINE.into_iter().enumerate() {
                        assert_eq!(s.attacking_atk[k], stats::attacking_atk(&state, side, p));
                    }
                }
                let legal = legal_intents(&state, seat);
                let offers_end = legal.contains(&Intent::EndTurn);
                assert_eq!(at_play_phase(&state), offers_end, "{legal:?}");
                positions += 1;
                play_phases += usize::from(offers_end);
                let intent = policy.pick(&legal);
                apply(&mut state, seat, &intent).unwrap();
            }
            assert!(!at_play_phase(&state), "a finished game owes no play phase");
        }
        assert!(positions > 1000 && play_phases > 100, "{positions} positions, {play_phases} play phases");
    }
}
