//! Invariants that hold after every accepted intent; the random-match tests check them all the time, and a
//! server may check them in debug builds.
use crate::api::{legal_intents, owed_seat};
use crate::cards::CardKind;
use crate::frames::Frame;
use crate::ids::Seat;
use crate::intent::Intent;
use crate::state::MatchState;

/// What the state must always satisfy, given each player's cards at the start (sorted catalogue ids, by seat
/// index: [`initial_cards`]).
pub fn check_invariants(state: &MatchState, initial: &[Vec<u16>]) -> Result<(), String> {
    let mut ids = Vec::with_capacity(256);
    // Eliminated seats too: their cards stay where they are, each in one zone (MP-24).
    for seat in seated(state) {
        let p = state.player(seat);
        let living = state.table().is_living(seat);
        // Every card of the deck is in exactly one zone.
        if p.card_census() != initial[seat.index()] {
            return Err(format!("{seat:?}: the cards in play are not the cards the player brought"));
        }
        // Four heroes in four distinct positions, heroes only there and on the bench.
        let mut heroes: Vec<_> = p.field.iter().map(|h| h.card.def).chain(p.bench.iter().map(|c| c.def)).collect();
        if heroes.iter().any(|h| h.def().kind != CardKind::Hero) {
            return Err(format!("{seat:?}: a non-hero stands in a hero's place"));
        }
        heroes.sort();
        heroes.dedup();
        if heroes.len() != 4 + p.bench.len() {
            return Err(format!("{seat:?}: a hero appears twice"));
        }
        for (i, h) in p.field.iter().enumerate() {
            if h.gems.iter().any(|g| g.def.def().kind != CardKind::Gem) {
                return Err(format!("{seat:?}: a non-gem is equipped"));
            }
            if let Some(b) = h.blend {
                if b.def.def().kind != CardKind::Blend {
                    return Err(format!("{seat:?}: a non-blend is blended"));
                }
                let pos = crate::ids::Position::from_index(i);
                // An eliminated player's heroes have no effect any more (MP-24), so the invisible gems their
                // statics gave are gone; but their field is frozen, nothing of it is discarded (CR 302.6 is a
                // check of play, and they no longer play).
                if living && !crate::effects::gems::meets_requirement(state, seat, pos, &b.def.def().gem_need) {
                    return Err(format!("{seat:?}: a blend stays without its gems (CR 302.6)"));
                }
            }
            let pos = crate::ids::Position::from_index(i);
            if living && !h.attached.is_empty() && h.attached_by != crate::effects::active_effect(state, seat, pos) {
                return Err(format!("{seat:?}: cards stay attached without the effect that attached them (CR 406.2)"));
            }
            ids.push(h.card.id);
            ids.extend(h.gems.iter().chain(h.blend.iter()).chain(h.attached.iter()).map(|c| c.id));
        }
        if p.meter.len() > p.meter_slots as usize {
            return Err(format!("{seat:?}: the action meter holds more than its slots (CR 401.2)"));
        }
        if p.meter.iter().any(|c| c.def.def().kind != CardKind::Action) {
            return Err(format!("{seat:?}: a non-action is in the action meter"));
        }
        if p.rounds_won > 2 {
            return Err(format!("{seat:?}: more than two rounds won"));
        }
        for zone in [&p.hand, &p.deck, &p.discard, &p.bench, &p.meter] {
            ids.extend(zone.iter().map(|c| c.id));
        }
    }
    ids.sort();
    let n = ids.len();
    ids.dedup();
    if ids.len() != n {
        return Err("two cards share a handle".into());
    }
    // Exactly one seat owes the next decision, or the game is over.
    match (state.is_over(), owed_seat(state)) {
        (true, None) => {}
        (false, Some(seat)) => {
            if !state.table().is_living(seat) {
                return Err(format!("{seat:?} owes a decision although eliminated (MP-18)"));
            }
            if !matches!(state.frames.last(), Some(Frame::Ask { .. } | Frame::Window { .. })) {
                return Err("a work frame is on top between intents".into());
            }
            if legal_intents(state, seat).iter().all(|i| *i == Intent::Concede) {
                return Err(format!("{seat:?} owes a decision but has no legal intent but conceding"));
            }
            for other in state.table().opponents(seat) {
                if legal_intents(state, other) != vec![Intent::Concede] {
                    return Err(format!("{other:?} may act although {seat:?} owes the decision"));
                }
            }
        }
        (over, owed) => return Err(format!("game over = {over} but owed seat = {owed:?}")),
    }
    // MP-18, MP-24: a seat is out exactly when its player says so, and then it may do nothing, not even concede.
    for seat in seated(state) {
        let out = !state.table().is_living(seat);
        if out != state.player(seat).eliminated.is_some() {
            return Err(format!("{seat:?}: the table and the player disagree on its elimination"));
        }
        if out && !legal_intents(state, seat).is_empty() {
            return Err(format!("{seat:?} is eliminated but has legal intents (MP-18)"));
        }
    }
    Ok(())
}

/// What must hold from one state to the next (`before` and the state after one accepted intent), besides
/// `check_invariants` on each: nobody comes back once out (MP-23); an eliminated seat's player never changes again,
/// its cards frozen where they were (MP-24); a meter threshold once passed stays passed (MP-20).
pub fn check_step(before: &MatchState, after: &MatchState) -> Result<(), String> {
    for seat in seated(after) {
        let (b, a) = (before.player(seat), after.player(seat));
        if b.eliminated.is_some() && a != b {
            return Err(format!("{seat:?}: an eliminated player's state changed (MP-24)"));
        }
        if a.meter_passed & b.meter_passed != b.meter_passed {
            return Err(format!("{seat:?}: a passed meter threshold was forgotten (MP-20)"));
        }
    }
    Ok(())
}

/// Every seat of the match, eliminated ones included, in letter order.
pub(crate) fn seated(state: &MatchState) -> impl Iterator<Item = Seat> + use<> {
    Seat::ALL.into_iter().take(state.table().seat_count())
}

/// Each seat's card census at the start, seat A's first, for `check_invariants`.
pub fn initial_cards(state: &MatchState) -> Vec<Vec<u16>> {
    Seat::ALL[..state.table().seat_count()].iter().map(|&s| state.player(s).card_census()).collect()
}
