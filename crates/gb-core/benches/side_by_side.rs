//! The engine against a reference, in one process on one core: a chess random playout (shakmaty: list the legal
//! moves, pick one, play it) and our random match loop (list the legal intents, pick one, apply it), interleaved in
//! short slices so that both see the same machine. A noisy, shared machine moves both figures; the ratio survives.
//!
//! `cargo bench -p gb-core --bench side_by_side` prints, per workload, the median over the rounds and the ratio of
//! our cost per step to a chess ply. `SIDE_BY_SIDE_ROUNDS` and `SIDE_BY_SIDE_SLICE_MS` tune the run.
use gb_core::{
    MatchSetup, MatchState, Seat, Viewer, apply, apply_listed, decks::preconstructed, legal_intents,
    legal_intents_into, new_match, owed_seat,
};
use shakmaty::{Chess, Position};
use std::hint::black_box;
use std::time::{Duration, Instant};

#[path = "support/split_mix.rs"]
mod split_mix;
use split_mix::SplitMix;

/// Steps done and games finished in one slice.
#[derive(Default, Clone, Copy)]
struct Tally {
    steps: u64,
    games: u64,
}

/// Random chess games from the start position until mate, stalemate, insufficient material or 400 plies.
fn chess_slice(rng: &mut SplitMix, slice: Duration) -> (Tally, Duration) {
    let start = Instant::now();
    let mut t = Tally::default();
    while start.elapsed() < slice {
        let mut pos = Chess::default();
        for _ in 0..400 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_insufficient_material() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
            t.steps += 1;
        }
        black_box(&pos);
        t.games += 1;
    }
    (t, start.elapsed())
}

fn setup(seed: u64) -> MatchSetup {
    let decks = preconstructed();
    MatchSetup {
        decks: vec![decks[(seed % 4) as usize].1.clone(), decks[((seed / 4) % 4) as usize].1.clone()],
        seed: seed.into(),
        chooser: None,
    }
}

/// What our loop does after each accepted intent.
#[derive(Clone, Copy, PartialEq)]
enum Views {
    /// Legal list + apply only: the engine's own cost per step.
    None,
    /// No views, on the playout path bots take: the legal list written into one kept buffer
    /// (`legal_intents_into`) and the intent picked applied without a second check (`apply_listed`), as the
    /// chess loop lists into an inline buffer and plays its listed move unchecked.
    NoneTrusted,
    /// Also both seats' views after every intent, each a new `view_for`.
    BothSeats,
    /// Both seats' views written into two views kept from one intent to the next (`view_into`), as a server
    /// that keeps one per viewer would.
    BothSeatsReused,
    /// Both seats' kept views written together (`views_into`), as the server writes its viewers': what both see
    /// alike (the face-up heroes) is worked out once.
    BothSeatsTogether,
}

