//! Playing an action: into the action meter, a response window for the opponent, then its effect
//! (CR 303.3, 401, 501.6).
use crate::cards::CardKind;
use crate::event::{Event, Events};
use crate::frames::{ActionFrame, Frame, WindowKind};
use crate::ids::{CardId, Seat};
use crate::intents::require_window;
use crate::rejection::Rejection;
use crate::state::MatchState;

pub(crate) fn check(state: &MatchState, seat: Seat, card: CardId) -> Result<(), Rejection> {
    require_window(
        state,
        seat,
        WindowKind::Main,
        "CR 202.1",
        "playing an action",
    )?;
    let p = state.player(seat);
    let Some(c) = p.hand.iter().find(|c| c.id == card) else {
        return Err(Rejection::new(
            "card_not_in_hand",
            "CR 402.4a",
            "that card is not in your hand",
        ));
    };
    let def = c.def.def();
    if def.kind != CardKind::Action {
        return Err(Rejection::new(
            "not_an_action",
            "CR 303.3",
            format!("{} is not an action", def.name),
        ));
    }
    if def.timed {
        return Err(Rejection::new(
            "timed_action_not_now",
            "CR 623.2b",
            format!(
                "{} is a timed action and can only be played when its text says",
                def.name
            ),
        ));
    }
    if p.meter_full() {
        return Err(Rejection::new(
            "action_meter_full",
            "CR 303.3b",
            "your action meter is full",
        ));
    }
    Ok(())
}

pub(crate) fn apply(state: &mut MatchState, seat: Seat, card: CardId, ev: &mut Events) {
    let card = state.take_from_hand(seat, card).expect("checked");
    let card = state.fresh(card.def);
    state.player_mut(seat).meter.push(card);
    ev.push(Event::ActionPlayed {
        seat,
        action: card.into(),
    });
    state.frames.push(Frame::Action(ActionFrame {
        seat,
        card,
        prevented: false,
        responded: false,
    }));
}

pub(crate) fn step(state: &mut MatchState, mut action: ActionFrame, ev: &mut Events) {
    if !action.responded {
        // CR 501.6: the window opens whatever the opponent holds, so its opening reveals nothing.
        action.responded = true;
        let opponent = action.seat.other();
        state.frames.push(Frame::Action(action));
        state.frames.push(Frame::Window {
            seat: opponent,
            kind: WindowKind::ActionResponse,
        });
        return;
    }
    // The card stays in the meter whether or not its effect happened (CR 303.4).
    ev.push(Event::ActionResolved {
        seat: action.seat,
        action: action.card.into(),
        prevented: action.prevented,
    });
}
