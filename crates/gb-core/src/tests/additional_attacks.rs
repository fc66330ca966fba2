//! Random play from a position with Test Twinstriker ("This hero may make 1 additional attack", CR 601.1) beside
//! Storm Weaver: every invariant after every intent, and `check` agreeing with `legal_intents` both ways, also
//! while an additional attack is asked (CR 601.1a) and resolved (CR 204.5).
use super::random_matches::assert_legality_agrees;
use crate::api::{legal_intents, owed_seat};
use crate::frames::{AskKind, Frame};
use crate::intent::Intent;
use crate::invariants::{check_invariants, initial_cards};
use crate::playout::{RandomPolicy, play_out};
use crate::rng::MatchRng;
use crate::state::MatchState;

fn position() -> MatchState {
    let file = "204-storm-weaver-and-an-additional-attack.toml";
    let path = format!("{}/test-cards/scenarios/{file}", env!("CARGO_MANIFEST_DIR"));
    let scenario: crate::scenario::Scenario = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    crate::scenario::build_position(scenario.position.as_ref().expect("a position")).expect("builds").0
}

fn asked_additional(state: &MatchState) -> bool {
    matches!(state.frames.last(), Some(Frame::Ask { kind: AskKind::AdditionalAttack { .. }, .. }))
}

#[test]
fn random_play_with_additional_attacks_keeps_every_invariant() {
    let mut asked = 0;
    let mut made = 0;
    for seed in 0..super::match_count(300) {
        let mut state = position();
        let initial = initial_cards(&state);
        let mut policy = RandomPolicy::new(seed);
        let mut probe_rng = MatchRng::new(seed);
        let mut was_asked = false;
        play_out(&mut state, &mut policy, 200, |s, seat, intent| {
            if let Err(e) = check_invariants(s, &initial) {
                panic!("seed {seed}: after {seat:?} {intent:?}: {e}");
            }
            assert_legality_agrees(s, &mut probe_rng);
            made += usize::from(was_asked && *intent == Intent::Accept);
            was_asked = asked_additional(s);
            if was_asked {
                asked += 1;
                // CR 204.5c: between attacks the attacker answers the question, or concedes; nothing else.
                let owed = owed_seat(s).expect("someone owes the answer");
                assert_eq!(legal_intents(s, owed), [Intent::Accept, Intent::Decline, Intent::Concede]);
                assert!(legal_intents(s, s.table().standard_opponent(owed)) == [Intent::Concede]);
            }
        });
    }
    assert!(asked > 0 && made > 0, "additional attacks asked {asked}, made {made}");
}
