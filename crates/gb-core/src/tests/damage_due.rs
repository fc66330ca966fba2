//! Over random matches: while the defender answers an attack (CR 204.4), every viewer's `damage_due` lists the
//! hit being asked about first and the hits still to come, their total is their sum, and when the defender takes
//! every hit with nothing in between that could change them, the HP lost to the attack is exactly the first total.
//! Two seats, and three: each defender is told only the hits on their own heroes (MP-13), and loses their total.
use super::match_count;
use super::tables::RandomTable;
use crate::event::Event;
use crate::frames::{AskKind, Frame};
use crate::ids::{Seat, Viewer};
use crate::intent::Intent;
use crate::view::view_for;

#[test]
fn damage_due_is_the_whole_attack_and_what_taking_it_costs() {
    damage_due_is_what_taking_it_costs(2);
}

#[test]
fn damage_due_is_each_defenders_part_of_the_attack_at_three_seats() {
    damage_due_is_what_taking_it_costs(3);
}

fn damage_due_is_what_taking_it_costs(seats: usize) {
    let (mut asked, mut compared) = (0usize, 0usize);
    for seed in 0..match_count(10_000) / 20 {
        let mut table = RandomTable::new(seed, seats);
        // Per defender: the total announced at their first question, and the attack damage they took since;
        // forgotten once something (a block, an effect, an action, the round ending) may make them differ.
        let mut attack: Vec<(Seat, u16, u16)> = Vec::new();
        // The events since the first question, for a failure's message.
        let mut since: Vec<String> = Vec::new();
        while let Some((seat, mut intent)) = table.next() {
            let state = &table.state;
            let view = view_for(state, Viewer::Seat(seat));
            let ask = match state.frames.last() {
                Some(Frame::Ask { kind: AskKind::AttackDamage { attacker, target, damage }, .. }) => {
                    Some((*attacker, *target, *damage))
                }
                _ => None,
            };
            let others = state.table().seats().filter(|s| *s != seat).map(Viewer::Seat);
            for viewer in others.chain([Viewer::Spectator]) {
                assert_eq!(view_for(state, viewer).damage_due, view.damage_due, "seed {seed}: public");
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
                    if !attack.iter().any(|(s, ..)| *s == seat) {
                        attack.push((seat, due.total, 0));
                    }
                }
            }
            let legal = table.last_legal();
            if ask.is_some() && intent != Intent::AcceptDamage && legal.contains(&Intent::AcceptDamage) {
                // Take most hits, so whole attacks are taken often enough to compare.
                if seed % 3 != 0 {
                    intent = Intent::AcceptDamage;
                }
            }
            let events = table.play(seat, intent);
            if !attack.is_empty() {
                since.extend(events.0.iter().map(|e| format!("{e:?}")));
            }
            for e in events.0.iter() {
                match e {
                    Event::Damage { seat: hit, amount, attack: true, .. } => {
                        if let Some((_, _, taken)) = attack.iter_mut().find(|(s, ..)| s == hit) {
                            *taken += amount;
                        }
                    }
                    Event::AttackEnded { .. } => {
                        for (defender, total, taken) in attack.drain(..) {
                            assert_eq!(taken, total, "seed {seed}: {defender:?}'s part cost what was announced: {since:#?}");
                            compared += 1;
                        }
                    }
                    Event::DeblendedToBlock { .. }
                    | Event::AttackBlocked { .. }
                    | Event::EffectResolving { .. }
                    | Event::ActionPlayed { .. }
                    | Event::RoundLost { .. }
                    | Event::GameOver { .. }
                    // The HP lost stops at 0, and the defender leaves the match (MP-23).
                    | Event::Eliminated { .. } => attack.clear(),
                    _ => {}
                }
            }
            if attack.is_empty() {
                since.clear();
            }
        }
    }
    assert!(asked > 0 && compared > 0, "hits asked {asked}, attacks compared {compared}");
}
