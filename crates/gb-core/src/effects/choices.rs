//! The options of an effect's question, computed when asked for and never stored (so a view can name the
//! question without leaking a hidden zone), and how an answer intent reaches the frame that asked.
use super::program::{CardFilter, CopySource, EffectTarget, Op};
use super::resolve::{Answer, EffectFrame, Prompt};
use crate::cards::{CardKind, GemType};
use crate::frames::Frame;
use crate::ids::{Position, Seat};
use crate::intent::Intent;
use crate::state::MatchState;

fn filter_of(op: Option<Op>) -> CardFilter {
    match op {
        Some(Op::DiscardFromHand { filter })
        | Some(Op::SearchDeck { filter, .. })
        | Some(Op::RevealTopKeepIf { filter }) => filter,
        _ => CardFilter::Gem,
    }
}

fn own_heroes(seat: Seat, except: Option<Position>) -> impl Iterator<Item = Intent> {
    Position::ALL.into_iter().filter(move |p| Some(*p) != except).map(move |hero| Intent::ChooseHero { seat, hero })
}

/// The heroes at `positions` of every living opponent of `seat` (MP-9.1), in turn order from `seat`'s left: one
/// choice names the hero and so the opponent.
fn opponents_heroes<'a>(
    state: &MatchState,
    seat: Seat,
    positions: &'a [Position],
) -> impl Iterator<Item = Intent> + 'a {
    state
        .table
        .opponents(seat)
        .flat_map(move |s| positions.iter().map(move |&hero| Intent::ChooseHero { seat: s, hero }))
}

/// Every answer `seat` may give to `prompt`, asked by the effect in `frame` (or the trigger batch below).
pub(crate) fn options(state: &MatchState, seat: Seat, prompt: Prompt, below: Option<&Frame>) -> Vec<Intent> {
    if let (Prompt::ChooseTrigger, Some(Frame::Triggers(batch))) = (prompt, below) {
        return batch.current().iter().map(|t| Intent::ChooseTrigger { trigger: t.id }).collect();
    }
    let Some(Frame::Effect(frame)) = below else { return Vec::new() };
    let p = state.player(seat);
    match prompt {
        Prompt::MayUse | Prompt::PayMooring | Prompt::OpponentMayDraw => vec![Intent::Accept, Intent::Decline],
        Prompt::DiscardFromHand | Prompt::EquipGemFromHand => {
            let filter =
                if prompt == Prompt::EquipGemFromHand { CardFilter::Gem } else { filter_of(frame.current_op()) };
            p.hand.iter().filter(|c| filter.matches(c.def.def())).map(|c| Intent::ChooseCard { card: c.id }).collect()
        }
        Prompt::SearchDeck => {
            // One option per distinct card, in catalogue order, so the list says nothing about deck order.
            let filter = filter_of(frame.current_op());
            let mut defs: Vec<_> = p.deck.iter().filter(|c| filter.matches(c.def.def())).map(|c| c.def).collect();
            defs.sort();
            defs.dedup();
            let mut out: Vec<Intent> = defs
                .into_iter()
                .map(|d| Intent::ChooseCard { card: p.deck.iter().find(|c| c.def == d).expect("present").id })
                .collect();
            out.push(Intent::Decline);
            out
        }
        Prompt::EquipTarget | Prompt::SwitchFirst | Prompt::InvertTarget => own_heroes(seat, None).collect(),
        Prompt::SwitchWith => {
            let first = match frame.picked {
                Some(Answer::Hero(_, pos)) => Some(pos),
                _ => frame.source_position(state),
            };
            own_heroes(seat, first).collect()
        }
        // MP-38: a blended hero of any living opponent (Combustion Boiler).
        Prompt::OpponentBlendToDiscard => opponents_heroes(state, seat, &Position::ALL)
            .filter(|i| matches!(i, Intent::ChooseHero { seat, hero } if state.hero(*seat, *hero).is_blended()))
            .collect(),
        // MP-38: a frontline hero of any living opponent (Stun), or, asked only with several opponents, any
        // opponent's back hero (Ghost).
        Prompt::RemoveEffectTarget => match frame.current_op() {
            Some(Op::RemoveEffect { target: EffectTarget::OpponentBack }) => {
                opponents_heroes(state, seat, &[Position::Back]).collect()
            }
            _ => opponents_heroes(state, seat, &Position::FRONTLINE).collect(),
        },
        Prompt::RotateDirection => {
            vec![Intent::ChooseDirection { clockwise: true }, Intent::ChooseDirection { clockwise: false }]
        }
        Prompt::CopyFrom => match frame.current_op() {
            Some(Op::CopyEffect { from: CopySource::NocturnagemBlendInDiscard }) => {
                nocturnagem_blends(state, seat).into_iter().map(|card| Intent::ChooseCard { card }).collect()
            }
            _ => Position::ALL
                .into_iter()
                .filter(|p| super::can_be_mirrored(state, seat, *p))
                .map(|hero| Intent::ChooseHero { seat, hero })
                .collect(),
        },
        Prompt::AttachFromHand => p.hand.iter().map(|c| Intent::ChooseCard { card: c.id }).collect(),
        // CR 603.1: any hero not yet placed, so each position is filled once.
        Prompt::ArrangeLeft | Prompt::ArrangeCenter | Prompt::ArrangeRight => Position::ALL
            .into_iter()
            .filter(|pos| pos.index() >= frame.stage as usize)
            .map(|hero| Intent::ChooseHero { seat, hero })
            .collect(),
        Prompt::SubstituteOut => own_heroes(seat, frame.source_position(state)).collect(),
        Prompt::SubstituteIn => p.bench.iter().map(|c| Intent::ChooseCard { card: c.id }).collect(),
        Prompt::ChooseTrigger => Vec::new(),
    }
}

/// Distinct Nocturnagem blends in the discard (Catalyst Controller), one handle each.
pub(crate) fn nocturnagem_blends(state: &MatchState, seat: Seat) -> Vec<crate::ids::CardId> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for c in &state.player(seat).discard {
        let d = c.def.def();
        if d.kind == CardKind::Blend && d.gems.contains(&GemType::Nocturnagem) && !seen.contains(&c.def) {
            seen.push(c.def);
            out.push(c.id);
        }
    }
    out
}

/// Turns an answer intent into an `Answer` for the frame below the question.
pub(crate) fn answer_of(intent: &Intent) -> Option<Answer> {
    match intent {
        Intent::Accept => Some(Answer::Yes),
        Intent::Decline => Some(Answer::No),
        Intent::ChooseCard { card } => Some(Answer::Card(*card)),
        Intent::ChooseHero { seat, hero } => Some(Answer::Hero(*seat, *hero)),
        Intent::ChooseDirection { clockwise } => Some(Answer::Direction(*clockwise)),
        _ => None,
    }
}

/// Hands the answer to the effect that asked (the frame directly below the question, which is popped first).
pub(crate) fn deliver(state: &mut MatchState, answer: Option<Answer>) {
    state.frames.pop();
    if let Some(Frame::Effect(frame)) = state.frames.last_mut() {
        frame.answer = answer;
    }
}

/// Resolves the trigger at `index` in the current run of the batch below the question, which is popped first
/// (CR 501.4).
pub(crate) fn deliver_trigger(state: &mut MatchState, index: usize) {
    state.frames.pop();
    if let Some(Frame::Triggers(batch)) = state.frames.last_mut() {
        let t = batch.take_at(index);
        state.frames.push(Frame::Effect(EffectFrame::new(t.controller, Some(t.hero), t.effect, t.ctx)));
    }
}
