//! Side by side in one process: the per-version document work of a delta the old way (a `Value` tree built per
//! version, then `diff` of two trees) and the new way (the document written as text, then `diff_text` of two
//! texts), over the recorded frames' documents (web-client/src/fixtures/deltas.json: each viewer kind's documents
//! over 20 versions of a real match). The tree is built as the server built it, with `serde_json::to_value` (of
//! the recorded `Value` here, of the typed view there: the same map inserts and key strings), and the text
//! written with `serde_json::to_writer` of the same `Value`. Prints ns per version each way and their ratio (issue 14); both give the same ops, checked.
//! A third way is the server's since: the text's container index kept with it (`diff_indexed`), so each
//! version's text is indexed once, not once as the new document and again as the old, and the ops left as the
//! new text's slices, as the server writes them into a frame (`diff_text` parses each op's value, as the
//! second way did when it was the server's).
//!
//! `cargo bench -p gb-delta --bench text_vs_value [-- ROUNDS]`
use serde_json::Value;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(2000);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web-client/src/fixtures/deltas.json");
    let streams: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("JSON");
    // Each kind's documents in order: the base, then one per version.
    let docs: Vec<Vec<Value>> = streams
        .iter()
        .map(|s| {
            let steps = s["steps"].as_array().expect("steps");
            std::iter::once(s["base"].clone()).chain(steps.iter().map(|st| st["doc"].clone())).collect()
        })
        .collect();
    let texts: Vec<Vec<Vec<u8>>> =
        docs.iter().map(|d| d.iter().map(|v| serde_json::to_vec(v).expect("JSON")).collect()).collect();
    for (d, t) in docs.iter().zip(&texts) {
        for i in 1..d.len() {
            assert_eq!(gb_delta::diff(&d[i - 1], &d[i]), gb_delta::diff_text(&t[i - 1], &t[i]));
        }
    }
    let versions: usize = docs.iter().map(|d| d.len() - 1).sum();
    let (mut old, mut new, mut kept) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    // Alternating rounds, so load from other jobs falls on both alike.
    for _ in 0..rounds {
        let t0 = Instant::now();
        for d in &docs {
            let mut prev = serde_json::to_value(&d[0]).expect("JSON");
            for doc in &d[1..] {
                let next = serde_json::to_value(doc).expect("JSON");
                black_box(gb_delta::diff(&prev, &next));
                prev = next;
            }
        }
        old += t0.elapsed();
        let t0 = Instant::now();
        for d in &docs {
            let mut prev = serde_json::to_vec(&d[0]).expect("JSON");
            for doc in &d[1..] {
                let mut next = Vec::with_capacity(prev.len());
                serde_json::to_writer(&mut next, doc).expect("JSON");
                black_box(gb_delta::diff_text(&prev, &next));
                prev = next;
            }
        }
        new += t0.elapsed();
        let t0 = Instant::now();
        for d in &docs {
            let mut prev = serde_json::to_vec(&d[0]).expect("JSON");
            let (mut held, mut spare) = (gb_delta::Index::of(&prev), gb_delta::Index::default());
            for doc in &d[1..] {
                let mut next = Vec::with_capacity(prev.len());
                serde_json::to_writer(&mut next, doc).expect("JSON");
                spare.rebuild(&next);
                black_box(gb_delta::diff_indexed(&prev, &held, &next, &spare));
                std::mem::swap(&mut held, &mut spare);
                prev = next;
            }
        }
        kept += t0.elapsed();
    }
    // The two diffs alone, documents made beforehand.
    let (mut dv, mut dt) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..rounds / 4 {
        let t0 = Instant::now();
        for d in &docs {
            for i in 1..d.len() {
                black_box(gb_delta::diff(&d[i - 1], &d[i]));
            }
        }
        dv += t0.elapsed();
        let t0 = Instant::now();
        for t in &texts {
            for i in 1..t.len() {
                black_box(gb_delta::diff_text(&t[i - 1], &t[i]));
            }
        }
        dt += t0.elapsed();
    }
    let per4 = |t: Duration| t.as_secs_f64() * 1e9 / ((rounds / 4) * versions) as f64;
    println!("diff alone: {:.0} ns, diff_text alone: {:.0} ns per version", per4(dv), per4(dt));
    let per = |t: Duration| t.as_secs_f64() * 1e9 / (rounds * versions) as f64;
    let mean_len = texts.iter().flatten().map(Vec::len).sum::<usize>() as f64 / texts.iter().flatten().count() as f64;
    println!("{versions} versions x {rounds} rounds, documents of {mean_len:.0} B on average");
    println!("value tree + diff:      {:>8.0} ns per version", per(old));
    println!("text + diff_text:       {:>8.0} ns per version", per(new));
    println!("text + kept index:      {:>8.0} ns per version", per(kept));
    println!("ratio (value / text):   {:>8.2}", per(old) / per(new));
    println!("ratio (text / kept):    {:>8.2}", per(new) / per(kept));
}
