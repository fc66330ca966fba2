//! Over random matches: the attack preview lists exactly the one-hero attacks the engine would accept, only for
//! the player who may declare, hides what a face-down target hides, and predicts the damage the engine then
//! calculates (CR 204.3) whenever nothing resolves in between that could change it. Two seats, and three (every
//! target of MP-10 with its defender, the ATK against that defender, MP-40).
use super::match_count;
use super::tables::RandomTable;
use crate::event::Event;
use crate::ids::{Position, Seat, Viewer};
use crate::intent::Intent;
use crate::view::view_for;
use std::collections::BTreeSet;

#[test]
fn the_attack_preview_matches_legality_and_the_damage_calculated() {
    preview_matches(2);
}

#[test]
fn the_attack_preview_matches_legality_and_the_damage_calculated_at_three_seats() {
    preview_matches(3);
}

/// An attacker, its target and the defender a declaration names (`None` in the two-player game).
type Pair = (Position, Position, Option<Seat>);

fn preview_matches(seats: usize) {
    let (mut declared, mut compared) = (0usize, 0usize);
    for seed in 0..match_count(10_000) / 20 {
        let mut table = RandomTable::new(seed, seats);
        // The damage previewed for each attacker of the attack just declared (hidden ones as `None`), dropped as
        // soon as an effect or action resolves, which may change ATK or DEF.
        let mut expected: Option<Vec<(Pair, Option<u16>)>> = None;
        while let Some((seat, intent)) = table.next() {
            let (state, legal) = (&table.state, table.last_legal());
            let singles: BTreeSet<Pair> = legal
                .iter()
                .filter_map(|i| match i {
                    Intent::DeclareAttack { attackers } if attackers.len() == 1 => {
                        Some((attackers[0].hero, attackers[0].target, attackers[0].defender))
                    }
                    _ => None,
                })
                .collect();
            let view = view_for(state, Viewer::Seat(seat));
            let preview = view.attack_preview.clone().unwrap_or_default();
            let previewed = preview.iter().map(|p| (p.hero, p.target, p.defender)).collect::<BTreeSet<_>>();
            assert_eq!(previewed, singles, "seed {seed}");
            for other in state.table().seats().filter(|s| *s != seat) {
                let theirs = view_for(state, Viewer::Seat(other)).attack_preview;
                assert_eq!(theirs, None, "seed {seed}: not another seat's");
            }
            assert_eq!(view_for(state, Viewer::Spectator).attack_preview, None, "seed {seed}: not a spectator's");
            for p in &preview {
                let defender = p.defender.unwrap_or_else(|| state.table().standard_opponent(seat));
                assert_eq!(p.def.is_none(), state.hero(defender, p.target).face_down, "seed {seed}: {p:?}");
                assert_eq!(p.damage, p.def.map(|d| p.atk.saturating_sub(d)), "seed {seed}: {p:?}");
            }
            if let Intent::DeclareAttack { attackers } = &intent {
                declared += 1;
                let damage = |a: Pair| {
                    let p = preview.iter().find(|p| (p.hero, p.target, p.defender) == a);
                    p.expect("declared pairs are previewed").damage
                };
                expected =
                    Some(attackers.iter().map(|a| (a.hero, a.target, a.defender)).map(|a| (a, damage(a))).collect());
            }
            let events = table.play(seat, intent);
            for e in events.0.iter() {
                match e {
                    Event::EffectResolving { .. } | Event::EffectUsed { .. } | Event::ActionPlayed { .. } => {
                        expected = None
                    }
                    Event::AttackDamageCalculated { attacker, target, defender, damage, .. } => {
                        let Some(exp) = &expected else { continue };
                        if let Some((_, Some(d))) = exp.iter().find(|(a, _)| *a == (*attacker, *target, *defender)) {
                            assert_eq!(d, damage, "seed {seed}: {attacker:?} → {target:?} of {defender:?}");
                            compared += 1;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(declared > 0 && compared > 0, "attacks declared {declared}, damage compared {compared}");
}
