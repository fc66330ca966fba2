//! Turns and rounds: the draw phase (CR 201), ending the turn (CR 205), passing a window, and what happens after
//! the end phase of a turn in which a round was decided (CR 206.3).
use crate::effects::field::LazyField;
use crate::event::{Event, Events};
use crate::frames::{AskKind, EndStage, Frame, WindowKind};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::intents::{Kind, require_window};
use crate::rejection::Rejection;
use crate::state::{MatchState, Phase};

/// Starts `seat`'s turn: draw phase (none on the first player's first turn, CR 200.9), then the play phase.
pub(crate) fn begin_turn(state: &mut MatchState, seat: Seat, ev: &mut Events) {
    state.turn.number += 1;
    state.turn.active = seat;
    state.turn.phase = Phase::Draw;
    // CR 201.2a: "until your next turn" ends just before this turn's draw; usage limits are per turn.
    crate::effects::expire(state, None, Some(seat));
    state.effect_uses.clear();
    let number = state.turn.number;
    let p = state.player_mut(seat);
    p.turns_started += 1;
    p.allotted_gem_used = false;
    p.attacked_this_turn = false;
    p.first_turn_phrase_uses = 0;
    p.previous_turn = p.current_turn;
    p.current_turn = number;
    let first_turn = state.is_first_turn(seat);
    ev.push(Event::TurnStarted { seat, turn: state.turn.number, first_turn });
    // CR 201.2b: "at the beginning of your turn" effects resolve before the draw (the `Draw` stage waits for
    // them), after "until your next turn" effects ended above. They are part of the turn (CR 201.2).
    crate::effects::triggers::raise(state, crate::effects::triggers::TriggerEvent::TurnBegan { seat });
    state.frames.push(Frame::EndPhase(EndStage::Draw));
}

/// The draw that starts the active player's turn (none on the first player's first turn, CR 200.9), then the play
/// phase.
fn draw_phase(state: &mut MatchState, ev: &mut Events) {
    let seat = state.turn.active;
    // MP-6: only the first player's first turn; every later seat draws on its own first turn (CR 200.9a).
    let skip_draw = state.is_first_turn(seat) && seat == state.turn.first_player;
    if !skip_draw {
        state.draw(seat, 1, ev);
    }
    // Decking out can decide the game in the draw phase (CR 618, 206.2), or eliminate the drawer, whose turn then
    // ends at once (MP-26).
    if state.is_over() || !state.table.is_living(seat) {
        return;
    }
    state.turn.phase = Phase::Play;
    state.frames.push(Frame::Window { seat, kind: WindowKind::Main });
}

/// CR 205.1: declare the end phase.
pub(crate) struct EndTurn;

/// The seat's play phase is open, found by the check.
pub(crate) struct MayEnd(());

/// The main window may always be ended.
pub(crate) fn end_turn_candidates(out: &mut Vec<Intent>) {
    out.push(Intent::EndTurn);
}

impl Kind for EndTurn {
    type Checked = MayEnd;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<MayEnd, Rejection> {
        // CR 205.1c: the end phase cannot interrupt an effect or an attack, so only the open play phase allows it.
        require_window(state, seat, WindowKind::Main, "CR 205.1", "declaring your end phase")?;
        Ok(MayEnd(()))
    }
    fn apply(_: MayEnd, state: &mut MatchState, _: Seat, _: &mut Events) {
        state.frames.pop();
        state.frames.push(Frame::EndPhase(EndStage::EndOfTurn));
    }
}

/// Close a window without acting (CR 203.2, 203.3, 501.6).
pub(crate) struct Pass;

/// A window other than the main one is open for the seat, found by the check.
pub(crate) struct MayPass(());

/// CR 501.6: a window's owner may always pass.
pub(crate) fn pass_candidates(out: &mut Vec<Intent>) {
    out.push(Intent::Pass);
}

