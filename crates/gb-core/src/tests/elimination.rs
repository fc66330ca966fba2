//! Elimination, concession and the winner of a free-for-all (`docs/multiplayer-rulings.md` MP-18, MP-23 … MP-30),
//! one ruling per test, on 3- and 4-seat matches with a few direct edits (HP, an empty deck). Every accepted intent
//! is followed by `check_invariants` and `check_step`.
use super::start_for;
use crate::api::{apply, check, legal_intents, owed_seat, state_hash};
use crate::effects::triggers::{PendingTrigger, TriggerCtx};
use crate::effects::{AlterKind, HeroKey, Until, alter, resolve::EffectFrame};
use crate::event::{Event, Events};
use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::{Position, Seat, Viewer};
use crate::intent::Intent;
use crate::invariants::{check_invariants, check_step, initial_cards};
use crate::state::{Elimination, EliminationReason, EndReason, MatchState, Phase};
use crate::view::{Decision, pending, view_for};

/// A free-for-all of `seats` players (seed 0: every seat plays Fire and Wind, whose heroes have no effect that
/// reads "the opponent") in the first player's play phase: the chooser went first and everyone kept.
pub(super) fn in_play(seats: usize) -> MatchState {
    let mut state = start_for(0, seats);
    while let Some(seat) = owed_seat(&state) {
        let intent = match pending(&state).expect("owed").decision {
            Decision::Ask(AskKind::TurnOrder) => Intent::ChooseTurnOrder { go_first: true },
            Decision::Ask(AskKind::Mulligan) => Intent::KeepHand,
            Decision::Window(WindowKind::Main) => break,
            other => panic!("setup asks {other:?}"),
        };
        apply(&mut state, seat, &intent).expect("a setup answer");
    }
    assert_eq!(state.turn().phase, Phase::Play);
    state
}

/// Applies `intent` and checks every invariant and every step invariant; returns the events.
fn play(state: &mut MatchState, seat: Seat, intent: Intent) -> Vec<Event> {
    let initial = initial_cards(state);
    let before = state.clone();
    let ev = apply(state, seat, &intent).unwrap_or_else(|r| panic!("{seat:?} {intent:?}: {r}"));
    check_invariants(state, &initial).unwrap();
    check_step(&before, state).unwrap();
    ev.0.into_vec()
}

/// The eliminations among `events`, as (seat, place, reason).
fn eliminated(events: &[Event]) -> Vec<(Seat, u8, EliminationReason)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { seat, place, reason } => Some((*seat, *place, *reason)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_player_at_0_hp_is_eliminated_in_last_place_and_the_circle_closes() {
    // MP-23, MP-24's example: four players, B out; A's left opponent is then C, C's right opponent A.
    let mut state = in_play(4);
    let active = state.turn().active;
    let mut ev = Events::default();
    state.player_mut(Seat::B).hp = 3;
    state.damage(Seat::B, 5, true, &mut ev);
    assert_eq!(state.player(Seat::B).hp, 0);
    assert_eq!(eliminated(&ev.0), [(Seat::B, 4, EliminationReason::Hp)]);
    let number = state.turn().number;
    assert_eq!(
        state.player(Seat::B).eliminated,
        Some(Elimination { place: 4, turn: number, reason: EliminationReason::Hp })
    );
    let t = state.table();
    assert!(!t.is_living(Seat::B));
    assert_eq!((t.left_of(Seat::A), t.right_of(Seat::C)), (Seat::C, Seat::A));
    // Nothing more happens to an eliminated player (MP-25).
    let frozen = state.player(Seat::B).clone();
    state.damage(Seat::B, 5, false, &mut ev);
    assert_eq!(*state.player(Seat::B), frozen);
    // MP-27: B was not active, so the active player's play phase goes on.
    if active != Seat::B {
        assert_eq!(owed_seat(&state), Some(active));
        assert!(matches!(state.frames.last(), Some(Frame::Window { kind: WindowKind::Main, .. })));
    }
}

#[test]
fn every_intent_of_an_eliminated_seat_is_refused_and_changes_nothing() {
    // MP-18, MP-29: not even conceding; a seat the match does not have is still "not at the table".
    let mut state = in_play(3);
    let out = state.table().left_of(state.turn().active);
    play(&mut state, out, Intent::Concede);
    assert!(legal_intents(&state, out).is_empty());
    let (hash, copy) = (state_hash(&state), state.clone());
    for intent in
        [Intent::Concede, Intent::EndTurn, Intent::Pass, Intent::KeepHand, Intent::AcceptDamage, Intent::Accept]
    {
        let r = apply(&mut state, out, &intent).expect_err("an eliminated seat may do nothing");
        assert_eq!((r.code, r.rule), ("eliminated", "MP-18"), "{intent:?}: {r}");
        assert_eq!(check(&state, out, &intent), Err(r));
    }
    assert!(state == copy && state_hash(&state) == hash);
    let r = check(&state, Seat::D, &Intent::Concede).unwrap_err();
    assert_eq!(r.code, "not_at_table");
    // Its heroes have no effect any more (MP-24): statics and triggers stop.
    for pos in Position::ALL {
        assert_eq!(crate::effects::live_program(&state, out, pos), None);
    }
}

#[test]
fn a_concession_in_someone_elses_turn_leaves_that_turn_going() {
    // MP-29's example: during A's turn, C concedes; C is out, the circle closes, and A's turn continues.
    let mut state = in_play(4);
    let active = state.turn().active;
    let out = state.table().opponents(active).nth(1).expect("across the table");
    let events = play(&mut state, out, Intent::Concede);
    assert_eq!(eliminated(&events), [(out, 4, EliminationReason::Concession)]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnStarted { .. } | Event::EndPhase { .. })));
    assert_eq!(owed_seat(&state), Some(active));
    assert_eq!(state.turn().active, active);
    assert_eq!(state.table().opponents(active).count(), 2);
    // Its HP stays as it was (MP-29).
    assert_eq!(state.player(out).hp, 45);
}

