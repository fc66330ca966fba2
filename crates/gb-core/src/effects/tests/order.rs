//! Who goes when: response windows (MP-16) and simultaneous triggers (MP-17), and that both keep the two-player
//! order and hash.
use super::*;
use crate::effects::HeroKey;
use crate::effects::triggers::{PendingTrigger, TriggerBatch, TriggerCtx};
use Seat::{A, B, C, D};

/// The seats owed an action-response window, in order, passing each, until the action resolves.
fn response_windows(state: &mut MatchState) -> Vec<Seat> {
    let mut asked = Vec::new();
    while let Some(Frame::Window { seat, kind: WindowKind::ActionResponse }) = state.frames.last() {
        let seat = *seat;
        // Everyone else may only concede (MP-18).
        for other in state.table.seats().filter(|s| *s != seat) {
            assert_eq!(crate::legal_intents(state, other), [Intent::Concede], "{other:?} during {seat:?}'s window");
        }
        asked.push(seat);
        play(state, seat, Intent::Pass);
    }
    asked
}

/// MP-16's example: turn order A, B, C, D; C plays Stun: windows for D, A, B in that order, then Stun resolves.
#[test]
fn mp_16_each_living_opponent_may_respond_to_an_action_in_turn_order() {
    let mut state = table_of(4, C);
    let stun = to_hand(&mut state, C, "Stun");
    play(&mut state, C, Intent::PlayAction { card: stun });
    assert_eq!(response_windows(&mut state), [D, A, B]);
    assert_eq!(asked(&state), Some((C, crate::effects::resolve::Prompt::RemoveEffectTarget)));

    // An opponent eliminated before its window gets none; one eliminated during another's window does not make
    // anyone be asked twice or skipped (the next window is found by rank, `Table::rank`).
    let mut state = table_of(4, C);
    state.table.eliminate(A);
    let stun = to_hand(&mut state, C, "Stun");
    play(&mut state, C, Intent::PlayAction { card: stun });
    assert_eq!(crate::owed_seat(&state), Some(D));
    // D leaves during its own window: as elimination does (MP-25), the window is dropped and play goes on.
    state.table.eliminate(D);
    state.frames.pop();
    crate::frames::drive(&mut state, &mut Events::default());
    assert_eq!(response_windows(&mut state), [B]);
    assert_eq!(asked(&state), Some((C, crate::effects::resolve::Prompt::RemoveEffectTarget)));
}

fn pending(state: &MatchState, id: u32, controller: Seat) -> PendingTrigger {
    let hero = HeroKey::at(state, controller, Position::Left);
    PendingTrigger { id, controller, hero, effect: card("Slip Knotter"), ctx: TriggerCtx::default() }
}

fn ids(run: &[PendingTrigger]) -> Vec<(Seat, u32)> {
    run.iter().map(|t| (t.controller, t.id)).collect()
}

/// MP-17: the active player's triggers first, then each other player's in turn order from the active player's
/// left; each player orders only their own run, whatever order the triggers were raised in.
#[test]
fn mp_17_simultaneous_triggers_go_by_turn_order_from_the_active_player() {
    let state = table_of(4, B);
    let raised = [(1, A), (2, D), (3, B), (4, C), (5, A), (6, C)].map(|(id, s)| pending(&state, id, s));
    let mut batch = TriggerBatch::new(&state, raised.to_vec());
    let mut order = Vec::new();
    loop {
        let run = ids(batch.current());
        let Some(&(controller, _)) = run.first() else { break };
        assert!(run.iter().all(|(s, _)| *s == controller), "one controller per run: {run:?}");
        // Only the current run can be taken: a later player's trigger cannot jump the queue.
        if controller != D {
            assert!(batch.take(2).is_none(), "D's trigger taken during {controller:?}'s run");
        }
        let (_, last) = *run.last().expect("non-empty");
        order.push((controller, last));
        batch.take(last).expect("in the current run");
    }
    // B (active), then C, D, A; within a run the controller picks (here the later one first).
    assert_eq!(order, [(B, 3), (C, 6), (C, 4), (D, 2), (A, 5), (A, 1)]);

    // An eliminated seat's waiting triggers are dropped (MP-25), the order of the rest unchanged.
    let mut batch = TriggerBatch::new(&state, raised.to_vec());
    batch.drop_controller(C);
    batch.take(3);
    assert_eq!(ids(batch.current()), [(D, 2)]);
}

/// The two-player game: the same order as the two lists it had (the active player's, then the other's, each in
/// the order raised), and the same hash (plan constraint 2).
#[test]
fn two_player_trigger_batches_keep_their_order_and_hash() {
    use std::hash::{Hash, Hasher};
    let state = {
        let mut s = crate::tests::start(3);
        s.turn.active = B;
        s
    };
    let raised = [(1, A), (2, B), (3, A), (4, B)].map(|(id, s)| pending(&state, id, s));
    let batch = TriggerBatch::new(&state, raised.to_vec());
    assert_eq!(ids(batch.current()), [(B, 2), (B, 4)]);
    let (active, other): (Vec<_>, Vec<_>) = raised.into_iter().partition(|t| t.controller == B);
    let hash = |v: &dyn Fn(&mut crate::hash::StableHasher)| {
        let mut h = crate::hash::StableHasher::new();
        v(&mut h);
        h.finish()
    };
    assert_eq!(hash(&|h| batch.hash(h)), hash(&|h| (active.clone(), other.clone()).hash(h)));
    // A context naming no opponent, as every two-player one, hashes as the three fields it had.
    let mut ctx = TriggerCtx::default();
    ctx.level = 3;
    assert_eq!(hash(&|h| ctx.hash(h)), hash(&|h| (3u8, None::<HeroKey>, None::<crate::state::Card>).hash(h)));
}