impl Kind for Pass {
    type Checked = MayPass;
    const KEEPS_FIELDS: bool = true;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<MayPass, Rejection> {
        match state.frames.last() {
            Some(Frame::Window { seat: s, kind }) if *s == seat && *kind != WindowKind::Main => Ok(MayPass(())),
            Some(Frame::Window { seat: s, kind: WindowKind::Main }) if *s == seat => {
                Err(Rejection::new("not_now", "CR 205.1", "in your play phase, end your turn instead of passing"))
            }
            _ => Err(Rejection::new("not_now", "CR 501.6", "there is no window for you to pass")),
        }
    }
    fn apply(_: MayPass, state: &mut MatchState, _: Seat, _: &mut Events) {
        state.frames.pop();
    }
}

pub(crate) fn step(state: &mut MatchState, stage: EndStage, ev: &mut Events) {
    let active = state.turn.active;
    match stage {
        EndStage::Draw => draw_phase(state, ev),
        EndStage::EndOfTurn => {
            state.turn.phase = Phase::End;
            ev.push(Event::EndPhase { seat: active });
            // CR 205.1: "at the end of your turn" effects, in the active player's order (trigger batches).
            let first_turn = state.is_first_turn(active);
            crate::effects::triggers::raise(
                state,
                crate::effects::triggers::TriggerEvent::TurnEnded { seat: active, first_turn },
            );
            // CR 206.3: a decided round ends here; MP-2, MP-8: the free-for-all has no rounds (nobody loses one).
            let round_over = state.turn.round_loser.is_some() && state.table.format().rules().rounds;
            let next = if round_over { EndStage::RoundEnd } else { EndStage::NextTurn };
            state.frames.push(Frame::EndPhase(next));
        }
        EndStage::RoundEnd => {
            debug_assert!(state.table.format().rules().rounds, "MP-2: no round ends in the free-for-all");
            crate::effects::expire(state, Some(state.turn.number), None);
            // CR 206.3 steps 1–2: HP back to 20, action meters into the discard; nothing else resets (206.3d).
            state.turn.phase = Phase::RoundEnd;
            let starting_hp = state.table.format().rules().starting_hp;
            for seat in state.table.seats() {
                let p = state.player_mut(seat);
                p.hp = starting_hp;
                let meter = std::mem::take(&mut p.meter);
                for card in meter {
                    let card = state.fresh(card.def);
                    state.player_mut(seat).discard.push(card);
                }
            }
            state.turn.round += 1;
            state.turn.first_turns_over = true;
            ev.push(Event::RoundStarted { round: state.turn.round });
            state.frames.push(Frame::EndPhase(EndStage::Substitute(0)));
        }
        EndStage::Substitute(i) => {
            // CR 206.3 step 3: the round winner substitutes first.
            let loser = state.turn.round_loser.expect("a round was decided");
            let seat = if i == 0 { state.table.standard_opponent(loser) } else { loser };
            let next = if i == 0 { EndStage::Substitute(1) } else { EndStage::NextTurn };
            state.frames.push(Frame::EndPhase(next));
            // The bench count is public, so skipping the question for an empty bench reveals nothing.
            if !state.player(seat).bench.is_empty() {
                state.frames.push(Frame::Ask { seat, kind: AskKind::Substitute });
            }
        }
        EndStage::NextTurn => {
            // CR 206.1d, 206.3 step 4: after a decided round the turn passes to the other player in every case, and
            // additional turns not yet taken are skipped (CR 206.1g).
            let turns = &mut state.turn.additional_turns;
            let next = if state.turn.round_loser.is_some() {
                *turns = [0; 6];
                state.table.left_of(active)
            } else if turns[active.index()] > 0 {
                turns[active.index()] -= 1;
                active
            } else {
                // MP-4: the turn passes to the active player's left opponent, the next living seat (the other seat
                // in two-player).
                state.table.left_of(active)
            };
            state.turn.round_loser = None;
            crate::effects::expire(state, Some(state.turn.number), None);
            begin_turn(state, next, ev);
        }
    }
}
