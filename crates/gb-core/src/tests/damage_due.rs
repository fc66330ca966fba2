//! Over random matches: while the defender answers an attack (CR 204.4), every viewer's `damage_due` lists the
//! hit being asked about first and the hits still to come, their total is their sum, and when the defender takes
//! every hit with nothing in between that could change them, the HP lost to the attack is exactly the first total.
use super::{match_count, start};
use crate::api::{apply, legal_intents, owed_seat};
use crate::event::Event;
use crate::frames::{AskKind, Frame};
use crate::ids::Viewer;
use crate::intent::Intent;
use crate::playout::RandomPolicy;
use crate::view::view_for;

#[test]
fn damage_due_is_the_whole_attack_and_what_taking_it_costs() {
    let (mut asked, mut compared) = (0usize, 0usize);
    for seed in 0..match_count(10_000) / 20 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        // The total announced at an attack's first question, and the attack damage taken since; `None` once
        // something (a block, an effect, an action, the round ending) may make them differ.
        let mut attack: Option<(u16, u16)> = None;
        while let Some(seat) = owed_seat(&state) {
            let view = view_for(&state, Viewer::Seat(seat));
            let ask = match state.frames.last() {
                Some(Frame::Ask { kind: AskKind::AttackDamage { attacker, target, damage }, .. }) => {
                    Some((*attacker, *target, *damage))
                }
                _ => None,
            };
            for viewer in [Viewer::Seat(state.table().standard_opponent(seat)), Viewer::Spectator] {
                assert_eq!(view_for(&state, viewer).damage_due, view.damage_due, "seed {seed}: public");
            }
            match (ask, &view.damage_due) {
                (None, due) => assert_eq!(due, &None, "seed {seed}: only while a hit is asked about"),
                (Some((attacker, target, damage)), None) => panic!("seed {seed}: {attacker:?}→{target:?} {damage}"),
                (Some((attacker, target, damage)), Some(due)) => {
                    asked += 1;
                    assert_eq!(due.seat, seat, "seed {seed}: the defender answers");
                    let first = due.hits[0];
                    assert_eq!((first.attacker, first.target, first.damage), (attacker, target, damage), "seed {seed}");
                    assert_eq!(due.total, due.hits.iter().map(|h| h.damage).sum::<u16>(), "seed {seed}");
                    attack = attack.or(Some((due.total, 0)));
                }
            }
            let legal = legal_intents(&state, seat);
            let mut intent = policy.pick(&legal);
            if ask.is_some() && intent != Intent::AcceptDamage && legal.contains(&Intent::AcceptDamage) {
                // Take most hits, so whole attacks are taken often enough to compare.
                if seed % 3 != 0 {
                    intent = Intent::AcceptDamage;
                }
            }
            let events = apply(&mut state, seat, &intent).expect("legal");
            for e in events.0.iter() {
                match e {
                    Event::Damage { amount, attack: true, .. } => {
                        if let Some((_, taken)) = attack.as_mut() {
                            *taken += amount;
                        }
                    }
                    Event::AttackEnded { .. } => {
                        if let Some((total, taken)) = attack.take() {
                            assert_eq!(taken, total, "seed {seed}: the attack cost what was announced");
                            compared += 1;
                        }
                    }
                    Event::DeblendedToBlock { .. }
                    | Event::AttackBlocked { .. }
                    | Event::EffectResolving { .. }
                    | Event::ActionPlayed { .. }
                    | Event::RoundLost { .. }
                    | Event::GameOver { .. } => attack = None,
                    _ => {}
                }
            }
        }
    }
    assert!(asked > 0 && compared > 0, "hits asked {asked}, attacks compared {compared}");
}
