//! Hero movement by effects: switch (CR 622), with Anchor's price (Mooring), rotate (CR 617) and arrange (CR 603).
use crate::effects::program::Static;
use crate::effects::resolve::{Answer, EffectFrame, Flow, Prompt};
use crate::effects::triggers::{TriggerEvent, raise};
use crate::effects::{live_program, statics};
use crate::event::{Event, Events};
use crate::ids::{Position, Seat};
use crate::state::MatchState;

/// The damage an opponent's Anchor charges before `seat`'s hero at `pos` may "switch" (0 if none applies).
fn mooring_cost(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    // MP-34, MP-35: the highest price among the opposite heroes (one in two-player, CR 616.1a).
    let mut cost = 0;
    for (anchor, opposite) in state.table.opposite(seat, pos) {
        if live_program(state, anchor, opposite).is_none() {
            continue;
        }
        let moorings = statics(state, anchor, opposite).iter().filter_map(|s| match s {
            Static::Mooring { cost } => Some(*cost),
            _ => None,
        });
        cost = moorings.fold(cost, u16::max);
    }
    cost
}

/// Anchor's price for the switch waiting on its `PayMooring` answer: the higher of the two heroes' (RULINGS.md).
/// The switch charges it and the view says it before the answer (`view/prices.rs`), from this one function.
pub(crate) fn pending_mooring_price(state: &MatchState, f: &EffectFrame) -> u16 {
    let (Some(Answer::Hero(_, a)), Some(b)) = (f.picked, f.target) else { return 0 };
    mooring_cost(state, f.controller, a).max(mooring_cost(state, f.controller, b))
}

fn do_switch(state: &mut MatchState, seat: Seat, a: Position, b: Position, ev: &mut Events) {
    state.player_mut(seat).field.swap(a.index(), b.index());
    ev.push(Event::Switched { seat, a, b });
    raise(state, TriggerEvent::Switched { seat, a, b });
}

/// Angel, Electron (`any` = false: this hero and one other) and Royal Buzzer (`any` = true: any two heroes).
pub(super) fn switch(state: &mut MatchState, f: &mut EffectFrame, any: bool, ev: &mut Events) -> Flow {
    let me = f.controller;
    let first = match f.picked {
        Some(Answer::Hero(_, p)) => Some(p),
        _ if !any => f.source_position(state),
        _ => None,
    };
    match (f.stage, f.take_answer()) {
        (0, _) if any => {
            f.stage = 1;
            Flow::Ask(me, Prompt::SwitchFirst)
        }
        (0, _) => {
            if first.is_none() {
                return Flow::Stop;
            }
            f.stage = 2;
            Flow::Ask(me, Prompt::SwitchWith)
        }
        (1, Some(a @ Answer::Hero(..))) => {
            f.picked = Some(a);
            f.stage = 2;
            Flow::Ask(me, Prompt::SwitchWith)
        }
        (2, Some(Answer::Hero(_, b))) => {
            let a = first.expect("chosen");
            // RULINGS.md: Anchor's "switch" is the switch movement only.
            let cost = mooring_cost(state, me, a).max(mooring_cost(state, me, b));
            if cost == 0 {
                do_switch(state, me, a, b, ev);
                return Flow::Next;
            }
            f.picked = Some(Answer::Hero(me, a));
            f.target = Some(b);
            f.stage = 3;
            Flow::Ask(me, Prompt::PayMooring)
        }
        (3, Some(Answer::Yes)) => {
            let a = first.expect("chosen");
            let b = f.target.expect("chosen");
            let cost = pending_mooring_price(state, f);
            state.damage(me, cost, false, ev);
            // MP-23, MP-26: a price that eliminates the payer ends the effect before the switch; their heroes stay
            // where they were. In two players the round is lost but the effect resolves (CR 206.1a).
            if !state.table.is_living(me) {
                return Flow::Stop;
            }
            do_switch(state, me, a, b, ev);
            Flow::Next
        }
        _ => Flow::Next,
    }
}

/// Rotate: every hero moves one position clockwise or counterclockwise (CR 617; not a "switch").
pub(super) fn rotate(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    let Some(Answer::Direction(clockwise)) = f.take_answer() else { return Flow::Ask(me, Prompt::RotateDirection) };
    let old = state.player(me).field.clone();
    for (i, hero) in old.into_iter().enumerate() {
        let from = Position::from_index(i);
        let to = if clockwise { from.clockwise() } else { from.counterclockwise() };
        state.player_mut(me).field[to.index()] = hero;
    }
    ev.push(Event::Rotated { seat: me, clockwise });
    raise(state, TriggerEvent::Rotated { seat: me });
    Flow::Next
}

/// The question that fills each position of an arrangement, in order; the back position takes the last hero.
pub(crate) const ARRANGE_PROMPTS: [Prompt; 3] = [Prompt::ArrangeLeft, Prompt::ArrangeCenter, Prompt::ArrangeRight];

/// Arrange: the controller names the hero for left, then center, then right, from the heroes not yet placed; the
/// back position takes the one left over (CR 603.1). Each hero moves with its whole stack (CR 603.1a). Not a
/// "switch" nor a rotate, so it raises neither's triggers and pays no Mooring.
pub(super) fn arrange(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    if let Some(Answer::Hero(_, from)) = f.take_answer() {
        // The options were the heroes not yet placed (`choices.rs`): at `stage` or after it.
        state.player_mut(me).field.swap(f.stage as usize, from.index());
        f.stage += 1;
    }
    if let Some(prompt) = ARRANGE_PROMPTS.get(f.stage as usize) {
        return Flow::Ask(me, *prompt);
    }
    let heroes = state.player(me).field.each_ref().map(|h| h.card.into());
    ev.push(Event::Arranged { seat: me, heroes });
    Flow::Next
}