#[test]
fn the_active_player_conceding_ends_the_turn_without_an_end_phase() {
    // MP-26, MP-29: the turn passes to the left opponent at once; no "end of turn" for the leaver.
    let mut state = in_play(3);
    let active = state.turn().active;
    let next = state.table().left_of(active);
    let number = state.turn().number;
    let events = play(&mut state, active, Intent::Concede);
    assert_eq!(eliminated(&events), [(active, 3, EliminationReason::Concession)]);
    assert!(!events.iter().any(|e| matches!(e, Event::EndPhase { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::TurnStarted { seat, .. } if *seat == next)));
    assert_eq!((state.turn().active, state.turn().number, owed_seat(&state)), (next, number + 1, Some(next)));
}

#[test]
fn decking_out_in_ones_own_draw_phase_passes_the_turn_on() {
    // MP-26's example: C's deck is empty and C is at 15 HP; C's draw phase deals 15 (CR 618), C is eliminated,
    // and the turn passes to D.
    let mut state = in_play(4);
    let active = state.turn().active;
    let c = state.table().left_of(active);
    let d = state.table().left_of(c);
    let deck = std::mem::take(&mut state.player_mut(c).deck);
    state.player_mut(c).discard.extend(deck);
    state.player_mut(c).hp = 15;
    let events = play(&mut state, active, Intent::EndTurn);
    assert!(events.iter().any(|e| matches!(e, Event::DeckedOut { seat } if *seat == c)));
    assert_eq!(eliminated(&events), [(c, 4, EliminationReason::Hp)]);
    assert!(!events.iter().any(|e| matches!(e, Event::EndPhase { seat } if *seat == c)), "no end phase for C");
    assert_eq!((state.turn().active, owed_seat(&state)), (d, Some(d)));
    assert!(matches!(state.frames.as_slice(), [Frame::Window { kind: WindowKind::Main, .. }]));
}

/// Takes `seat`'s first card named `name` out of its deck, or else its hand.
fn take(state: &mut MatchState, seat: Seat, name: &str) -> crate::state::Card {
    let p = state.player_mut(seat);
    match p.deck.iter().position(|c| c.def.name() == name) {
        Some(i) => p.deck.remove(i),
        None => p.hand.remove(p.hand.iter().position(|c| c.def.name() == name).expect("in the deck or hand")),
    }
}

#[test]
fn a_player_whose_own_effect_takes_the_last_hp_leaves_at_once() {
    // MP-23 (its Ghost example, here Beatrice's price) and MP-26: A at 2 HP blends Chaser (LV 2) on Beatrice; the
    // price eliminates A, the blend that was waiting to become active goes to A's discard (CR 501.5), there is no
    // end phase, and the turn passes to A's left.
    let mut state = in_play(3);
    let a = state.turn().active;
    let next = state.table().left_of(a);
    assert_eq!(state.hero(a, Position::Center).card.def.name(), "Beatrice");
    let chaser = take(&mut state, a, "Chaser");
    state.player_mut(a).hand.push(chaser);
    for gem in ["Pyrogem", "Aerogem"] {
        let gem = take(&mut state, a, gem);
        state.hero_mut(a, Position::Center).gems.push(gem);
    }
    state.player_mut(a).hp = 2;
    let initial = initial_cards(&state);
    let events = apply(&mut state, a, &Intent::PlayBlend { card: chaser.id, hero: Position::Center }).unwrap().0;
    check_invariants(&state, &initial).unwrap();
    assert_eq!(eliminated(&events), [(a, 3, EliminationReason::Hp)]);
    assert!(!events.iter().any(|e| matches!(e, Event::Blended { .. } | Event::EndPhase { .. })));
    assert_eq!(state.hero(a, Position::Center).blend, None);
    assert_eq!(state.player(a).discard.last().map(|c| c.def), Some(chaser.def));
    assert_eq!((state.turn().active, owed_seat(&state)), (next, Some(next)));
}

#[test]
fn the_last_player_standing_wins_and_every_place_is_recorded() {
    // MP-30's example: four players; B goes first (4th), then D concedes (3rd), then C reaches 0 HP: A wins, C is 2nd.
    let mut state = in_play(4);
    let mut ev = Events::default();
    state.damage(Seat::B, 45, true, &mut ev);
    play(&mut state, Seat::D, Intent::Concede);
    assert!(!state.is_over());
    assert_eq!(state.places(), None, "no places while the match goes on");
    let mut ev = Events::default();
    state.damage(Seat::C, 60, false, &mut ev);
    assert_eq!(eliminated(&ev.0), [(Seat::C, 2, EliminationReason::Hp)]);
    assert!(matches!(ev.0.last(), Some(Event::GameOver { winner: Seat::A, reason: EndReason::LastStanding })));
    assert_eq!(state.outcome().map(|o| (o.winner, o.reason)), Some((Seat::A, EndReason::LastStanding)));
    assert_eq!(owed_seat(&state), None);
    assert_eq!(state.places(), Some(vec![Seat::A, Seat::C, Seat::D, Seat::B]));
    let view = view_for(&state, Viewer::Spectator);
    assert_eq!(view.places, Some(vec![Seat::A, Seat::C, Seat::D, Seat::B]));
    assert_eq!(view.players[1].eliminated.map(|e| e.place), Some(4));
    assert_eq!(view.players[1].meter_passed.as_deref(), Some(&[30, 15][..]));
    assert_eq!(view.players[0].eliminated, None);
    // Nobody may do anything any more.
    for seat in Seat::ALL {
        assert!(legal_intents(&state, seat).is_empty());
    }
}

#[test]
fn the_last_opponent_conceding_ends_the_match_by_concession() {
    let mut state = in_play(3);
    let active = state.turn().active;
    let [l, r] = [state.table().left_of(active), state.table().right_of(active)];
    play(&mut state, l, Intent::Concede);
    let events = play(&mut state, r, Intent::Concede);
    assert!(
        matches!(events.last(), Some(Event::GameOver { winner, reason: EndReason::Concession }) if *winner == active)
    );
    assert_eq!(state.places(), Some(vec![active, r, l]));
}

#[test]
fn an_eliminated_players_unfinished_work_is_dropped() {
    // MP-25: in A's turn, B has an effect resolving, an action waiting for its response windows (A's is open),
    // a blend waiting to become active, a trigger waiting, and a Stun "until B's next turn" on A's hero. B concedes:
    // all of it goes, the blend to B's discard, and A's play phase is owed again.
    let mut state = in_play(3);
    let initial = initial_cards(&state);
    let a = state.turn().active;
    let b = state.table().left_of(a);
    let c = state.table().left_of(b);
    let blend_at = state.player(b).hand.iter().position(|x| x.def.def().kind == crate::cards::CardKind::Blend);
    let blend = match blend_at {
        Some(i) => state.player_mut(b).hand.remove(i),
        None => {
            let i = state.player(b).deck.iter().position(|x| x.def.def().kind == crate::cards::CardKind::Blend);
            state.player_mut(b).deck.remove(i.expect("a deck of blends"))
        }
    };
    let action = state.player(b).deck.iter().position(|x| x.def.def().kind == crate::cards::CardKind::Action);
    let action = state.player_mut(b).deck.remove(action.expect("the deck holds actions"));
    state.player_mut(b).meter.push(action);
    let stun = action.def;
    let b_hero = HeroKey::at(&state, b, Position::Center);
    state.frames.push(Frame::AttachBlend { seat: b, hero: Position::Left, card: blend });
    state.frames.push(Frame::Effect(EffectFrame::new(b, Some(b_hero), stun, TriggerCtx::default())));
    state.frames.push(Frame::Action(crate::frames::ActionFrame {
        seat: b,
        card: action,
        prevented: false,
        // Its first response window given (a flag here; a rank once MP-16's windows go round the table).
        responded: true.into(),
        resolved: false,
    }));
    state.frames.push(Frame::Window { seat: a, kind: WindowKind::ActionResponse });
    let a_hero = HeroKey::at(&state, a, Position::Center);
    alter(&mut state, a_hero, AlterKind::NoEffect, Until::NextTurnOf(b), stun);
    alter(&mut state, a_hero, AlterKind::Atk(1), Until::NextTurnOf(c), stun);
    let trigger =
        |id, controller| PendingTrigger { id, controller, hero: b_hero, effect: stun, ctx: TriggerCtx::default() };
    state.triggers.push(trigger(1, b));
    let discard = state.player(b).discard.len();
    let meter = state.player(b).meter.clone();

    let events = apply(&mut state, b, &Intent::Concede).expect("conceding at any time").0;
    check_invariants(&state, &initial).unwrap();
    assert_eq!(eliminated(&events), [(b, 3, EliminationReason::Concession)]);
    assert!(matches!(state.frames.as_slice(), [Frame::Window { seat, kind: WindowKind::Main }] if *seat == a));
    assert!(state.triggers.is_empty());
    let p = state.player(b);
    assert_eq!(p.discard.len(), discard + 1, "the waiting blend went to its owner's discard");
    assert_eq!(p.discard.last().map(|x| x.def), Some(blend.def));
    assert_ne!(p.discard.last().map(|x| x.id), Some(blend.id), "with a fresh handle");
    assert_eq!(p.meter, meter, "the action stays in the meter (MP-25)");
    // B's "until your next turn" ended; C's goes on.
    let until: Vec<_> = state.alterations.iter().map(|x| x.until).collect();
    assert_eq!(until, [Until::NextTurnOf(c)]);
}

#[test]
fn conceding_before_the_first_turn_hands_the_first_turn_on() {
    // MP-29 (at any time) before the first turn: the chooser leaves before choosing; the seat at its left goes
    // first, and the mulligans are asked of the others in turn order from there (MP-5).
    let mut state = start_for(0, 4);
    let initial = initial_cards(&state);
    let chooser = owed_seat(&state).expect("the chooser owes turn order");
    let first = state.table().left_of(chooser);
    apply(&mut state, chooser, &Intent::Concede).unwrap();
    check_invariants(&state, &initial).unwrap();
    assert_eq!(state.player(chooser).eliminated.map(|e| (e.place, e.turn)), Some((4, 0)));
    // Three mulligans, in turn order from `first`; the second one asked concedes instead of answering.
    let order: Vec<Seat> = state.table().from(first).collect();
    assert_eq!(order.len(), 3);
    assert_eq!(owed_seat(&state), Some(order[0]));
    play(&mut state, order[0], Intent::KeepHand);
    assert_eq!(owed_seat(&state), Some(order[1]));
    play(&mut state, order[1], Intent::Concede);
    assert_eq!(owed_seat(&state), Some(order[2]));
    assert!(matches!(state.frames.last(), Some(Frame::Ask { kind: AskKind::Mulligan, .. })));
    play(&mut state, order[2], Intent::KeepHand);
    // Heroes revealed, the first turn is `first`'s.
    assert_eq!((state.turn().active, state.turn().first_player, state.turn().phase), (first, first, Phase::Play));
    assert_eq!(owed_seat(&state), Some(first));
}

#[test]
fn a_seat_not_yet_asked_about_its_mulligan_is_skipped_when_it_leaves() {
    let mut state = start_for(0, 4);
    let chooser = owed_seat(&state).expect("the chooser");
    play(&mut state, chooser, Intent::ChooseTurnOrder { go_first: true });
    let order: Vec<Seat> = state.table().from(chooser).collect();
    play(&mut state, order[0], Intent::KeepHand);
    play(&mut state, order[1], Intent::KeepHand);
    // The last in turn order concedes while the third is asked: nobody is left to ask after the third.
    play(&mut state, order[3], Intent::Concede);
    assert_eq!(owed_seat(&state), Some(order[2]));
    play(&mut state, order[2], Intent::KeepHand);
    assert_eq!((state.turn().phase, owed_seat(&state)), (Phase::Play, Some(chooser)));
}

#[test]
fn the_two_player_views_say_nothing_of_the_free_for_all() {
    // Plan constraint 2: the new view fields are absent from two-player JSON.
    let state = super::start(3);
    for viewer in [Viewer::Seat(Seat::A), Viewer::Spectator] {
        let json = serde_json::to_string(&view_for(&state, viewer)).unwrap();
        for key in ["places", "meter_passed", "eliminated"] {
            assert!(!json.contains(key), "{key} in {json}");
        }
    }
}
