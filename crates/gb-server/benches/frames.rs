//! Update frame sizes on the wire, per viewer kind, over random matches: the delta `update` the server sends
//! (RFC 6902 patch, protocol 2) next to the whole-view `update` of protocol 1, built from the same version in
//! the same run. Also the CPU time of a projection (view, legal intents, JSON document, diff, encoding).
//!
//! `cargo bench -p gb-server --bench frames [-- MATCHES]` (default 200 matches). With `GB_FRAMES_DUMP=DIR`, every
//! update is also written to `DIR/{kind}.jsonl`, to see what the median frame carries.
use gb_core::playout::RandomPolicy;
use gb_core::{MatchSetup, apply, legal_intents, new_match, owed_seat};
use gb_server::room::delta::{Seen, Spare, project, write_views};
use gb_server::room::streams::Kind;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

// The server's allocator (src/main.rs), so the projection's cost here is what it costs there: under glibc's,
// a tenth of a projection's instructions were the allocator's own consolidation (callgrind).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let matches: u64 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(200);
    let decks = gb_core::decks::preconstructed();
    // Per kind: delta update sizes, whole-view update sizes, skips.
    let mut delta: [Vec<usize>; 3] = Default::default();
    let mut whole: [Vec<usize>; 3] = Default::default();
    let mut skips = [0usize; 3];
    let mut spent = Duration::ZERO;
    let mut dump = std::env::var_os("GB_FRAMES_DUMP").map(|dir| {
        Kind::TWO_PLAYER.map(|k| {
            let path = std::path::Path::new(&dir).join(format!("{k:?}.jsonl"));
            std::io::BufWriter::new(std::fs::File::create(path).expect("dump file"))
        })
    });
    for seed in 0..matches {
        let n = decks.len();
        let (a, b) = (decks[seed as usize % n].1.clone(), decks[(seed as usize + 1) % n].1.clone());
        let mut state = new_match(&MatchSetup { decks: vec![a, b], seed: seed.into(), chooser: None })
            .expect("shipped decks are legal");
        let mut policy = RandomPolicy::new(seed);
        let mut held = Kind::TWO_PLAYER.map(|k| Seen::of(&state, k));
        // As a room does: each kind's replaced view and text buffer are written into again (issue 14).
        let mut spares = Kind::TWO_PLAYER.map(|_| Spare::default());
        let mut v = 0;
        while let Some(seat) = owed_seat(&state) {
            let intent = policy.pick(&legal_intents(&state, seat));
            let events = apply(&mut state, seat, &intent).expect("a legal intent is accepted");
            v += 1;
            // Every kind's view at once, as a room writes them (`write_views`), timed as part of the projections.
            let t0 = Instant::now();
            write_views(&state, Kind::TWO_PLAYER.into_iter().zip(spares.iter_mut()));
            spent += t0.elapsed();
            for kind in Kind::TWO_PLAYER {
                let i = kind.index();
                let t0 = Instant::now();
                let p = project(&state, &events, kind, &held[i], v, None, &mut spares[i]);
                spent += t0.elapsed();
                let Some(seen) = p.seen else {
                    skips[i] += 1;
                    continue;
                };
                delta[i].push(p.frame.len());
                if let Some(files) = &mut dump {
                    use std::io::Write;
                    writeln!(files[i], "{}", p.frame.as_str()).expect("dump write");
                }
                let frame: Value = serde_json::from_str(p.frame.as_str()).expect("frames are JSON");
                let mut view = seen.doc();
                let legal = view.as_object_mut().and_then(|m| m.remove("legal"));
                let old = json!({"type": "update", "v": v, "events": frame["events"], "view": view,
                    "legal": legal, "clocks": null});
                whole[i].push(serde_json::to_vec(&old).expect("JSON").len());
                spares[i].hold(&mut held[i], seen);
            }
        }
    }
    let projections: usize = delta.iter().map(Vec::len).sum::<usize>() + skips.iter().sum::<usize>();
    println!(
        "{matches} random matches, {projections} projections, {:.2} µs per projection (view, legal, doc, diff, encode)",
        spent.as_secs_f64() * 1e6 / projections as f64
    );
    println!(
        "{:<10} {:>8} {:>7} {:>7} {:>7} {:>9} {:>9} {:>7}",
        "kind", "updates", "p50 B", "p90 B", "mean B", "v1 p50 B", "v1 mean B", "skips"
    );
    for kind in Kind::TWO_PLAYER {
        let i = kind.index();
        let (d, w) = (stats(&mut delta[i]), stats(&mut whole[i]));
        println!(
            "{:<10} {:>8} {:>7} {:>7} {:>7.0} {:>9} {:>9.0} {:>7}",
            format!("{kind:?}"),
            delta[i].len(),
            d.0,
            d.1,
            d.2,
            w.0,
            w.2,
            skips[i]
        );
    }
}

/// Median, 90th percentile and mean.
fn stats(xs: &mut [usize]) -> (usize, usize, f64) {
    xs.sort_unstable();
    let at = |q: f64| xs[((xs.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.9), xs.iter().sum::<usize>() as f64 / xs.len() as f64)
}
