//! Playing an action: into the action meter, a response window for each opponent (MP-16), then its effect
//! (CR 303.3, 401, 501.6). Timed actions are played in the windows their text names (CR 623).
use crate::cards::CardKind;
use crate::effects::field::LazyField;
use crate::effects::program::{Program, TimedWhen};
use crate::effects::resolve::EffectFrame;
use crate::effects::triggers::TriggerCtx;
use crate::event::{Event, Events};
use crate::frames::{ActionFrame, AskKind, Frame, WindowKind};
use crate::ids::{CardId, Seat};
use crate::intent::Intent;
use crate::intents::{Kind, require_window};
use crate::rejection::Rejection;
use crate::state::{Card, MatchState, PlayerState};

/// Which timed actions the current input frame allows `seat` to play (CR 623.2).
fn timed_window(state: &MatchState, seat: Seat) -> Option<TimedWhen> {
    match state.frames.last() {
        Some(Frame::Window { seat: s, kind: WindowKind::AttackerDeclared | WindowKind::DefenderDeclared })
            if *s == seat =>
        {
            Some(TimedWhen::AttackDeclared)
        }
        // CR 623.2c: only while attack damage would actually be received.
        Some(Frame::Ask { seat: s, kind: AskKind::AttackDamage { damage, .. } }) if *s == seat && *damage > 0 => {
            Some(TimedWhen::ReceivingAttackDamage)
        }
        _ => None,
    }
}

/// CR 303.3: put an action into the action meter, then apply it.
pub(crate) struct PlayAction {
    pub(crate) card: CardId,
}

/// The action's place in the hand, found by the check.
pub(crate) struct Playable {
    index: usize,
}

/// CR 623.2b: a timed action only in the moment its text names; CR 303.3b: a full meter takes none (a main window
/// candidate for `card` in hand).
#[inline]
pub(crate) fn candidates(p: &PlayerState, card: &Card, out: &mut Vec<Intent>) {
    if card.def.def().kind == CardKind::Action && !card.def.def().timed && !p.meter_full() {
        out.push(Intent::PlayAction { card: card.id })
    }
}

/// The timed actions in hand, for a window or a damage question to check (CR 623.2).
pub(crate) fn timed_candidates(state: &MatchState, seat: Seat, out: &mut Vec<Intent>) {
    for card in &state.player(seat).hand {
        if card.def.def().timed {
            out.push(Intent::PlayAction { card: card.id });
        }
    }
}

impl Kind for PlayAction {
    type Checked = Playable;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<Playable, Rejection> {
        let window = timed_window(state, seat);
        if window.is_none() {
            require_window(state, seat, WindowKind::Main, "CR 202.1", "playing an action")?;
        }
        let p = state.player(seat);
        let (index, c) = crate::intents::card_in_hand(state, seat, self.card)?;
        let def = c.def.def();
        if def.kind != CardKind::Action {
            return Err(Rejection::new("not_an_action", "CR 303.3", format!("{} is not an action", def.name)));
        }
        let when = match crate::effects::program(c.def) {
            Some(Program::TimedAction { when, .. }) => Some(*when),
            _ => None,
        };
        if window.is_some() && when != window {
            return Err(Rejection::new("not_now", "CR 623.2", format!("{} cannot be played at this moment", def.name)));
        }
        if window.is_none() && def.timed {
            return Err(Rejection::new(
                "timed_action_not_now",
                "CR 623.2b",
                format!("{} is a timed action and can only be played when its text says", def.name),
            ));
        }
        if p.meter_full() {
            return Err(Rejection::new("action_meter_full", "CR 303.3b", "your action meter is full"));
        }
        Ok(Playable { index })
    }
    fn apply(Playable { index }: Playable, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        let card = state.player_mut(seat).hand.remove(index);
        let card = state.fresh(card.def);
        let number = state.turn.number;
        let p = state.player_mut(seat);
        p.meter.push(card);
        p.last_action_turn = Some(number);
        ev.push(Event::ActionPlayed { seat, action: card.into() });
        // Timed actions go above the window or question they answer, which is open again once they resolved
        // (CR 623.4, RULINGS.md).
        state.frames.push(Frame::Action(ActionFrame { seat, card, prevented: false, responded: 0, resolved: false }));
    }
}

pub(crate) fn step(state: &mut MatchState, mut action: ActionFrame, ev: &mut Events) {
    if !action.resolved {
        // CR 501.6, MP-16: a window for each living opponent in turn order from the player's left, one at a time;
        // a timed action played in one goes above it, and the window opens again once it resolved (CR 623.4). Each
        // opens whatever that opponent holds, so its opening reveals nothing. The next is found by rank, so an
        // opponent eliminated meanwhile is skipped and nobody is asked twice.
        let (table, seat) = (state.table, action.seat);
        if let Some(opponent) = table.opponents(seat).find(|o| table.rank(seat, *o) > action.responded) {
            action.responded = table.rank(seat, opponent);
            state.frames.push(Frame::Action(action));
            state.frames.push(Frame::Window { seat: opponent, kind: WindowKind::ActionResponse });
            return;
        }
        if !action.prevented {
            action.resolved = true;
            let effect = EffectFrame::new(seat, None, action.card.def, TriggerCtx::default());
            state.frames.push(Frame::Action(action));
            state.frames.push(Frame::Effect(effect));
            // CR 501.6a: past its response windows the action is "played successfully"; effects on that resolve
            // before the action does (the checkpoint puts them above its effect).
            crate::effects::triggers::raise(
                state,
                crate::effects::triggers::TriggerEvent::ActionPlayedSuccessfully { seat },
            );
            return;
        }
    }
    // The card stays in the meter whether or not its effect happened (CR 303.4).
    ev.push(Event::ActionResolved { seat: action.seat, action: action.card.into(), prevented: action.prevented });
}
