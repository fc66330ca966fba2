//! Answering the question asked: an additional attack's (CR 601.1a, `additional.rs`), an effect's (CR 501.3,
//! `effect.rs`), or which of the seat's simultaneous triggers resolves next (CR 501.4).
use crate::effects::field::LazyField;
use crate::effects::resolve;
use crate::event::Events;
use crate::frames::Frame;
use crate::ids::Seat;
use crate::intent::Intent;
use crate::intents::{Kind, additional, effect};
use crate::rejection::Rejection;
use crate::state::MatchState;

/// `accept`, `decline`, `choose_card`, `choose_hero`, `choose_direction`, `choose_trigger`.
pub(crate) struct Answer<'a> {
    pub(crate) intent: &'a Intent,
}

/// Which question the check found asked, and what the answer hands on.
pub(crate) enum Answered {
    Additional(additional::Asked, bool),
    /// The trigger's place in the current run of the batch below the question.
    Trigger(usize),
    Effect(Option<resolve::Answer>),
}

impl Answer<'_> {
    fn check_as(self, state: &MatchState, seat: Seat, listed: bool) -> Result<Answered, Rejection> {
        let intent = self.intent;
        // CR 601.1a: yes or no to an additional attack (anything else was refused between attacks, CR 204.5c).
        if matches!(intent, Intent::Accept | Intent::Decline)
            && let Some(asked) = additional::asked_of(state, seat)
        {
            return Ok(Answered::Additional(asked, *intent == Intent::Accept));
        }
        effect::check_answer(state, seat, intent, listed)?;
        let Intent::ChooseTrigger { trigger } = *intent else {
            return Ok(Answered::Effect(crate::effects::choices::answer_of(intent)));
        };
        match state.frames.iter().rev().nth(1) {
            Some(Frame::Triggers(batch)) => match batch.current().iter().position(|t| t.id == trigger) {
                Some(index) => Ok(Answered::Trigger(index)),
                None => Err(effect::not_an_option()),
            },
            _ => Err(effect::not_an_option()),
        }
    }
}

impl Kind for Answer<'_> {
    type Checked = Answered;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<Answered, Rejection> {
        self.check_as(state, seat, false)
    }
    fn check_listed(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<Answered, Rejection> {
        self.check_as(state, seat, true)
    }
    fn apply(answered: Answered, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        match answered {
            Answered::Additional(asked, accept) => additional::answer(state, seat, asked, accept, ev),
            Answered::Trigger(index) => crate::effects::choices::deliver_trigger(state, index),
            Answered::Effect(answer) => crate::effects::choices::deliver(state, answer),
        }
    }
}
