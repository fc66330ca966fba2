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
    /// ATK while attacking (CR 203.1h) of each frontline hero (left, center, right; the back hero never attacks,
    /// CR 203.1c), by the defending seat's index, for the defenders its position relates it to (MP-10): the left
    /// hero's left opponent, the right hero's right opponent, every other living player for the center hero;
    /// `None` for any other seat. Per defender because Burn Fowl's and Pearl Deceptor's bonus depend on whom the
    /// hero attacks (MP-40). In the two-player game each hero has the one opponent.
    attacking_atk: [[Option<u16>; 6]; 3],
}

impl SideStats {
    /// The ATK of the hero at `pos` while attacking `defender`'s hero opposite it (CR 203.1h, 616.1a, MP-11), or
    /// `None` when its position gives it no hero of `defender`'s to attack (MP-10; Storm Weaver's extra targets,
    /// MP-37, are not counted) or it is the back hero.
    #[inline]
    pub fn attacking_atk(&self, pos: Position, defender: Seat) -> Option<u16> {
        let k = frontline_index(pos)?;
        self.attacking_atk[k][defender.index()]
    }
}

/// `pos`'s place in `Position::FRONTLINE`.
#[inline]
fn frontline_index(pos: Position) -> Option<usize> {
    match pos {
        Position::Left => Some(0),
        Position::Center => Some(1),
        Position::Right => Some(2),
        Position::Back => None,
    }
}

/// `seat`'s heroes' ATK, DEF and attacking ATK, with the seat's field worked out once. Allocation-free: a fixed
/// array per defender, the opposite heroes from `Table::opposite`'s iterator.
pub fn side_stats(state: &MatchState, seat: Seat) -> SideStats {
    let field = Field::of(state, seat);
    // ATK and DEF from one pass per hero (`stats::both_in`, as the view does); attacking ATK needs the
    // "while attacking" terms on top (CR 203.1h).
    let both = Position::each(|p| both_in(state, &field, p, None, |_| {}, |_| {}));
    let mut attacking_atk = [[None; 6]; 3];
    for (k, p) in Position::FRONTLINE.into_iter().enumerate() {
        // The heroes opposite this one are exactly those it may attack by position (MP-11): two-player, the one
        // opponent's hero across, so three stats per side as before.
        for (defender, _) in state.table.opposite(seat, p) {
            attacking_atk[k][defender.index()] = Some(current_in(state, &field, p, Stat::Atk, Some(defender)));
        }
    }
    SideStats { atk: both.map(|h| h.atk), def: both.map(|h| h.def), attacking_atk }
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

    /// Every side's one-pass stats against asking hero by hero; the attacking ATK against every seat of the table,
    /// `None` exactly where MP-10 relates the hero to no hero of that seat's.
    fn assert_one_pass(state: &MatchState) {
        let table = state.table();
        for side in table.seats() {
            let s = side_stats(state, side);
            for p in Position::ALL {
                assert_eq!(s.atk[p.index()], stats::atk(state, side, p));
                assert_eq!(s.def[p.index()], stats::def(state, side, p));
            }
            for p in Position::ALL {
                for defender in Seat::ALL {
                    let related = match p {
                        Position::Left => defender == table.left_of(side),
                        Position::Right => defender == table.right_of(side),
                        Position::Center => table.opponents(side).any(|o| o == defender),
                        Position::Back => false,
                    };
                    let expected = related.then(|| stats::attacking_atk(state, side, p, defender));
                    assert_eq!(s.attacking_atk(p, defender), expected, "{side:?}'s {p:?} hero against {defender:?}");
                }
            }
        }
    }

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
                chooser: None,
            };
            let mut state = new_match(&setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Some(seat) = owed_seat(&state) {
                assert_one_pass(&state);
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

    /// The same at tables of 3, 4 and 6, where each frontline hero relates to its own defenders (MP-10) and
    /// eliminations close the circle (MP-24): sampled positions of random matches played to the last one standing.
    #[test]
    fn one_pass_agrees_around_the_table() {
        let mut checked = 0;
        for seats in [3, 4, 6] {
            for seed in 0..crate::tests::match_count(24) / 4 {
                let mut state = crate::tests::start_for(seed, seats);
                let mut policy = RandomPolicy::new(seed);
                let mut steps = 0u32;
                while let Some(seat) = owed_seat(&state) {
                    if steps > 20_000 {
                        break;
                    }
                    if steps.is_multiple_of(7) {
                        assert_one_pass(&state);
                        checked += 1;
                    }
                    let legal: Vec<Intent> =
                        legal_intents(&state, seat).into_iter().filter(|i| *i != Intent::Concede).collect();
                    apply(&mut state, seat, &policy.pick(&legal)).unwrap();
                    steps += 1;
                }
            }
        }
        assert!(checked > 300, "only {checked} positions checked");
    }
}
