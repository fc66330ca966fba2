//! The attack: declaration (CR 203), the two declaration windows, dropping 0-ATK attackers (CR 204.1), "when this
//! hero is attacked" effects (CR 204.2), damage calculated for every attacker before any block (CR 204.3,
//! RULINGS.md on 204.4f), then the defender's choice per attacker: accept the damage, deblend-to-block (CR 204.4,
//! 610), or answer with a timed action (CR 623); "after this hero attacks" effects follow each attack (CR 204.5d).
//! Heroes with additional attacks then repeat CR 204 (`additional.rs`, CR 204.5, 601).
use crate::effects::field::LazyField;
use crate::effects::program::Static;
use crate::effects::triggers::{TriggerEvent, raise};
use crate::event::{DeblendReason, Event, Events};
use crate::frames::{AskKind, AttackFrame, AttackStage, AttackerState, Frame, WindowKind};
use crate::ids::{Position, Seat};
use crate::intent::AttackerDecl;
use crate::intents::{current_ask, not_asked, require_window};
use crate::rejection::Rejection;
use crate::state::MatchState;
use crate::stats::{self, Stat};

/// At most three targets, kept inline: legal intents and the view ask for them per hero and per declaration.
pub(crate) type Targets = smallvec::SmallVec<[Position; 3]>;

/// The opponent's heroes `hero` may attack: the opposite position hero (CR 204.3a, 616), and with Storm Weaver's
/// aura also the center from a side, or either side from the center (CR 204.4f). `statics` are those the hero
/// applies now, from the seat's `effects::field::Field`.
pub(crate) fn targets_with(hero: Position, statics: &[Static]) -> Targets {
    let mut out: Targets = hero.opposite().into_iter().collect();
    let aura = statics.iter().any(|s| matches!(s, Static::ExtraTargets(true)));
    if aura {
        match hero {
            Position::Center => out.extend([Position::Left, Position::Right]),
            Position::Left | Position::Right => out.push(Position::Center),
            Position::Back => {}
        }
    }
    out.sort();
    out
}

/// Whether `seat` may declare an attack at all now, whatever its attackers (CR 203.1, 200.9, 203.1a).
pub(crate) fn may_declare(state: &MatchState, seat: Seat) -> Result<(), Rejection> {
    require_window(state, seat, WindowKind::Main, "CR 203.1", "declaring an attack")?;
    if state.is_first_turn(seat) && seat == state.turn.first_player {
        return Err(Rejection::new(
            "first_turn_no_attack",
            "CR 200.9",
            "the player going first may not attack on their first turn",
        ));
    }
    if state.player(seat).attacked_this_turn {
        return Err(Rejection::new("already_attacked", "CR 203.1a", "you may declare only one attack per turn"));
    }
    Ok(())
}

/// Whether `attackers` may be declared (CR 203.1, 204.3a), against `seat`'s field, shared with the other
/// candidates of `legal_intents`.
pub(crate) fn check_declare_in(
    state: &MatchState,
    seat: Seat,
    attackers: &[AttackerDecl],
    field: &LazyField,
) -> Result<(), Rejection> {
    may_declare(state, seat)?;
    if attackers.is_empty() {
        return Err(Rejection::new("no_attackers", "CR 203.1b", "declare at least one attacking hero"));
    }
    for (i, a) in attackers.iter().enumerate() {
        if !a.hero.is_frontline() {
            return Err(Rejection::new("back_cannot_attack", "CR 203.1d", "back position heroes cannot attack"));
        }
        if crate::effects::cannot_attack(state, seat, a.hero) {
            return Err(Rejection::new(
                "hero_cannot_attack",
                "CR 623.2c",
                "that hero may not attack for the remainder of the turn",
            ));
        }
        if attackers[..i].iter().any(|b| b.hero == a.hero) {
            return Err(Rejection::new("attacker_twice", "CR 203.1b", "each hero can be declared as an attacker once"));
        }
        if !targets_with(a.hero, field.get().statics[a.hero.index()]).contains(&a.target) {
            return Err(Rejection::new(
                "not_a_target",
                "CR 204.3a",
                format!("your {} hero can only attack the opposite position hero", a.hero.label()),
            ));
        }
    }
    Ok(())
}

pub(crate) fn apply_declare(state: &mut MatchState, seat: Seat, attackers: &[AttackerDecl], ev: &mut Events) {
    let mut sorted: crate::intent::Attackers = attackers.into();
    sorted.sort();
    state.player_mut(seat).attacked_this_turn = true;
    ev.push(Event::AttackDeclared { seat, attackers: sorted.clone() });
    let attackers = sorted.iter().map(|a| AttackerState::declared(a.hero, a.target)).collect();
    state.frames.push(Frame::Attack(AttackFrame { seat, attackers, stage: AttackStage::AttackerWindow, blocked: 0 }));
}

