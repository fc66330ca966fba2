//! 10,000 random matches at each of 2, 3, 4 and 6 seats (fewer for 3+ in debug builds: `tables::matches_at`) with
//! every invariant checked after every intent, and `check` agreeing with `legal_intents` in both directions on the
//! states they pass through.
use super::tables::{RandomTable, at_every_seat_count, matches_at};
use crate::api::{apply, check, legal_intents};
use crate::ids::{CardId, Position, Seat};
use crate::intent::{AttackerDecl, Intent};
use crate::invariants::{check_invariants, check_step, initial_cards, seated};
use crate::rng::MatchRng;
use crate::state::MatchState;

/// Intents of every kind with arguments drawn from what the state contains and beyond, legal or not.
fn probes(state: &MatchState, rng: &mut MatchRng) -> Vec<Intent> {
    let mut ids: Vec<CardId> = Vec::new();
    for seat in seated(state) {
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
    for seat in seated(state) {
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
/// gems (CR 302.6); no more actions than meter slots (CR 401.2); never more than two rounds won (CR 206.2); an
/// eliminated seat owes nothing and never changes again, a passed meter threshold stays passed (MP-20, MP-23,
/// MP-24); and every match ends (CR 200.8b, MP-30). A tenth of the matches see concessions, owed or not (MP-29).
fn random_matches_keep_every_invariant(seats: usize) {
    let n = matches_at(seats, 1);
    let (mut finished, mut total_intents) = (0, 0);
    for seed in 0..n {
        let mut table = RandomTable::tenth_conceding(seed, seats);
        let initial = initial_cards(&table.state);
        check_invariants(&table.state, &initial).unwrap();
        let mut probe_rng = MatchRng::new(seed);
        let mut before = table.state.clone();
        table.play_out(|s, step| {
            let (seat, intent) = (step.seat, &step.intent);
            if let Err(e) = check_invariants(s, &initial).and_then(|()| check_step(&before, s)) {
                panic!("{seats} seats, seed {seed}: after {seat:?} {intent:?}: {e}");
            }
            before.clone_from(s);
            // The both-directions check is costlier; sample it.
            if probe_rng.below(8) == 0 {
                assert_legality_agrees(s, &mut probe_rng);
            }
        });
        total_intents += table.log.len();
        assert!(table.state.is_over(), "{seats} seats, seed {seed}: no end in {} intents", table.log.len());
        finished += 1;
    }
    assert_eq!(finished, n, "every random match reaches an end");
    eprintln!("{seats} seats: {n} random matches, {total_intents} intents");
}

at_every_seat_count!(random_matches_keep_every_invariant);
