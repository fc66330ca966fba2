//! Resolving an effect: an `EffectFrame` steps through its program's steps; a step either finishes, or asks a
//! question (an `Ask` frame goes on top and the answer comes back into this frame), or ends the effect. A step
//! that loses its source still resolves from what it knew (CR 302.6b, 501.3c).
use super::program::{Op, Program};
use super::triggers::TriggerCtx;
use super::{HeroKey, program, record_use};
use crate::cards::CardDefId;
use crate::event::{Event, Events};
use crate::frames::{AskKind, Frame};
use crate::ids::{CardId, Position, Seat};
use crate::state::MatchState;
use serde::Serialize;

/// An answer given to an effect's question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Answer {
    Yes,
    No,
    Card(CardId),
    Hero(Seat, Position),
    Direction(bool),
}

/// What an effect asks (public: the question, never the hidden options).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[serde(rename_all = "snake_case")]
pub enum Prompt {
    /// "You may …": use it or not.
    MayUse,
    DiscardFromHand,
    /// Choose a card from your deck (CR 619), or find nothing.
    SearchDeck,
    EquipGemFromHand,
    EquipTarget,
    SwitchFirst,
    SwitchWith,
    /// Anchor: take the damage to switch anyway, or let the switch fail.
    PayMooring,
    OpponentBlendToDiscard,
    RemoveEffectTarget,
    RotateDirection,
    CopyFrom,
    InvertTarget,
    /// Shard Buster: the attacking player may draw.
    OpponentMayDraw,
    /// CR 501.4: which of your simultaneous effects resolves next.
    ChooseTrigger,
    /// A card from your hand to attach to this hero (CR 406).
    AttachFromHand,
    /// Arrange (CR 603.1): which hero goes to left, then center, then right; back takes the last one.
    ArrangeLeft,
    ArrangeCenter,
    ArrangeRight,
    /// Which of your other heroes is substituted out, then which bench hero comes in (CR 621).
    SubstituteOut,
    SubstituteIn,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct EffectFrame {
    pub controller: Seat,
    /// The hero whose effect this is; `None` for an action card.
    pub hero: Option<HeroKey>,
    /// The card whose program runs.
    pub effect: CardDefId,
    pub ctx: TriggerCtx,
    pub pc: u8,
    /// The "you may" of an optional trigger was asked and the use recorded.
    pub started: bool,
    /// Progress inside a step that asks several questions.
    pub stage: u8,
    pub answer: Option<Answer>,
    /// An earlier answer of the current step (Royal Buzzer's first hero, Usher's gem).
    pub picked: Option<Answer>,
    /// A second earlier answer (the hero a switch goes to while Anchor's price is asked).
    pub target: Option<Position>,
}

/// What a step did.
pub(crate) enum Flow {
    Next,
    Ask(Seat, Prompt),
    Stop,
}

impl EffectFrame {
    pub(crate) fn new(controller: Seat, hero: Option<HeroKey>, effect: CardDefId, ctx: TriggerCtx) -> Self {
        EffectFrame {
            controller,
            hero,
            effect,
            ctx,
            pc: 0,
            started: false,
            stage: 0,
            answer: None,
            picked: None,
            target: None,
        }
    }
    pub(crate) fn take_answer(&mut self) -> Option<Answer> {
        self.answer.take()
    }
    /// Where the source hero stands now (it may have moved; `None` if it left the field).
    pub(crate) fn source_position(&self, state: &MatchState) -> Option<Position> {
        self.hero.and_then(|h| h.position(state))
    }
    pub(crate) fn steps(&self) -> &'static [Op] {
        program(self.effect).map_or(&[], |p| p.steps())
    }
    pub(crate) fn current_op(&self) -> Option<Op> {
        self.steps().get(self.pc as usize).copied()
    }
}

pub(crate) fn ask(state: &mut MatchState, frame: EffectFrame, seat: Seat, prompt: Prompt) {
    let card = frame.effect.name();
    state.frames.push(Frame::Effect(frame));
    state.frames.push(Frame::Ask { seat, kind: AskKind::Effect { prompt, card } });
}

/// Runs the next piece of an effect.
pub(crate) fn step(state: &mut MatchState, mut frame: EffectFrame, ev: &mut Events) {
    if !frame.started {
        let optional = matches!(program(frame.effect), Some(Program::Trigger { optional: true, .. }));
        match frame.take_answer() {
            None if optional => {
                let seat = frame.controller;
                return ask(state, frame, seat, Prompt::MayUse);
            }
            Some(Answer::No) => return,
            _ => {}
        }
        frame.started = true;
        if let (Some(hero), Some(Program::Trigger { .. })) = (frame.hero, program(frame.effect)) {
            record_use(state, hero, frame.effect);
        }
        ev.push(Event::EffectResolving { seat: frame.controller, card: frame.effect.name() });
    }
    let Some(op) = frame.current_op() else { return };
    let flow = super::ops::run(op, state, &mut frame, ev);
    // MP-25, MP-26: the step eliminated this effect's controller (Ghost's own price, a draw from an empty deck):
    // the rest of the effect never happens.
    if !state.table.is_living(frame.controller) {
        return;
    }
    match flow {
        // MP-25: a question to an eliminated player is not asked; the effect goes on without that step.
        Flow::Ask(seat, _) if !state.table.is_living(seat) => next(state, frame),
        Flow::Next => next(state, frame),
        Flow::Ask(seat, prompt) => ask(state, frame, seat, prompt),
        Flow::Stop => {}
    }
}

/// On to the effect's next step, if it has one.
fn next(state: &mut MatchState, mut frame: EffectFrame) {
    frame.pc += 1;
    frame.stage = 0;
    frame.answer = None;
    frame.picked = None;
    frame.target = None;
    if (frame.pc as usize) < frame.steps().len() {
        state.frames.push(Frame::Effect(frame));
    }
}
