//! Decks begin the game shuffled (CR 403.2): the seed decides each order, and the written order is not kept.
use super::{setup_for, start};
use crate::api::{apply, owed_seat};
use crate::cards::CardDefId;
use crate::ids::Seat;
use crate::intent::Intent;

/// Each main deck top card first, as it stands once the opening hands are dealt: the 7 dealt cards in the order
/// they were drawn, then the deck (whose top is its last element).
fn dealt_order(state: &crate::state::MatchState, seat: Seat) -> Vec<CardDefId> {
    let p = state.player(seat);
    p.hand.iter().chain(p.deck.iter().rev()).map(|c| c.def).collect()
}

#[test]
fn decks_begin_the_game_shuffled() {
    let mut orders = std::collections::HashSet::new();
    for seed in 0..16 {
        let mut state = start(seed);
        let chooser = owed_seat(&state).expect("turn order is owed");
        apply(&mut state, chooser, &Intent::ChooseTurnOrder { go_first: true }).expect("turn order");
        let setup = setup_for(seed, 2);
        for seat in state.table().seats() {
            let written = setup.decks[seat.index()].validate().expect("shipped decks are legal").main;
            let mut dealt = dealt_order(&state, seat);
            assert_eq!(dealt.len(), 50, "seed {seed}: all 50 cards are in the hand and deck (CR 403.2)");
            let reversed: Vec<_> = written.iter().rev().copied().collect();
            assert!(dealt != written && dealt != reversed, "seed {seed} seat {seat:?}: the deck kept its list order");
            orders.insert(dealt.clone());
            dealt.sort();
            let mut sorted = written;
            sorted.sort();
            assert_eq!(dealt, sorted, "seed {seed}: a shuffle neither adds nor loses a card");
        }
    }
    assert!(orders.len() > 24, "seeds give different orders: only {} of 32 differ", orders.len());
}