/// Random Gem Blenders matches: list the legal intents, pick one that is not `Concede` (always listed last), apply.
fn gem_blenders_slice(rng: &mut SplitMix, seed: &mut u64, views: Views, slice: Duration) -> (Tally, Duration) {
    let start = Instant::now();
    let mut t = Tally::default();
    while start.elapsed() < slice {
        let mut state: MatchState = new_match(&setup(*seed)).expect("preconstructed decks are valid");
        *seed += 1;
        let mut kept = [Seat::A, Seat::B].map(|s| gb_core::view_for(&state, Viewer::Seat(s)));
        let mut legal = Vec::new();
        while let Some(seat) = owed_seat(&state) {
            let trusted = views == Views::NoneTrusted;
            if trusted {
                legal_intents_into(&state, seat, &mut legal);
            } else {
                legal = legal_intents(&state, seat);
            }
            let playable = if legal.len() > 1 { legal.len() - 1 } else { 1 };
            let intent = &legal[rng.below(playable)];
            if trusted {
                black_box(apply_listed(&mut state, seat, intent));
            } else {
                black_box(apply(&mut state, seat, intent).expect("a legal intent is accepted"));
            }
            match views {
                Views::None | Views::NoneTrusted => {}
                Views::BothSeats => {
                    black_box(gb_core::view_for(&state, Viewer::Seat(Seat::A)));
                    black_box(gb_core::view_for(&state, Viewer::Seat(Seat::B)));
                }
                Views::BothSeatsReused => {
                    for (view, s) in kept.iter_mut().zip([Seat::A, Seat::B]) {
                        gb_core::view_into(&state, Viewer::Seat(s), view);
                        black_box(&*view);
                    }
                }
                Views::BothSeatsTogether => {
                    let [a, b] = &mut kept;
                    gb_core::views_into(&state, &mut [(Viewer::Seat(Seat::A), a), (Viewer::Seat(Seat::B), b)]);
                    black_box(&kept);
                }
            }
            t.steps += 1;
        }
        t.games += 1;
    }
    (t, start.elapsed())
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing: run one short round then.
    let benching = std::env::args().any(|a| a == "--bench");
    let rounds = if benching { env_or("SIDE_BY_SIDE_ROUNDS", 9) } else { 1 };
    let slice = Duration::from_millis(if benching { env_or("SIDE_BY_SIDE_SLICE_MS", 600) } else { 20 });
    if let Some(core) = core_affinity::get_core_ids().and_then(|ids| ids.into_iter().next()) {
        core_affinity::set_for_current(core);
    }

    let mut rng = SplitMix(1);
    let mut seed = 0;
    let (mut chess_ns, mut gb_ns, mut gb_views_ns, mut ratio, mut ratio_views) =
        (vec![], vec![], vec![], vec![], vec![]);
    let (mut chess_games, mut gb_matches, mut gb_view_matches) = (vec![], vec![], vec![]);
    let (mut gb_kept_ns, mut ratio_kept, mut gb_kept_matches) = (vec![], vec![], vec![]);
    let (mut gb_trusted_ns, mut ratio_trusted) = (vec![], vec![]);
    let (mut gb_together_ns, mut ratio_together, mut gb_together_matches) = (vec![], vec![], vec![]);
    let mut steps_per_match = vec![];
    for _ in 0..rounds {
        let (c, ct) = chess_slice(&mut rng, slice);
        let (g, gt) = gem_blenders_slice(&mut rng, &mut seed, Views::None, slice);
        let (v, vt) = gem_blenders_slice(&mut rng, &mut seed, Views::BothSeats, slice);
        let (k, kt) = gem_blenders_slice(&mut rng, &mut seed, Views::BothSeatsReused, slice);
        let (p, pt) = gem_blenders_slice(&mut rng, &mut seed, Views::NoneTrusted, slice);
        let (w, wt) = gem_blenders_slice(&mut rng, &mut seed, Views::BothSeatsTogether, slice);
        let per = |t: Tally, d: Duration| d.as_nanos() as f64 / t.steps.max(1) as f64;
        let rate = |t: Tally, d: Duration| t.games as f64 / d.as_secs_f64();
        chess_ns.push(per(c, ct));
        gb_ns.push(per(g, gt));
        gb_views_ns.push(per(v, vt));
        ratio.push(per(g, gt) / per(c, ct));
        ratio_views.push(per(v, vt) / per(c, ct));
        gb_kept_ns.push(per(k, kt));
        ratio_kept.push(per(k, kt) / per(c, ct));
        gb_kept_matches.push(rate(k, kt));
        gb_together_ns.push(per(w, wt));
        ratio_together.push(per(w, wt) / per(c, ct));
        gb_together_matches.push(rate(w, wt));
        gb_trusted_ns.push(per(p, pt));
        ratio_trusted.push(per(p, pt) / per(c, ct));
        chess_games.push(rate(c, ct));
        gb_matches.push(rate(g, gt));
        gb_view_matches.push(rate(v, vt));
        steps_per_match.push(g.steps as f64 / g.games.max(1) as f64);
    }
    println!("side_by_side: {rounds} rounds of {} ms per workload, one thread pinned to one core", slice.as_millis());
    println!(
        "  chess (shakmaty random playout)     {:>9.0} ns/ply     {:>9.0} games/s",
        median(chess_ns),
        median(chess_games)
    );
    println!(
        "  gem blenders, no views              {:>9.0} ns/intent  {:>9.0} matches/s  ({:.0} intents/match)",
        median(gb_ns),
        median(gb_matches),
        median(steps_per_match)
    );
    println!(
        "  gem blenders, no views, playout     {:>9.0} ns/intent  (legal_intents_into + apply_listed)",
        median(gb_trusted_ns)
    );
    println!(
        "  gem blenders, both seats' views     {:>9.0} ns/intent  {:>9.0} matches/s",
        median(gb_views_ns),
        median(gb_view_matches)
    );
    println!(
        "  gem blenders, both views, kept      {:>9.0} ns/intent  {:>9.0} matches/s  (view_into)",
        median(gb_kept_ns),
        median(gb_kept_matches)
    );
    println!(
        "  gem blenders, both views, together  {:>9.0} ns/intent  {:>9.0} matches/s  (views_into)",
        median(gb_together_ns),
        median(gb_together_matches)
    );
    println!("  ratio per step, no views / chess ply:          {:.2}x", median(ratio));
    println!("  ratio per step, no views, playout / chess ply: {:.2}x", median(ratio_trusted));
    println!("  ratio per step, both seats' views / chess ply: {:.2}x", median(ratio_views));
    println!("  ratio per step, both views kept / chess ply:   {:.2}x", median(ratio_kept));
    println!("  ratio per step, both views together / chess:   {:.2}x", median(ratio_together));
}
