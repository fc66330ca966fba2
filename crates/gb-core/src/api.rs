//! The engine's narrow surface: `legal_intents`, `apply`, `owed_seat`, `state_hash`, `replay`; and for bots and
//! playouts `apply_listed` (no second search of an effect's options for an answer taken from `legal_intents`).
use crate::effects::field::LazyField;
use crate::event::Events;
use crate::frames::Frame;
use crate::ids::Seat;
use crate::intent::Intent;
use crate::intents::{Kind, Visit, additional, dispatch};
use crate::rejection::Rejection;
use crate::state::MatchState;
use std::hash::Hash;

/// The seat that owes the next decision, or `None` once the game is over.
pub fn owed_seat(state: &MatchState) -> Option<Seat> {
    if state.is_over() {
        return None;
    }
    state.frames.last().and_then(Frame::owed_by)
}

/// Whether `intent` by `seat` would be accepted now, and if not, why. Never changes the state.
pub fn check(state: &MatchState, seat: Seat, intent: &Intent) -> Result<(), Rejection> {
    if !state.table.is_living(seat) {
        return Err(not_living(state, seat));
    }
    check_in(state, seat, intent, &LazyField::kept(state, seat))
}

/// [`check`] against `seat`'s field (its heroes' effects, statics and gem pools), worked out at most once however
/// many intents are checked against it.
pub(crate) fn check_in(state: &MatchState, seat: Seat, intent: &Intent, field: &LazyField) -> Result<(), Rejection> {
    dispatch(intent, Checking { state, seat, intent, field, listed: false })
}

/// Checks an intent's kind: the tests every intent passes first, then the kind's own, whose proof it returns.
struct Checking<'a, 's> {
    state: &'a MatchState,
    seat: Seat,
    intent: &'a Intent,
    field: &'a LazyField<'s>,
    /// The intent was listed by `legal_intents` for this state (`Kind::check_listed`).
    listed: bool,
}

impl Visit for Checking<'_, '_> {
    type Out = Result<(), Rejection>;
    fn visit<K: Kind>(self, kind: K) -> Self::Out {
        self.proof(kind).map(|_| ())
    }
}

impl Checking<'_, '_> {
    fn proof<K: Kind>(&self, kind: K) -> Result<K::Checked, Rejection> {
        let Checking { state, seat, intent, field, listed } = *self;
        // An intent `legal_intents` listed for `seat` on this very state passed the tests below when it was listed
        // (the game is not over, `seat` owes the decision, nothing but accept or decline is listed between attacks).
        if listed {
            return kind.check_listed(state, seat, field);
        }
        if state.is_over() {
            return Err(Rejection::new("game_over", "CR 206.2", "the game is over"));
        }
        if !K::ANY_TIME {
            if owed_seat(state) != Some(seat) {
                return Err(Rejection::new(
                    "not_your_decision",
                    "CR 202.1b",
                    "another player owes the next decision; you may only concede now",
                ));
            }
            if let Some(r) = additional::between_attacks(state, seat, intent) {
                return Err(r);
            }
        }
        kind.check(state, seat, field)
    }
}

/// A seat this match does not have (seats C-F in the two-player game) may do nothing, not even concede; nor may
/// a seat that has been eliminated (MP-18, MP-29).
#[cold]
#[inline(never)]
fn not_living(state: &MatchState, seat: Seat) -> Rejection {
    match state.player(seat).eliminated {
        Some(e) => Rejection::new(
            "eliminated",
            "MP-18",
            format!("seat {seat:?} was eliminated ({} place) and takes no further part in the match", ordinal(e.place)),
        ),
        None => Rejection::new("not_at_table", "CR 100.2, MP-1", format!("this match has no seat {seat:?}")),
    }
}

/// 2nd, 3rd, … (places run from 2 to 6, MP-24).
fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

/// Applies one intent. On rejection nothing changes; on success the events say what happened.
pub fn apply(state: &mut MatchState, seat: Seat, intent: &Intent) -> Result<Events, Rejection> {
    if !state.table.is_living(seat) {
        return Err(not_living(state, seat));
    }
    dispatch(intent, Applying { state, seat, intent, listed: false })
}

/// The trusted path, for bots and playouts only: applies an intent taken from `legal_intents(state, seat)` on this
/// very state without the tests only an intent never listed fails (`Kind::check_listed`; a server validates every
/// intent with [`apply`]). For such an intent the state and events are exactly those of `apply` (property test
/// `tests/listed.rs`); for any other intent the result is unspecified and may panic (debug builds assert that it
/// passes `check`).
#[inline]
pub fn apply_listed(state: &mut MatchState, seat: Seat, intent: &Intent) -> Events {
    debug_assert!(check(state, seat, intent).is_ok(), "apply_listed with an intent check refuses: {intent:?}");
    dispatch(intent, Applying { state, seat, intent, listed: true })
        .unwrap_or_else(|r| panic!("apply_listed with an intent legal_intents does not list: {intent:?}: {r:?}"))
}

/// Checks an intent's kind and applies it with the proof the check gave.
struct Applying<'a> {
    state: &'a mut MatchState,
    seat: Seat,
    intent: &'a Intent,
    listed: bool,
}

impl Visit for Applying<'_> {
    type Out = Result<Events, Rejection>;
    fn visit<K: Kind>(self, kind: K) -> Self::Out {
        let Applying { state, seat, intent, listed } = self;
        let checked = {
            let field = LazyField::kept(state, seat);
            Checking { state, seat, intent, field: &field, listed }.proof(kind)?
        };
        // The fields `legal_intents` and `check` kept describe the state before this intent. Passing a window
        // (CR 501.6) only closes it, and declaring an attack (CR 203.1) only opens the attack's frame and notes
        // that the seat has attacked, which no field reads: those keep them, so the attacker's field listed for
        // the declaration serves its attack's steps (`Kind::KEEPS_FIELDS`, `AttackStage::leaves_fields`; issue 14).
        if !K::KEEPS_FIELDS {
            state.fields.clear();
        }
        let mut ev = Events::default();
        K::apply(checked, state, seat, &mut ev);
        state.applied += 1;
        // CR 302.6, 406.2: the state-based checks held when the state stopped for this intent (`drive_from`).
        crate::frames::drive_from(state, &mut ev, K::KEEPS_FIELDS);
        Ok(ev)
    }
}

pub use crate::intents::listing::{legal_intents, legal_intents_into};

/// A hash of the whole state, stable across machines: equal hashes mean equal replays.
pub fn state_hash(state: &MatchState) -> u64 {
    let mut h = crate::hash::StableHasher::new();
    state.hash(&mut h);
    std::hash::Hasher::finish(&h)
}
