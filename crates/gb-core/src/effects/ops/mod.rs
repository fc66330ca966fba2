//! One small function per step kind of the effect vocabulary.
mod alter;
mod attach;
mod cards;
mod heroes;
mod movement;

pub(crate) use movement::pending_mooring_price;

use super::program::Op;
use super::resolve::{EffectFrame, Flow};
use crate::event::Events;
use crate::state::MatchState;

pub(crate) fn run(op: Op, state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    match op {
        Op::RevealTopKeepIf { filter } => cards::reveal_top_keep_if(state, f, filter, ev),
        Op::DiscardFromHand { .. } => cards::discard_from_hand(state, f, ev),
        Op::SearchDeck { count, .. } => cards::search_deck(state, f, count, ev),
        Op::Draw { count } => {
            state.draw(me, count as usize, ev);
            Flow::Next
        }
        Op::OpponentMayDraw { count } => cards::opponent_may_draw(state, f, count, ev),
        Op::ReturnDiscardedGem => cards::return_discarded_gem(state, f, ev),
        Op::DamageSelf { amount } => {
            state.damage(me, amount, false, ev);
            Flow::Next
        }
        Op::DamageSelfBlendLevel => {
            state.damage(me, f.ctx.level as u16, false, ev);
            Flow::Next
        }
        Op::DamageOpponent { amount } => {
            // "Their HP": the opponent the trigger names (Slip Knotter's blender MP-39, Virus's equipped hero's
            // controller MP-36, Gull's damaged opponent MP-40); nothing to a seat no longer living (MP-25).
            if let Some(opponent) = f.ctx.opponent(&state.table, me)
                && state.table.is_living(opponent)
            {
                state.effect_damage(Some(me), opponent, amount, ev);
            }
            Flow::Next
        }
        Op::AdditionalTurn => {
            state.turn.additional_turns[me.index()] += 1;
            Flow::Next
        }
        Op::GainHp { amount } => {
            state.gain_hp(me, amount, ev);
            Flow::Next
        }
        Op::DeblendSelf => heroes::deblend_self(state, f, ev),
        Op::ReturnBlendToHand => heroes::return_blend_to_hand(state, f, ev),
        Op::EquipFromHand => heroes::equip_from_hand(state, f, ev),
        Op::DiscardGemsOnSelf { gems } => heroes::discard_gems_on_self(state, f, gems, ev),
        Op::DiscardOpponentBlend => heroes::discard_opponent_blend(state, f, ev),
        Op::SwitchSelf => movement::switch(state, f, false, ev),
        Op::SwitchAny => movement::switch(state, f, true, ev),
        Op::Rotate => movement::rotate(state, f, ev),
        Op::BonusSelf { atk } => alter::bonus(state, f, atk, false),
        Op::BonusSelfAndPartner { atk } => alter::bonus(state, f, atk, true),
        Op::RemoveEffect { target } => alter::remove_effect(state, f, target, ev),
        Op::CopyEffect { .. } => alter::copy_effect(state, f, ev),
        Op::InvertWritten => alter::invert_written(state, f, ev),
        Op::BlockAttackDamage => alter::block_attack_damage(state, f, ev),
        Op::AttachTopOfDeck => attach::attach_top_of_deck(state, f, ev),
        Op::AttachFromHand => attach::attach_from_hand(state, f, ev),
        Op::GainHpPerFieldCard => attach::gain_hp_per_field_card(state, f, ev),
        Op::ChangeLevel { amount } => alter::change_level(state, f, amount, ev),
        Op::Arrange => movement::arrange(state, f, ev),
        Op::SubstituteOther => heroes::substitute_other(state, f, ev),
    }
}
