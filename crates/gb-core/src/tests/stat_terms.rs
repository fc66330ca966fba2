//! Over random matches: every visible hero's ATK/DEF terms sum exactly to the ATK/DEF its view shows, and that is
//! the value the engine uses (with "while attacking" bonuses exactly while the hero is attacking, CR 203.1h).
use super::{match_count, start};
use crate::api::{apply, legal_intents, owed_seat};
use crate::event::{Event, Events};
use crate::ids::{Position, Viewer};
use crate::playout::RandomPolicy;
use crate::state::MatchState;
use crate::stats::{self, Stat, StatTerm};
use crate::view::view_for;

fn sum(terms: &[StatTerm]) -> i32 {
    terms.iter().map(|t| t.amount).sum()
}

fn check_terms(state: &MatchState, seed: u64) {
    for seat in state.table().seats() {
        let view = view_for(state, Viewer::Seat(seat));
        for (hero, pos) in view.players[seat.index()].heroes.iter().zip(Position::ALL) {
            let attacking = stats::attack_defender(state, seat, pos);
            let atk = stats::current(state, seat, pos, Stat::Atk, attacking);
            let def = stats::current(state, seat, pos, Stat::Def, attacking);
            assert_eq!(hero.atk, Some(atk), "seed {seed}: {seat:?} {pos:?} ATK");
            assert_eq!(hero.def, Some(def), "seed {seed}: {seat:?} {pos:?} DEF");
            assert_eq!(sum(&hero.atk_terms), atk as i32, "seed {seed}: {seat:?} {pos:?} {:?}", hero.atk_terms);
            assert_eq!(sum(&hero.def_terms), def as i32, "seed {seed}: {seat:?} {pos:?} {:?}", hero.def_terms);
            // The first term is always the written stat's source: the hero or its blend.
            assert!(hero.atk_terms.first().is_some_and(|t| t.card.is_some()), "seed {seed}: {:?}", hero.atk_terms);
        }
    }
}

/// The ATK and DEF an attack's damage was calculated with are the ones the views show at that moment.
fn check_damage_calculation(state: &MatchState, events: &Events, seed: u64) {
    for e in events.0.iter() {
        if let Event::AttackDamageCalculated { seat, attacker, target, defender, atk, def, .. } = e {
            let view = view_for(state, Viewer::Spectator);
            let defender = defender.unwrap_or_else(|| state.table().standard_opponent(*seat));
            let shown_atk = view.players[seat.index()].heroes[*attacker as usize].atk;
            let shown_def = view.players[defender.index()].heroes[*target as usize].def;
            assert_eq!(shown_atk, Some(*atk), "seed {seed}: attacking ATK shown");
            assert_eq!(shown_def, Some(*def), "seed {seed}: defending DEF shown");
        }
    }
}

#[test]
fn every_heros_terms_sum_to_its_atk_and_def() {
    let (mut checked, mut attacks) = (0usize, 0usize);
    for seed in 0..match_count(10_000) / 20 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        while let Some(seat) = owed_seat(&state) {
            let intent = policy.pick(&legal_intents(&state, seat));
            let events = apply(&mut state, seat, &intent).unwrap();
            check_terms(&state, seed);
            checked += 1;
            if events.0.iter().any(|e| matches!(e, Event::AttackDamageCalculated { .. })) {
                check_damage_calculation(&state, &events, seed);
                attacks += 1;
            }
        }
    }
    assert!(checked > 1000 && attacks > 50, "too few states ({checked}) or attacks ({attacks}) checked");
}
