//! Substituting a field hero for a bench hero between rounds (CR 206.3, 405.4, 621).
use crate::event::{DeblendReason, Event, Events};
use crate::frames::AskKind;
use crate::ids::{CardId, Position, Seat};
use crate::intents::{current_ask, not_asked};
use crate::rejection::Rejection;
use crate::state::MatchState;

fn asked(state: &MatchState, seat: Seat) -> Result<(), Rejection> {
    // MP-7: the free-for-all never uses the bench (and has no rounds to substitute between, MP-2).
    if !state.table.format().rules().bench_used {
        return Err(Rejection::new("no_bench", "MP-7", "the bench is not used with three or more players"));
    }
    match current_ask(state, seat) {
        Some(AskKind::Substitute) => Ok(()),
        _ => Err(not_asked("CR 206.3", "substituting a hero")),
    }
}

pub(crate) fn check(state: &MatchState, seat: Seat, _hero: Position, bench: CardId) -> Result<(), Rejection> {
    asked(state, seat)?;
    if !state.player(seat).bench.iter().any(|c| c.id == bench) {
        return Err(Rejection::new("not_on_bench", "CR 621.1", "that hero is not on your bench"));
    }
    Ok(())
}

pub(crate) fn apply(state: &mut MatchState, seat: Seat, hero: Position, bench: CardId, ev: &mut Events) {
    state.frames.pop();
    substitute(state, seat, hero, bench, ev);
}

/// The exiting hero is deblended (CR 621.2) and goes face down to the bench; its gems move to the incoming hero
/// without counting as equipping (CR 621.3a, 405.4a). Alterations stay with the hero that carried them (CR 621.4).
pub(crate) fn substitute(state: &mut MatchState, seat: Seat, hero: Position, bench: CardId, ev: &mut Events) {
    state.deblend(seat, hero, DeblendReason::Substituted, ev);
    let p = state.player_mut(seat);
    let idx = p.bench.iter().position(|c| c.id == bench).expect("checked");
    let incoming = p.bench.remove(idx);
    let incoming = state.fresh(incoming.def);
    let h = state.hero_mut(seat, hero);
    let outgoing = std::mem::replace(&mut h.card, incoming);
    h.face_down = false;
    let outgoing_benched = state.fresh(outgoing.def);
    state.player_mut(seat).bench.push(outgoing_benched);
    ev.push(Event::Substituted { seat, hero, outgoing: outgoing.into(), incoming: incoming.into() });
}

pub(crate) fn check_keep(state: &MatchState, seat: Seat) -> Result<(), Rejection> {
    asked(state, seat)
}

pub(crate) fn apply_keep(state: &mut MatchState, _seat: Seat, _ev: &mut Events) {
    state.frames.pop();
}
