//! Card effects with several opponents (plan step 5): one test per ruling (MP-16, MP-17, MP-25, MP-34 … MP-40)
//! and the rulebook's Anchor example, on free-for-all tables with cards placed by hand.
mod cards;
mod order;

use crate::cards::{GemType, card, catalogue};
use crate::event::{Event, Events};
use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::{Position, Seat};
use crate::intent::Intent;
use crate::state::{Hero, MatchState};

/// A table of `seats` (3 to 6: the free-for-all) in `active`'s play phase, late enough that no first-turn rule
/// applies; every player at 45 HP with an empty hand and meter and four heroes whose own effects never fire
/// unless used (Kula, Claire, Carter, Tara: activated or none), so only the cards a test places can act.
fn table_of(seats: usize, active: Seat) -> MatchState {
    let mut state = crate::tests::start_for(7, seats);
    // Play the setup through (turn order, mulligans, reveal) to the first play phase.
    while !matches!(state.frames.last(), Some(Frame::Window { kind: WindowKind::Main, .. })) {
        let seat = crate::owed_seat(&state).expect("someone owes the setup");
        let intent = crate::legal_intents(&state, seat).into_iter().find(|i| *i != Intent::Concede).expect("one");
        crate::apply(&mut state, seat, &intent).expect("legal");
    }
    for seat in state.table.seats() {
        let heroes = ["Kula", "Claire", "Carter", "Tara"].map(|n| state.fresh(card(n)));
        let p = state.player_mut(seat);
        p.field = heroes.map(|c| Hero { face_down: false, ..Hero::new(c) });
        p.hand.clear();
        p.meter.clear();
        p.hp = 45;
        p.turns_started = 3;
        p.previous_turn = 0;
        p.allotted_gem_used = false;
        p.first_turn_phrase_uses = 0;
    }
    state.turn.number = 20;
    state.turn.active = active;
    state.frames = vec![Frame::Window { seat: active, kind: WindowKind::Main }];
    state.fields.clear();
    state
}

/// Blends `seat`'s hero at `pos` as `blend`, with the gems it requires (CR 302.3).
fn blend(state: &mut MatchState, seat: Seat, pos: Position, blend: &str) {
    let def = card(blend);
    let gems: Vec<_> = def.def().gems.iter().map(|t| state.fresh(gem_of(*t))).collect();
    let blend = state.fresh(def);
    let hero = state.hero_mut(seat, pos);
    hero.gems = gems;
    hero.blend = Some(blend);
    state.fields.clear();
}

/// Gives `seat`'s hero at `pos` the gems `blend` requires, so that blend can be played onto it.
fn gems_for(state: &mut MatchState, seat: Seat, pos: Position, blend: &str) {
    let gems: Vec<_> = card(blend).def().gems.iter().map(|t| state.fresh(gem_of(*t))).collect();
    state.hero_mut(seat, pos).gems = gems;
    state.fields.clear();
}

/// Puts a new `name` card in `seat`'s hand and returns its handle.
fn to_hand(state: &mut MatchState, seat: Seat, name: &str) -> crate::ids::CardId {
    let c = state.fresh(card(name));
    state.player_mut(seat).hand.push(c);
    c.id
}

fn gem_of(t: GemType) -> crate::cards::CardDefId {
    catalogue().ids().find(|d| d.def().gem_type == Some(t)).expect("a basic gem of every type")
}

/// Submits an intent that must be legal, and checks `legal_intents` agreed.
fn play(state: &mut MatchState, seat: Seat, intent: Intent) -> Events {
    assert!(
        crate::legal_intents(state, seat).contains(&intent),
        "{intent:?} for {seat:?} not listed: {:?}",
        crate::legal_intents(state, seat)
    );
    crate::apply(state, seat, &intent).unwrap_or_else(|r| panic!("{intent:?} for {seat:?}: {r:?}"))
}

/// The effect question on top, as (asked seat, prompt).
fn asked(state: &MatchState) -> Option<(Seat, crate::effects::resolve::Prompt)> {
    match state.frames.last() {
        Some(Frame::Ask { seat, kind: AskKind::Effect { prompt, .. } }) => Some((*seat, *prompt)),
        _ => None,
    }
}

/// `(seat, amount)` of each HP damage in `ev`, in order.
fn damage(ev: &Events) -> Vec<(Seat, u16)> {
    ev.0.iter()
        .filter_map(|e| match e {
            Event::Damage { seat, amount, .. } => Some((*seat, *amount)),
            _ => None,
        })
        .collect()
}

/// `(seat, card)` of each effect that started resolving in `ev`, in order.
fn resolving(ev: &Events) -> Vec<(Seat, &'static str)> {
    ev.0.iter()
        .filter_map(|e| match e {
            Event::EffectResolving { seat, card } => Some((*seat, *card)),
            _ => None,
        })
        .collect()
}
