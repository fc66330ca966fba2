//! Debugging aid: plays one seeded random match and prints every intent and its public events
//! (`cargo run -p gb-core --example debug_seed -- SEED [MAX_INTENTS]`).
use gb_core::playout::RandomPolicy;
use gb_core::{MatchSetup, Viewer, apply, decks::preconstructed, legal_intents, new_match, owed_seat};

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let limit: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let decks = preconstructed();
    let setup = MatchSetup {
        decks: vec![decks[(seed % 4) as usize].1.clone(), decks[((seed / 4) % 4) as usize].1.clone()],
        seed: seed.into(),
        chooser: None,
    };
    let mut state = new_match(&setup).unwrap();
    let mut policy = RandomPolicy::new(seed);
    let mut n = 0;
    while let Some(seat) = owed_seat(&state) {
        if n >= limit {
            break;
        }
        let intent = policy.pick(&legal_intents(&state, seat));
        if std::env::var("GB_DEBUG_AT").ok().and_then(|v| v.parse::<usize>().ok()) == Some(n) {
            let view = gb_core::view_for(&state, Viewer::Seat(seat));
            println!("{}", serde_json::to_string_pretty(&view.players[seat.index()].heroes).unwrap());
            println!("meter: {:?}", view.players[seat.index()].action_meter.iter().map(|c| c.card).collect::<Vec<_>>());
        }
        let events = apply(&mut state, seat, &intent).unwrap();
        println!("{n}: {seat:?} {intent:?}");
        for e in events.for_viewer(Viewer::Spectator) {
            println!("    {}", serde_json::to_string(&e).unwrap());
        }
        n += 1;
    }
    println!("outcome: {:?}", state.outcome());
}
