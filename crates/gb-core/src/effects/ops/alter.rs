//! Steps that alter heroes for a while: bonuses, effect removal (Stun, Ghost), copied effects (Reflector,
//! Catalyst Controller), Invert, and Block Attack (CR 500.6, 500.9, 623, 624.1c).
use crate::effects::program::EffectTarget;
use crate::effects::resolve::{Answer, EffectFrame, Flow, Prompt};
use crate::effects::{AlterKind, HeroKey, Until, alter};
use crate::event::{Event, Events};
use crate::frames::{AskKind, Frame};
use crate::ids::Position;
use crate::state::MatchState;

fn end_of_turn(state: &MatchState) -> Until {
    Until::EndOfTurn(state.turn.number)
}

/// Diamond Driller, Chaser: "+N attack for the remainder of your turn", to this hero (and its partner).
pub(super) fn bonus(state: &mut MatchState, f: &mut EffectFrame, atk: i8, with_partner: bool) -> Flow {
    let until = end_of_turn(state);
    if let Some(hero) = f.hero {
        alter(state, hero, AlterKind::Atk(atk), until, f.effect);
    }
    if let (true, Some(partner)) = (with_partner, f.ctx.partner) {
        alter(state, partner, AlterKind::Atk(atk), until, f.effect);
    }
    Flow::Next
}

/// "This hero's LV rises (falls) by N for the remainder of the turn": an alteration of the hero, which never
/// deblends it (CR 302.7) and matters the next time it blends (CR 302.7a).
pub(super) fn change_level(state: &mut MatchState, f: &mut EffectFrame, amount: i8, ev: &mut Events) -> Flow {
    let (Some(hero), Some(pos)) = (f.hero, f.source_position(state)) else { return Flow::Next };
    let until = end_of_turn(state);
    alter(state, hero, AlterKind::Level(amount), until, f.effect);
    let level = crate::effects::level(state, f.controller, pos);
    ev.push(Event::LevelChanged { seat: f.controller, hero: pos, level });
    Flow::Next
}

/// Stun, Ghost: "treat that hero as if it has no effect until your next turn"; the alteration stays with that
/// hero wherever it goes (CR 500.9a–b, 621.4).
pub(super) fn remove_effect(
    state: &mut MatchState,
    f: &mut EffectFrame,
    target: EffectTarget,
    ev: &mut Events,
) -> Flow {
    let me = f.controller;
    // MP-38: one hero of one living opponent, named by the answer (`choices.rs` offers only those). Ghost's back
    // hero is asked for only when there are several opponents; with one there is nothing to choose.
    let mut opponents = state.table.opponents(me);
    let (opponent, pos) = match (target, f.take_answer()) {
        (_, Some(Answer::Hero(s, p))) => (s, p),
        (EffectTarget::OpponentBack, _) if opponents.len() == 1 => (opponents.next().expect("one"), Position::Back),
        _ if opponents.len() > 0 => return Flow::Ask(me, Prompt::RemoveEffectTarget),
        _ => return Flow::Next,
    };
    let hero = HeroKey::at(state, opponent, pos);
    alter(state, hero, AlterKind::NoEffect, Until::NextTurnOf(me), f.effect);
    ev.push(Event::EffectRemoved { seat: opponent, hero: pos });
    Flow::Next
}

/// Reflector, Catalyst Controller: "replace this effect with the effect of …" for the remainder of your turn.
pub(super) fn copy_effect(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    let copied = match f.take_answer() {
        Some(Answer::Card(id)) => state.player(me).discard.iter().find(|c| c.id == id).map(|c| c.def),
        Some(Answer::Hero(s, p)) => Some(state.hero(s, p).card.def),
        _ => return Flow::Ask(me, Prompt::CopyFrom),
    };
    let (Some(copied), Some(hero), Some(pos)) = (copied, f.hero, f.source_position(state)) else { return Flow::Stop };
    let h = state.hero(me, pos);
    let source = h.blend.map(|b| b.def).unwrap_or(h.card.def);
    let until = end_of_turn(state);
    alter(state, hero, AlterKind::Copy { source, copied }, until, f.effect);
    ev.push(Event::EffectCopied { seat: me, hero: pos, card: copied.name() });
    Flow::Next
}

/// Invert: switch the written ATK and DEF of one of your heroes for the remainder of the turn.
pub(super) fn invert_written(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    let Some(Answer::Hero(_, pos)) = f.take_answer() else { return Flow::Ask(me, Prompt::InvertTarget) };
    let hero = HeroKey::at(state, me, pos);
    let until = end_of_turn(state);
    alter(state, hero, AlterKind::InvertWritten, until, f.effect);
    ev.push(Event::Inverted { seat: me, hero: pos });
    Flow::Next
}

/// Block Attack: the damage being answered becomes 0 and that attacker may not attack for the rest of the turn.
pub(super) fn block_attack_damage(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    // MP-40: "that hero" is the attacking hero, and only the active player attacks (CR 203).
    let attacker_seat = state.turn.active;
    let ask = state.frames.iter_mut().rev().find_map(|fr| match fr {
        Frame::Ask { kind: AskKind::AttackDamage { attacker, damage, .. }, .. } => Some((attacker, damage)),
        _ => None,
    });
    if let Some((attacker, damage)) = ask {
        *damage = 0;
        let attacker = *attacker;
        let hero = HeroKey::at(state, attacker_seat, attacker);
        let until = end_of_turn(state);
        alter(state, hero, AlterKind::CannotAttack, until, f.effect);
        ev.push(Event::AttackBlocked { seat: attacker_seat, attacker });
    }
    Flow::Next
}
