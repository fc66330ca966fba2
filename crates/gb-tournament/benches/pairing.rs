//! Pairing a 1,024-player Swiss round on each path of the matching (issue 42: every case under 50 ms), and
//! computing its standings:
//! - `pair_round_6`: round 6 after five rounds of results, paired score group by score group (`groups.rs`);
//! - `pair_round_2_draw_and_drop`: round 2 after an intentional draw and a winner's drop in round 1, where the
//!   score-group pass gives up (the drawn pair is a group of two who have met) and the warm-started whole-graph
//!   solver answers (`warm.rs`);
//! - `dense_round_2_draw_and_drop`: the same field on the dense O(n³) solver that case used to fall back to;
//! - `warm_round_6`: the warm-started solver alone on round 6's field (16 score groups, a harder case for it than
//!   round 2: an odd player in most groups to repair), as a late round that gave up would take.
use criterion::{Criterion, criterion_group, criterion_main};
use gb_tournament::pairing::swiss::{Solver, field_for_next_round, solve_traced, solve_warm, solve_whole};
use gb_tournament::{RosterChange, RosterChangeKind, pair_next_round, players_in_round, standings};

#[path = "../tests/support/sim.rs"]
mod sim;

fn bench(c: &mut Criterion) {
    let mut t = sim::tournament(1024, 11, 2026);
    let mut choice = 0u8;
    for _ in 0..5 {
        let plan = pair_next_round(&t).unwrap();
        sim::play(&mut t, plan, || {
            choice = choice.wrapping_mul(31).wrapping_add(7);
            choice
        });
    }
    let round_6 = field_for_next_round(&t, &players_in_round(&t, 6).unwrap()).unwrap();
    assert_eq!(solve_traced(&round_6).1, Solver::ByGroups);

    let mut fallback = sim::tournament(1024, 11, 2026);
    let plan = pair_next_round(&fallback).unwrap();
    let mut table = 0;
    sim::play(&mut fallback, plan, || {
        table += 1;
        if table == 1 { 5 } else { 0 }
    });
    let gb_tournament::Pairing::Table(second) = &fallback.rounds[0].pairings[1] else { unreachable!() };
    let player = second.players[0].clone();
    fallback.roster.push(RosterChange { before_round: 2, player, change: RosterChangeKind::Drop, reason: "b".into() });
    let round_2 = field_for_next_round(&fallback, &players_in_round(&fallback, 2).unwrap()).unwrap();
    assert_eq!(solve_traced(&round_2).1, Solver::WarmBlossom);

    let mut group = c.benchmark_group("swiss_1024");
    group.sample_size(10);
    group.bench_function("pair_round_6", |b| b.iter(|| pair_next_round(&t).unwrap()));
    group.bench_function("pair_round_2_draw_and_drop", |b| b.iter(|| pair_next_round(&fallback).unwrap()));
    group.bench_function("dense_round_2_draw_and_drop", |b| b.iter(|| solve_whole(&round_2)));
    group.bench_function("warm_round_6", |b| b.iter(|| solve_warm(&round_6).unwrap()));
    group.bench_function("standings_after_5", |b| b.iter(|| standings(&t).unwrap()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
