//! Pairing a 1,024-player Swiss round (after five rounds of results) and computing its standings.
use criterion::{Criterion, criterion_group, criterion_main};
use gb_tournament::{pair_next_round, standings};

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
    let mut group = c.benchmark_group("swiss_1024");
    group.sample_size(10);
    group.bench_function("pair_round_6", |b| b.iter(|| pair_next_round(&t).unwrap()));
    group.bench_function("standings_after_5", |b| b.iter(|| standings(&t).unwrap()));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
