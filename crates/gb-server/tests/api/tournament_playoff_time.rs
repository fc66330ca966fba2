//! A best-of-three playoff that time levels (docs/tournaments.md, "End-of-round procedure"): game 1 won by one
//! player, time called in game 2, and the time rule gives game 2 to the other. A playoff match has no draws, so
//! one more game is played with time already called and decided the same way; the table's players are told.
//! The players' moves are steered so that the game-1 loser leads game 2: it plays gems and attacks, the other
//! only passes, takes the damage and ends its turns (before time is called nobody moves at all).
use crate::helpers::{Backend, TestApp, spawn_app};
use crate::tournament_clock::{first_table, paired_event, wait_for};
use crate::wsclient::{Guest, Ws, connect, game_over, guest_at};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

on_both_backends!(a_game_time_decides_that_levels_a_playoff_is_followed_by_a_deciding_game);

async fn a_game_time_decides_that_levels_a_playoff_is_followed_by_a_deciding_game(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "single_elimination" }, "games_per_match": 3, "next_game_chooser": "loser",
        "round_seconds": 4, "end_of_round": { "extra_turns": 1 }, "no_show_seconds": 0
    });
    let (id, players) = paired_event(&app, &organizer, settings, 2).await;
    let (room, a, b) = first_table(&app, &id, &players).await;
    let (mut ws_a, _) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    let (mut ws_b, _) = connect(&app.address, &room, Some(&b.cookie), "player", None).await;

    // Game 1: seat A concedes at once, so B leads 1-0; both ask for game 2 before the round's time runs out.
    ws_a.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    for ws in [&mut ws_a, &mut ws_b] {
        while !game_over(&ws.next().await.unwrap()) {}
    }
    for p in [a, b] {
        let r = app.post(&p.client, &format!("/api/rooms/{room}/rematch"), &json!({})).await;
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
    wait_for(&app, &id, |v| v["rounds"][0]["tables"][0]["time_called"] == true).await;

    // Time is called in game 2: A attacks, B only passes; the time rule gives game 2 to A, levelling the match.
    let told = [Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false))];
    let bots = [
        tokio::spawn(steer(ws_a, Policy::Attack, told[0].clone())),
        tokio::spawn(steer(ws_b, Policy::Pass, told[1].clone())),
    ];
    // Today's code records nothing here (a drawn playoff match is refused) and the room plays on.
    let view = wait_for(&app, &id, |v| !v["champion"].is_null()).await;
    for bot in bots {
        bot.abort();
    }
    let result = &view["rounds"][0]["tables"][0]["result"];
    let games = result["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "a third game decides the levelled match: {result}");
    assert_eq!(games[0]["winner"], json!(b.id), "{result}");
    assert_eq!(games[1]["winner"], json!(a.id), "{result}");
    assert!(games[1]["decided_by"].is_string(), "game 2 was decided by time: {result}");
    assert_eq!(view["champion"], games[2]["winner"], "the deciding game's winner is champion");
    for (seat, t) in ["A", "B"].iter().zip(&told) {
        assert!(t.load(Ordering::SeqCst), "seat {seat} was shown that game 3 decides the match");
    }
    room_game_ended_by_time(&app, a, &room).await;
}

/// The room's own record: game 2 ended by the round's time (its loser's concession for the event).
async fn room_game_ended_by_time(app: &TestApp, who: &Guest, room: &str) {
    let info: Value = app.get(&who.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["games"][1]["reason"], "round_time", "{info}");
    assert_eq!(info["games"][1]["winner"], "A", "{info}");
}

#[derive(Clone, Copy)]
enum Policy {
    /// Equip gems and attack with as many heroes as possible; never pay HP for an effect.
    Attack,
    /// Keep the hand, pass, take the damage and end the turn: never attack or block.
    Pass,
}

impl Policy {
    /// The intent this policy picks from a frame's legal list, if the seat owes one.
    fn pick(self, frame: &Value) -> Option<Value> {
        let legal: Vec<&Value> = frame["legal"].as_array()?.iter().filter(|i| i["type"] != "concede").collect();
        let of = |ty: &str| legal.iter().filter(|i| i["type"] == ty).copied().collect::<Vec<_>>();
        let order: &[&str] = match self {
            Policy::Attack => &["keep_hand", "keep_heroes", "declare_attack", "play_gem", "accept_damage", "decline"],
            Policy::Pass => &["keep_hand", "keep_heroes", "pass", "accept_damage", "decline", "end_turn"],
        };
        if let Some(choice) = of("choose_turn_order").into_iter().find(|i| i["go_first"] == true) {
            return Some(choice.clone());
        }
        for ty in order {
            let mut options = of(ty);
            // The widest attack: the most heroes at once.
            options.sort_by_key(|i| std::cmp::Reverse(i["attackers"].as_array().map_or(0, Vec::len)));
            if let Some(i) = options.first() {
                return Some((*i).clone());
            }
        }
        let quiet = ["pass", "end_turn"];
        let safe = legal.iter().find(|i| quiet.contains(&i["type"].as_str().unwrap_or_default()));
        safe.or(legal.iter().find(|i| i["type"] != "use_effect")).map(|i| (*i).clone())
    }
}

/// Plays `policy` for the seat across games until aborted; sets `told` once a `room` frame says the game in
/// progress is the deciding one.
async fn steer(mut ws: Ws, policy: Policy, told: Arc<AtomicBool>) {
    let mut seq = 100;
    while let Some(m) = ws.next_within(std::time::Duration::from_secs(60)).await.ok().flatten() {
        if m["type"] == "room" && m["room"]["round_time"]["deciding_game"] == true {
            told.store(true, Ordering::SeqCst);
        }
        if matches!(m["type"].as_str(), Some("update" | "snapshot" | "rejected"))
            && let Some(intent) = policy.pick(&m)
        {
            seq += 1;
            ws.send(json!({ "type": "intent", "seq": seq, "intent": intent })).await;
        }
    }
}
