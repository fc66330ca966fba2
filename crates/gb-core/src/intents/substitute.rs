//! Substituting a field hero for a bench hero between rounds (CR 206.3, 405.4, 621).
use crate::effects::field::LazyField;
use crate::event::{DeblendReason, Event, Events};
use crate::frames::AskKind;
use crate::ids::{CardId, Position, Seat};
use crate::intent::Intent;
use crate::intents::{Kind, current_ask, not_asked};
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

/// CR 206.3, 621: swap one field hero for a bench hero between rounds.
pub(crate) struct Substitute {
    pub(crate) hero: Position,
    pub(crate) bench: CardId,
}

/// The bench hero's place on the bench, found by the check.
pub(crate) struct OnBench {
    hero: Position,
    index: usize,
}

/// Every field hero for every bench hero, then keeping them all (the question's answers, each checked).
pub(crate) fn candidates(state: &MatchState, seat: Seat, out: &mut Vec<Intent>) {
    for b in &state.player(seat).bench {
        out.extend(Position::each(|hero| Intent::Substitute { hero, bench: b.id }));
    }
    out.push(Intent::KeepHeroes);
}

impl Kind for Substitute {
    type Checked = OnBench;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<OnBench, Rejection> {
        asked(state, seat)?;
        match state.player(seat).bench.iter().position(|c| c.id == self.bench) {
            Some(index) => Ok(OnBench { hero: self.hero, index }),
            None => Err(Rejection::new("not_on_bench", "CR 621.1", "that hero is not on your bench")),
        }
    }
    fn apply(OnBench { hero, index }: OnBench, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        state.frames.pop();
        substitute(state, seat, hero, index, ev);
    }
}

/// The exiting hero is deblended (CR 621.2) and goes face down to the bench; its gems move to the incoming hero,
/// the bench hero at `index`, without counting as equipping (CR 621.3a, 405.4a). Alterations stay with the hero
/// that carried them (CR 621.4).
pub(crate) fn substitute(state: &mut MatchState, seat: Seat, hero: Position, index: usize, ev: &mut Events) {
    state.deblend(seat, hero, DeblendReason::Substituted, ev);
    let incoming = state.player_mut(seat).bench.remove(index);
    let incoming = state.fresh(incoming.def);
    let h = state.hero_mut(seat, hero);
    let outgoing = std::mem::replace(&mut h.card, incoming);
    h.face_down = false;
    let outgoing_benched = state.fresh(outgoing.def);
    state.player_mut(seat).bench.push(outgoing_benched);
    ev.push(Event::Substituted { seat, hero, outgoing: outgoing.into(), incoming: incoming.into() });
}

/// CR 206.3: substitute no one.
pub(crate) struct KeepHeroes;

/// The substitution question is asked of the seat, found by the check.
pub(crate) struct Asked(());

impl Kind for KeepHeroes {
    type Checked = Asked;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<Asked, Rejection> {
        asked(state, seat).map(Asked)
    }
    fn apply(_: Asked, state: &mut MatchState, _: Seat, _: &mut Events) {
        state.frames.pop();
    }
}
