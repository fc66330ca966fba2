//! Over random matches: the attack preview lists exactly the one-hero attacks the engine would accept, only for
//! the player who may declare, hides what a face-down target hides, and predicts the damage the engine then
//! calculates (CR 204.3) whenever nothing resolves in between that could change it.
use super::{match_count, start};
use crate::api::{apply, legal_intents, owed_seat};
use crate::event::Event;
use crate::ids::{Position, Viewer};
use crate::intent::Intent;
use crate::playout::RandomPolicy;
use crate::view::view_for;
use std::collections::BTreeSet;

#[test]
fn the_attack_preview_matches_legality_and_the_damage_calculated() {
    let (mut declared, mut compared) = (0usize, 0usize);
    for seed in 0..match_count(10_000) / 20 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        // The damage previewed for each attacker of the attack just declared (hidden ones as `None`), dropped as
        // soon as an effect or action resolves, which may change ATK or DEF.
        let mut expected: Option<Vec<(Position, Position, Option<u16>)>> = None;
        while let Some(seat) = owed_seat(&state) {
            let legal = legal_intents(&state, seat);
            let singles: BTreeSet<(Position, Position)> = legal
                .iter()
                .filter_map(|i| match i {
                    Intent::DeclareAttack { attackers } if attackers.len() == 1 => {
                        Some((attackers[0].hero, attackers[0].target))
                    }
                    _ => None,
                })
                .collect();
            let view = view_for(&state, Viewer::Seat(seat));
            let preview = view.attack_preview.clone().unwrap_or_default();
            assert_eq!(preview.iter().map(|p| (p.hero, p.target)).collect::<BTreeSet<_>>(), singles, "seed {seed}");
            assert_eq!(
                view_for(&state, Viewer::Seat(state.table().standard_opponent(seat))).attack_preview,
                None,
                "seed {seed}: not the other seat's"
            );
            assert_eq!(view_for(&state, Viewer::Spectator).attack_preview, None, "seed {seed}: not a spectator's");
            for p in &preview {
                assert_eq!(
                    p.def.is_none(),
                    state.hero(state.table().standard_opponent(seat), p.target).face_down,
                    "seed {seed}: {p:?}"
                );
                assert_eq!(p.damage, p.def.map(|d| p.atk.saturating_sub(d)), "seed {seed}: {p:?}");
            }
            let intent = policy.pick(&legal);
            if let Intent::DeclareAttack { attackers } = &intent {
                declared += 1;
                let damage = |h, t| {
                    preview.iter().find(|p| p.hero == h && p.target == t).expect("declared pairs are previewed").damage
                };
                expected = Some(attackers.iter().map(|a| (a.hero, a.target, damage(a.hero, a.target))).collect());
            }
            let events = apply(&mut state, seat, &intent).expect("legal");
            for e in events.0.iter() {
                match e {
                    Event::EffectResolving { .. } | Event::EffectUsed { .. } | Event::ActionPlayed { .. } => {
                        expected = None
                    }
                    Event::AttackDamageCalculated { attacker, target, damage, .. } => {
                        let Some(exp) = &expected else { continue };
                        if let Some((_, _, Some(d))) = exp.iter().find(|(h, t, _)| h == attacker && t == target) {
                            assert_eq!(d, damage, "seed {seed}: {attacker:?} → {target:?}");
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
