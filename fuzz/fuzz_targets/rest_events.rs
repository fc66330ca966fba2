//! The tournament REST bodies on arbitrary text (create, registration, late entry, computers, check-in, judge
//! actions, penalties, corrections, re-pairing and pairing by hand, rounds, ending), through the checks the
//! handlers run before the event's actor sees them (`gb_protocol::checks`): nothing panics, a body read back is
//! unchanged (common/rest.rs), a refusal names its field, and an event the checks create has standings and a
//! pairing answer that does not call it invalid. What needs the event's state (a penalty's table, a pairing's
//! players) is checked by its actor, which this target does not run.
#![no_main]
use gb_protocol::tournament::{
    AddComputers, AppointJudge, CheckIn, Concede, Correct, CreateTournament, FeatureTable, IssuePenalty, Judge,
    LateEntry, Reason, Repair, SetSwissRounds,
};
use gb_protocol::{Announce, JoinSeat, checks};
use gb_tournament::PairingError;
use libfuzzer_sys::fuzz_target;

#[path = "common/rest.rs"]
mod rest;

/// A body whose `reason` the handler requires (`what` as the handler names the override). An empty reason is
/// left out of `Reason` when written, so the field is named here rather than read from the body.
fn with_reason(reason: &str, what: &str) {
    if let Err(r) = checks::reason_given(reason, what) {
        assert_eq!(r.code, "reason_required", "{r:?}");
        rest::names_one_of(&r, &["reason".to_owned()]);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Some(body) = rest::body::<CreateTournament>(text) {
        match checks::create_tournament(body.clone(), || 7) {
            Ok(t) => {
                gb_tournament::standings(&t).expect("a created event has standings");
                if let Err(PairingError::Invalid { error }) = gb_tournament::pair_next_round(&t) {
                    panic!("the checks created an event pairing calls invalid: {error}");
                }
            }
            Err(r) => rest::refused(&r, &body),
        }
    }
    if let Some(b) = rest::body::<Correct>(text) {
        with_reason(&b.reason, "a correction");
    }
    if let Some(b) = rest::body::<Repair>(text) {
        with_reason(&b.reason, "a re-pairing");
    }
    if let Some(b) = rest::body::<SetSwissRounds>(text) {
        with_reason(&b.reason, "a change of the number of rounds");
    }
    if let Some(b) = rest::body::<Reason>(text) {
        with_reason(&b.reason, "ending an event early");
    }
    // Read only: what they name is checked against the event's state by its actor.
    let _ = rest::body::<JoinSeat>(text);
    let _ = rest::body::<LateEntry>(text);
    let _ = rest::body::<AddComputers>(text);
    let _ = rest::body::<CheckIn>(text);
    let _ = rest::body::<Concede>(text);
    let _ = rest::body::<Judge>(text);
    let _ = rest::body::<IssuePenalty>(text);
    let _ = rest::body::<AppointJudge>(text);
    let _ = rest::body::<FeatureTable>(text);
    let _ = rest::body::<Announce>(text);
});
