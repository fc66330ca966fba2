//! Builds tournaments for tests and benchmarks: players, and rounds paired by the engine with chosen results.
#![allow(dead_code)]
use gb_tournament::*;

pub(crate) fn tournament(players: usize, rounds: u8, seed: u64) -> Tournament {
    let json = serde_json::json!({
        "format": TOURNAMENT_FORMAT,
        "name": "simulated",
        "seed": seed,
        "settings": {
            "structure": { "kind": "swiss", "rounds": rounds },
            "games_per_match": 3,
            "next_game_chooser": "loser",
            "end_of_round": { "extra_turns": 3 }
        },
        "players": (0..players).map(|i| serde_json::json!({ "id": format!("p{i}"), "name": format!("Player {i}") })).collect::<Vec<_>>(),
    });
    serde_json::from_value(json).unwrap()
}

fn win(id: &str) -> Game {
    Game::Win { winner: id.to_string(), decided_by: None }
}

/// One of six results for a table, by `choice % 6`: 2-0 either way, 2-1 either way, 1-1-1 at time, an
/// intentional draw.
pub(crate) fn result(table: &mut Table, choice: u8) {
    let [a, b] = table.players.clone();
    match choice % 6 {
        0 => table.result.games = vec![win(&a), win(&a)],
        1 => table.result.games = vec![win(&b), win(&b)],
        2 => table.result.games = vec![win(&a), win(&b), win(&a)],
        3 => table.result.games = vec![win(&b), win(&a), win(&b)],
        4 => table.result.games = vec![win(&a), win(&b), Game::Unfinished],
        _ => table.result.end = Some(MatchEnd::IntentionalDraw),
    }
}

/// Appends `plan` as the next round with a result at every table.
pub(crate) fn play(t: &mut Tournament, plan: RoundPlan, mut choose: impl FnMut() -> u8) {
    let mut pairings = plan.pairings;
    for p in &mut pairings {
        if let Pairing::Table(table) = p {
            result(table, choose());
        }
    }
    t.rounds.push(Round { pairings });
}
