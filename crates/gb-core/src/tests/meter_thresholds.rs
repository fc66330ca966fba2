//! The free-for-all's action meter empties when a player's HP first goes under 30 and again under 15
//! (`docs/multiplayer-rulings.md` MP-20 … MP-22), one ruling example per test.
use super::elimination::in_play;
use crate::cards::CardKind;
use crate::event::{Event, Events};
use crate::ids::Seat;
use crate::state::MatchState;

/// Moves `n` actions from `seat`'s deck or hand into its meter, as if played (every card stays in one zone).
fn fill_meter(state: &mut MatchState, seat: Seat, n: usize) {
    let action = |c: &crate::state::Card| c.def.def().kind == CardKind::Action;
    for _ in 0..n {
        let p = state.player_mut(seat);
        let card = match p.deck.iter().position(action) {
            Some(i) => p.deck.remove(i),
            None => p.hand.remove(p.hand.iter().position(action).expect("six actions in the deck")),
        };
        p.meter.push(card);
    }
}

/// The `MeterEmptied` events of a hit, as (seat, below, card count).
fn emptied(ev: &Events) -> Vec<(Seat, u16, usize)> {
    ev.0.iter()
        .filter_map(|e| match e {
            Event::MeterEmptied { seat, below, cards } => Some((*seat, *below, cards.len())),
            _ => None,
        })
        .collect()
}

/// A seat other than the active one, and a state where it has `hp` HP and `cards` actions in its meter.
fn player_at(hp: u16, cards: usize) -> (MatchState, Seat) {
    let mut state = in_play(3);
    let seat = state.table().left_of(state.turn().active);
    state.player_mut(seat).hp = hp;
    fill_meter(&mut state, seat, cards);
    (state, seat)
}

#[test]
fn going_from_31_to_29_empties_the_meter_into_the_discard_once() {
    // MP-20's example: C has 4 actions in the meter at 31 HP and takes 2 damage.
    let (mut state, c) = player_at(31, 4);
    let before = state.player(c).meter.clone();
    let discard = state.player(c).discard.len();
    let mut ev = Events::default();
    state.damage(c, 2, false, &mut ev);
    assert_eq!(state.player(c).hp, 29);
    assert_eq!(emptied(&ev), [(c, 30, 4)]);
    let p = state.player(c);
    assert!(p.meter.is_empty());
    assert_eq!(p.meter_passed, 0b01);
    // The same cards, with fresh handles (a card changing zone is a new card, see `CardId`).
    let moved = &p.discard[discard..];
    assert_eq!(moved.iter().map(|c| c.def).collect::<Vec<_>>(), before.iter().map(|c| c.def).collect::<Vec<_>>());
    assert!(moved.iter().all(|m| before.iter().all(|b| b.id != m.id)));
    // Each threshold once per match: HP back over 30 (CR 613.4) and down again empties nothing.
    fill_meter(&mut state, c, 1);
    let mut ev = Events::default();
    state.gain_hp(c, 5, &mut ev);
    state.damage(c, 9, false, &mut ev);
    assert_eq!((state.player(c).hp, state.player(c).meter.len()), (25, 1));
    assert!(emptied(&ev).is_empty());
}

#[test]
fn exactly_15_is_not_under_15_but_14_is() {
    let (mut state, c) = player_at(16, 2);
    state.player_mut(c).meter_passed = 0b01;
    let mut ev = Events::default();
    state.damage(c, 1, false, &mut ev);
    assert_eq!((state.player(c).hp, state.player(c).meter.len(), state.player(c).meter_passed), (15, 2, 0b01));
    assert!(emptied(&ev).is_empty(), "16 to 15 crosses nothing (RULINGS: exactly 15 is not under)");
    state.damage(c, 1, false, &mut ev);
    assert_eq!(emptied(&ev), [(c, 15, 2)]);
    assert_eq!((state.player(c).hp, state.player(c).meter_passed), (14, 0b11));
}

#[test]
fn one_hit_across_both_thresholds_empties_the_meter_once() {
    let (mut state, c) = player_at(31, 3);
    let mut ev = Events::default();
    state.damage(c, 21, true, &mut ev);
    assert_eq!(emptied(&ev), [(c, 15, 3)], "one event, naming the lower threshold");
    assert_eq!((state.player(c).hp, state.player(c).meter_passed), (10, 0b11));
    // Both are used up: nothing more empties this meter.
    fill_meter(&mut state, c, 1);
    state.damage(c, 5, true, &mut ev);
    assert_eq!(emptied(&ev).len(), 1);
}

#[test]
fn an_empty_meter_passes_the_threshold_without_an_event() {
    let (mut state, c) = player_at(30, 0);
    let mut ev = Events::default();
    state.damage(c, 1, false, &mut ev);
    assert_eq!(state.player(c).meter_passed, 0b01);
    assert!(emptied(&ev).is_empty());
    // The threshold is used up even though nothing was in the meter.
    fill_meter(&mut state, c, 1);
    state.damage(c, 1, false, &mut ev);
    assert_eq!(state.player(c).meter.len(), 1);
}

#[test]
fn only_the_damaged_players_meter_empties() {
    // MP-22: another player's meter is not touched.
    let (mut state, c) = player_at(31, 2);
    let other = state.table().left_of(c);
    fill_meter(&mut state, other, 2);
    state.player_mut(other).hp = 29;
    let mut ev = Events::default();
    state.damage(c, 2, false, &mut ev);
    assert_eq!(emptied(&ev), [(c, 30, 2)]);
    assert_eq!((state.player(other).meter.len(), state.player(other).meter_passed), (2, 0));
}

#[test]
fn a_hit_to_0_leaves_the_meter_where_it_is() {
    // MP-20: "A hit to 0 eliminates the player; the meter does not matter then" (MP-24: their cards stay).
    let (mut state, c) = player_at(31, 2);
    let mut ev = Events::default();
    state.damage(c, 40, true, &mut ev);
    assert!(emptied(&ev).is_empty());
    assert_eq!((state.player(c).meter.len(), state.player(c).meter_passed), (2, 0b11));
    assert!(state.player(c).eliminated.is_some());
}

#[test]
fn the_two_player_game_has_no_thresholds() {
    let mut state = super::start(0);
    let mut ev = Events::default();
    state.damage(Seat::B, 15, false, &mut ev);
    assert_eq!((state.player(Seat::B).hp, state.player(Seat::B).meter_passed), (5, 0));
    assert!(emptied(&ev).is_empty());
}
