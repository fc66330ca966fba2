//! Turns for three to six seats (issue 16 step 3): every living seat takes its turn in turn order, each turn
//! followed by the active player's left opponent's (MP-4), the circle closing over an eliminated seat (MP-3, MP-26);
//! only the first player skips the draw and the attack on their first turn (MP-6); there are no rounds, no round's
//! end and no substitutions (MP-2, MP-7, MP-8). Random play of every legal intent (`tables::RandomTable`).
use super::tables::RandomTable;
use crate::api::{apply, owed_seat};
use crate::event::Event;
use crate::ids::{Seat, Viewer};
use crate::intent::Intent;
use crate::intents::attack::may_declare;
use crate::state::{MatchState, Phase};
use crate::view::view_for;

/// Every viewer's view has one player per seat, in letter order, and each seat sees only its own hand and bench.
fn views_show_every_seat(state: &MatchState, seats: usize) {
    for viewer in Seat::ALL[..seats].iter().map(|&s| Viewer::Seat(s)).chain([Viewer::Spectator]) {
        let view = view_for(state, viewer);
        assert_eq!(view.players.iter().map(|p| p.seat).collect::<Vec<_>>(), Seat::ALL[..seats]);
        for p in &view.players {
            let own = viewer == Viewer::Seat(p.seat);
            assert_eq!((p.hand.is_some(), p.bench.is_some()), (own, own), "{viewer:?} sees {:?}'s hand", p.seat);
            assert_eq!(p.hand_count.is_some(), !own);
        }
    }
}

/// The turns begun in one intent's events: each seat with the cards it drew (or failed to draw, CR 618) before the
/// next turn began.
fn turns_begun(events: &[Event]) -> Vec<(Seat, u32, bool, usize)> {
    let mut out: Vec<(Seat, u32, bool, usize)> = Vec::new();
    for e in events {
        match e {
            Event::TurnStarted { seat, turn, first_turn } => out.push((*seat, *turn, *first_turn, 0)),
            Event::CardDrawn { seat, .. } | Event::DeckedOut { seat, .. } => {
                if let Some((s, _, _, drawn)) = out.last_mut()
                    && s == seat
                {
                    *drawn += 1;
                }
            }
            Event::RoundLost { .. } | Event::RoundStarted { .. } | Event::Substituted { .. } => {
                panic!("MP-2, MP-7: no rounds and no substitutions: {e:?}")
            }
            _ => {}
        }
    }
    out
}

/// Whether every seat between `last` and `next`, going left in letter order round the circle, is eliminated.
fn next_living(state: &MatchState, seats: usize, last: Seat, next: Seat) -> bool {
    let mut i = (last.index() + 1) % seats;
    while i != next.index() {
        if state.table().is_living(Seat::ALL[i]) {
            return false;
        }
        i = (i + 1) % seats;
    }
    true
}

#[test]
fn every_living_seat_takes_its_turn_in_order_round_the_table() {
    const LAPS: usize = 3;
    let mut additional = 0;
    for seats in [3, 4, 6] {
        for seed in 0..super::match_count(30) {
            let mut table = RandomTable::new(seed, seats);
            // The seats whose turns have begun, in order.
            let mut turns: Vec<Seat> = Vec::new();
            views_show_every_seat(&table.state, seats);
            while turns.len() <= LAPS * seats {
                let Some(step) = table.step() else { break };
                let state = &table.state;
                for (seat, turn, first_turn, drawn) in turns_begun(&step.events.0) {
                    let at = format!("{seats} seats, seed {seed}, turn {turn}");
                    // MP-4: the first player, then the left opponent of the last active seat, the circle closing over
                    // the eliminated (MP-3); or the same seat again for an additional turn (CR 206.1g).
                    match turns.last() {
                        None => assert_eq!(seat, state.turn().first_player, "{at}"),
                        Some(&last) if seat == last => additional += 1,
                        Some(&last) => assert!(next_living(state, seats, last, seat), "{at}: {last:?} then {seat:?}"),
                    }
                    assert_eq!(turn as usize, turns.len() + 1, "{at}");
                    // MP-6: "first turn" is per player.
                    assert_eq!(first_turn, !turns.contains(&seat), "{at}");
                    // MP-6: only the first player's first turn has no draw (one draw, or a failed one, CR 618).
                    let opening = turns.is_empty();
                    assert_eq!(drawn, if opening { 0 } else { 1 }, "{at}");
                    turns.push(seat);
                }
                // The turn just begun is in its play phase (nothing resolves before the draw with the shipped cards)
                // and only the opening turn may not attack (MP-6).
                if let Some(Event::TurnStarted { seat, .. }) =
                    step.events.0.iter().rev().find(|e| matches!(e, Event::TurnStarted { .. }))
                    && state.table().is_living(*seat)
                    && !state.is_over()
                {
                    assert_eq!(state.turn().phase, Phase::Play);
                    let declare = may_declare(state, *seat).map_err(|r| (r.code, r.rule));
                    let want = if turns.len() == 1 { Err(("first_turn_no_attack", "CR 200.9")) } else { Ok(()) };
                    assert_eq!(declare, want, "{seats} seats, seed {seed}, turn {}", turns.len());
                }
                // MP-2: one round, never a round's end.
                assert_eq!(state.turn().round, 1);
                assert_ne!(state.turn().phase, Phase::RoundEnd);
                views_show_every_seat(state, seats);
            }
            // Each seat's first turn came in the order of the circle from the first player (MP-4); a seat that had
            // none was eliminated first, or the match ended.
            let mut firsts: Vec<Seat> = Vec::new();
            for s in &turns {
                if !firsts.contains(s) {
                    firsts.push(*s);
                }
            }
            let first = turns[0].index();
            let circle = (0..seats).map(|i| Seat::ALL[(first + i) % seats]);
            assert_eq!(firsts, circle.filter(|s| firsts.contains(s)).collect::<Vec<_>>(), "{seats} seats, seed {seed}");
            let state = &table.state;
            for s in Seat::ALL[..seats].iter().filter(|s| !firsts.contains(s)) {
                assert!(!state.table().is_living(*s) || state.is_over(), "{seats} seats, seed {seed}: {s:?} skipped");
            }
        }
    }
    eprintln!("additional turns: {additional}");
}

#[test]
fn the_bench_is_never_used_with_three_or_more() {
    // MP-7: a substitution is refused as such, whatever is asked, and changes nothing.
    let mut state = super::start_for(9, 3);
    let seat = owed_seat(&state).unwrap();
    let bench = state.player(seat).bench.first().map(|c| c.id).unwrap_or(crate::ids::CardId(1));
    let before = state.clone();
    let intent = Intent::Substitute { hero: crate::ids::Position::Left, bench };
    let r = apply(&mut state, seat, &intent).expect_err("no bench in the free-for-all");
    assert_eq!((r.code, r.rule), ("no_bench", "MP-7"));
    assert_eq!(state, before);
    assert!(!state.table().format().rules().bench_used);
}
