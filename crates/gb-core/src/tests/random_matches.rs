//! 10,000 random matches with every invariant checked after every intent, and `check` agreeing with
//! `legal_intents` in both directions on the states they pass through.
use super::{match_count, start};
use crate::api::{apply, check, legal_intents, owed_seat};
use crate::ids::{CardId, Position, Seat};
use crate::intent::{AttackerDecl, Intent};
use crate::invariants::{check_invariants, initial_cards};
use crate::playout::{RandomPolicy, play_out};
use crate::rng::MatchRng;
use crate::state::MatchState;

/// Intents of every kind with arguments drawn from what the state contains and beyond, legal or not.
fn probes(state: &MatchState, rng: &mut MatchRng) -> Vec<Intent> {
    let mut ids: Vec<CardId> = Vec::new();
    for seat in state.table().seats() {
        let p = state.player(seat);
        ids.extend(p.hand.iter().chain(p.bench.iter()).chain(p.deck.iter().take(2)).map(|c| c.id));
    }
    ids.push(CardId(rng.below(100_000)));
    let id = |rng: &mut MatchRng| ids[rng.below(ids.len() as u32) as usize];
    let pos = |rng: &mut MatchRng| Position::ALL[rng.below(4) as usize];
    let mut out = vec![
        Intent::ChooseTurnOrder { go_first: rng.below(2) == 0 },
        Intent::Mulligan,
        Intent::KeepHand,
        Intent::EndTurn,
        Intent::Pass,
        Intent::AcceptDamage,
        Intent::DeblendToBlock,
        Intent::KeepHeroes,
        Intent::Accept,
        Intent::Decline,
        Intent::Concede,
    ];
    for _ in 0..4 {
        out.push(Intent::PlayGem { card: id(rng), hero: pos(rng) });
        out.push(Intent::PlayBlend { card: id(rng), hero: pos(rng) });
        out.push(Intent::PlayAction { card: id(rng) });
        out.push(Intent::Deblend { hero: pos(rng) });
        out.push(Intent::Substitute { hero: pos(rng), bench: id(rng) });
        out.push(Intent::RemoveGem { hero: pos(rng), gem: id(rng) });
        out.push(Intent::MoveHero { hero: pos(rng), to: pos(rng) });
        let n = rng.below(4) as usize;
        // A defender named or not, at the table or not (MP-10: named exactly in the free-for-all).
        let defender = |rng: &mut MatchRng| Seat::ALL.get(rng.below(8) as usize).copied();
        let attackers =
            (0..n).map(|_| AttackerDecl { hero: pos(rng), target: pos(rng), defender: defender(rng) }).collect();
        out.push(Intent::DeclareAttack { attackers });
    }
    out
}

pub(super) fn assert_legality_agrees(state: &MatchState, rng: &mut MatchRng) {
    for seat in state.table().seats() {
        let legal = legal_intents(state, seat);
        for intent in &legal {
            assert!(check(state, seat, intent).is_ok(), "listed but refused: {intent:?}");
        }
        for probe in probes(state, rng) {
            let accepted = check(state, seat, &probe).is_ok();
            let listed = legal.contains(&probe)
                || matches!(&probe, Intent::DeclareAttack { attackers } if {
                    // Declarations are listed in one canonical order; any order of the same attackers is accepted.
                    let mut sorted = attackers.clone();
                    sorted.sort();
                    legal.contains(&Intent::DeclareAttack { attackers: sorted })
                });
            assert_eq!(accepted, listed, "check and legal_intents disagree on {probe:?} for {seat:?}");
            if !accepted && rng.below(8) == 0 {
                let mut copy = state.clone();
                assert!(apply(&mut copy, seat, &probe).is_err());
                assert!(copy == *state, "a rejected intent changed the state");
            }
        }
    }
}

/// After every intent: every card in exactly one zone; heroes only on the field or the bench (CR 300.1b, 400.3b)
/// and never discarded (CR 404.2a, 404.3a); each hero in one position (CR 300.2b, 400.3d); no blend without its
/// gems (CR 302.6); no more actions than meter slots (CR 401.2); never more than two rounds won (CR 206.2); and
/// every match ends (CR 200.8b).
#[test]
fn ten_thousand_random_matches_keep_every_invariant() {
    let n = match_count(10_000);
    let mut finished = 0;
    let mut total_intents = 0usize;
    for seed in 0..n {
        let mut state = start(seed);
        let initial = initial_cards(&state);
        check_invariants(&state, &initial).unwrap();
        let mut policy = RandomPolicy::new(seed);
        policy.concede_one_in = if seed % 10 == 0 { 400 } else { 0 };
        let mut probe_rng = MatchRng::new(seed);
        let log = play_out(&mut state, &mut policy, 50_000, |s, seat, intent| {
            if let Err(e) = check_invariants(s, &initial) {
                panic!("seed {seed}: after {seat:?} {intent:?}: {e}");
            }
            // The both-directions check is costlier; sample it.
            if probe_rng.below(8) == 0 {
                assert_legality_agrees(s, &mut probe_rng);
            }
        });
        total_intents += log.len();
        if state.is_over() {
            finished += 1;
        }
        assert!(owed_seat(&state).is_none() || log.len() >= 50_000);
    }
    assert_eq!(finished, n, "every random match reaches an end");
    eprintln!("{n} random matches, {total_intents} intents");
}