pub(crate) fn step(state: &mut MatchState, mut attack: AttackFrame, ev: &mut Events) {
    let seat = attack.seat;
    // MP-10 (step 4): the defender the attack declares.
    let defender = state.table.standard_opponent(seat);
    // CR 206.1: a decided round ends the attack; nothing else it would do matters any more.
    if state.turn.round_loser.is_some() {
        ev.push(Event::AttackEnded { seat });
        return;
    }
    match attack.stage {
        AttackStage::AttackerWindow => {
            attack.stage = AttackStage::DefenderWindow;
            state.frames.push(Frame::Attack(attack));
            state.frames.push(Frame::Window { seat, kind: WindowKind::AttackerDeclared });
        }
        AttackStage::DefenderWindow => {
            attack.stage = AttackStage::WhenAttacked;
            state.frames.push(Frame::Attack(attack));
            state.frames.push(Frame::Window { seat: defender, kind: WindowKind::DefenderDeclared });
        }
        AttackStage::WhenAttacked => {
            // CR 204.1: heroes that still have 0 ATK do not resolve an attack; CR 204.2: then the "when this hero
            // is attacked" effects of the heroes the others attack. An additional attack repeats this (CR 204.5)
            // for the heroes that make it; the others are already dropped. The attacker's field is worked out once
            // for every attacker: raising a trigger only queues it (issue 14).
            let field = *LazyField::kept(state, seat).get();
            for a in attack.attackers.iter_mut().filter(|a| !a.dropped) {
                if stats::current_in(state, &field, a.hero, Stat::Atk, true) == 0 {
                    a.dropped = true;
                    ev.push(Event::AttackerDropped { seat, hero: a.hero });
                } else {
                    raise(state, TriggerEvent::Attacked { seat: defender, pos: a.target });
                }
            }
            attack.stage = AttackStage::Calculate;
            state.frames.push(Frame::Attack(attack));
        }
        AttackStage::Calculate => {
            // Both fields once for every attacker (`stats::attacking_atk`, `stats::def`; issue 14).
            let (mine, theirs) = (LazyField::kept(state, seat), LazyField::kept(state, defender));
            let (mine, theirs) = (mine.get(), theirs.get());
            for a in attack.attackers.iter_mut().filter(|a| !a.dropped) {
                let atk = stats::current_in(state, &mine, a.hero, Stat::Atk, true);
                let def = stats::current_in(state, &theirs, a.target, Stat::Def, false);
                a.damage = atk.saturating_sub(def);
                ev.push(Event::AttackDamageCalculated {
                    seat,
                    attacker: a.hero,
                    target: a.target,
                    atk,
                    def,
                    damage: a.damage,
                });
            }
            attack.stage = AttackStage::Damage(0);
            state.frames.push(Frame::Attack(attack));
        }
        AttackStage::Damage(i) => {
            let Some((idx, a)) = attack.attackers.iter().enumerate().skip(i as usize).find(|(_, a)| !a.dropped) else {
                // CR 601.1a: once this attack resolved, the attacker may make its heroes' additional attacks.
                if super::additional::any_left(state, &attack) {
                    attack.stage = AttackStage::Additional(0);
                    state.frames.push(Frame::Attack(attack));
                } else {
                    ev.push(Event::AttackEnded { seat });
                }
                return;
            };
            let a = *a;
            attack.stage = AttackStage::Damage(idx as u8 + 1);
            state.frames.push(Frame::Attack(attack));
            state.frames.push(Frame::Ask {
                seat: defender,
                kind: AskKind::AttackDamage { attacker: a.hero, target: a.target, damage: a.damage },
            });
        }
        AttackStage::Additional(i) => super::additional::step(state, attack, i, ev),
    }
}

fn damage_ask(state: &MatchState, seat: Seat) -> Result<(Position, Position, u16), Rejection> {
    match current_ask(state, seat) {
        Some(AskKind::AttackDamage { attacker, target, damage }) => Ok((attacker, target, damage)),
        _ => Err(not_asked("CR 204.4", "answering attack damage")),
    }
}

pub(crate) fn check_accept(state: &MatchState, seat: Seat) -> Result<(), Rejection> {
    damage_ask(state, seat).map(|_| ())
}

pub(crate) fn apply_accept(state: &mut MatchState, seat: Seat, ev: &mut Events) {
    let (attacker, _, damage) = damage_ask(state, seat).expect("checked");
    state.frames.pop();
    // CR 204.4a: net attack damage below 0 counts as 0 (RULINGS.md, attacker backlash: none).
    if damage > 0 {
        state.damage(seat, damage, true, ev);
    }
    // CR 204.5d: "after this hero attacks" effects resolve before the next attack.
    let attacking = state.table.standard_opponent(seat);
    raise(state, TriggerEvent::AfterAttack { seat: attacking, pos: attacker });
}

pub(crate) fn check_block(state: &MatchState, seat: Seat) -> Result<(), Rejection> {
    let (attacker, target, _) = damage_ask(state, seat)?;
    super::additional::check_one_block(state, attacker, target)?;
    if !state.hero(seat, target).is_blended() {
        return Err(Rejection::new("hero_not_blended", "CR 610.1b", "only a blended hero can deblend-to-block"));
    }
    Ok(())
}

pub(crate) fn apply_block(state: &mut MatchState, seat: Seat, ev: &mut Events) {
    let (attacker, target, _) = damage_ask(state, seat).expect("checked");
    state.frames.pop();
    super::additional::record_block(state, target);
    // CR 610.1c–d: only the blend goes, and only this attacker's damage is prevented.
    state.deblend(seat, target, DeblendReason::Block, ev);
    ev.push(Event::DeblendedToBlock { seat, hero: target, attacker });
    let attacking = state.table.standard_opponent(seat);
    raise(state, TriggerEvent::AfterAttack { seat: attacking, pos: attacker });
}
