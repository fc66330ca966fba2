//! Criterion benchmarks of the engine's hot paths: validate + apply one intent, clone a state, list legal
//! intents, build a view, and whole random matches with both seats' views built after every intent. Before
//! timing, it prints how many heap allocations `view_for` and `legal_intents` make per call over the same
//! positions: a count, unlike a time, does not move with the load of a shared machine.
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use gb_core::playout::RandomPolicy;
use gb_core::{
    MatchSetup, MatchState, Seat, Viewer, apply, decks::preconstructed, legal_intents, new_match, owed_seat, view_for,
    view_into,
};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use std::hint::black_box;

/// The system allocator, counting what it hands out.
#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Mean heap allocations per call of `f` over `positions`.
fn allocations_per_call(positions: &[(MatchState, Seat, gb_core::Intent)], f: impl Fn(&MatchState, Seat)) -> f64 {
    let region = Region::new(GLOBAL);
    for (s, seat, _) in positions {
        f(s, *seat);
    }
    // Reallocations count too: each may move the block.
    let change = region.change();
    (change.allocations + change.reallocations) as f64 / positions.len() as f64
}

fn setup(seed: u64) -> MatchSetup {
    let decks = preconstructed();
    MatchSetup {
        decks: vec![decks[(seed % 4) as usize].1.clone(), decks[((seed / 4) % 4) as usize].1.clone()],
        seed: seed.into(),
        chooser: None,
    }
}

/// Mid-game states with the intent a random player would submit there.
fn positions(n: usize) -> Vec<(MatchState, Seat, gb_core::Intent)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < n {
        let mut state = new_match(&setup(seed)).unwrap();
        let mut policy = RandomPolicy::new(seed);
        let mut i = 0;
        while let Some(seat) = owed_seat(&state) {
            let intent = policy.pick(&legal_intents(&state, seat));
            if i % 37 == 5 {
                out.push((state.clone(), seat, intent.clone()));
            }
            apply(&mut state, seat, &intent).unwrap();
            i += 1;
        }
        seed += 1;
    }
    out.truncate(n);
    out
}

/// One full random match: list legal intents, pick, apply, then build both seats' views after every intent.
fn full_match(seed: u64) -> usize {
    let mut state = new_match(&setup(seed)).unwrap();
    let mut policy = RandomPolicy::new(seed);
    let mut n = 0;
    while let Some(seat) = owed_seat(&state) {
        let intent = policy.pick(&legal_intents(&state, seat));
        let events = apply(&mut state, seat, &intent).unwrap();
        black_box(events);
        black_box(view_for(&state, Viewer::Seat(Seat::A)));
        black_box(view_for(&state, Viewer::Seat(Seat::B)));
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    let positions = positions(512);
    let views = allocations_per_call(&positions, |s, seat| drop(black_box(view_for(s, Viewer::Seat(seat)))));
    let legal = allocations_per_call(&positions, |s, seat| drop(black_box(legal_intents(s, seat))));
    let mut kept = view_for(&positions[0].0, Viewer::Seat(Seat::A));
    let kept_views = {
        let kept = std::cell::RefCell::new(&mut kept);
        allocations_per_call(&positions, |s, seat| view_into(s, Viewer::Seat(seat), &mut kept.borrow_mut()))
    };
    // Validate + apply on copies made beforehand, so that only `apply` (its events included) is counted.
    let mut copies = positions.clone();
    let region = Region::new(GLOBAL);
    for (s, seat, intent) in &mut copies {
        drop(black_box(apply(s, *seat, intent)));
    }
    let change = region.change();
    let applied = (change.allocations + change.reallocations) as f64 / positions.len() as f64;
    eprintln!(
        "allocations per call over {} positions: view_for {views:.1}, view_into (one view kept) {kept_views:.2}, \
         legal_intents {legal:.1}, validate + apply {applied:.1}",
        positions.len()
    );
    let mut k = 0;
    c.bench_function("validate_and_apply_one_intent", |b| {
        b.iter_batched(
            || {
                k = (k + 1) % positions.len();
                positions[k].clone()
            },
            |(mut state, seat, intent)| apply(&mut state, seat, &intent).unwrap(),
            BatchSize::SmallInput,
        )
    });
    let mut k = 0;
    c.bench_function("clone_state", |b| {
        b.iter(|| {
            k = (k + 1) % positions.len();
            black_box(positions[k].0.clone())
        })
    });
    let mut k = 0;
    c.bench_function("legal_intents", |b| {
        b.iter(|| {
            k = (k + 1) % positions.len();
            let (s, seat, _) = &positions[k];
            black_box(legal_intents(s, *seat))
        })
    });
    let mut k = 0;
    c.bench_function("view_for_seat", |b| {
        b.iter(|| {
            k = (k + 1) % positions.len();
            let (s, seat, _) = &positions[k];
            black_box(view_for(s, Viewer::Seat(*seat)))
        })
    });
    let mut k = 0;
    c.bench_function("view_into_seat", |b| {
        b.iter(|| {
            k = (k + 1) % positions.len();
            let (s, seat, _) = &positions[k];
            view_into(s, Viewer::Seat(*seat), &mut kept);
            black_box(&kept);
        })
    });
    let intents_per_match: usize = (0..64).map(full_match).sum::<usize>() / 64;
    eprintln!("random matches average {intents_per_match} intents");
    let mut g = c.benchmark_group("random_match_with_views");
    g.throughput(Throughput::Elements(1));
    g.sample_size(20);
    let mut seed = 0;
    g.bench_function("one_match", |b| {
        b.iter(|| {
            seed += 1;
            full_match(seed)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
