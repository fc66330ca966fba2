//! A takeover carries on what each room was doing (issue #15, "Failover"; docs/multi-node.md "Tests"): three real
//! `gb-server` processes on a fresh PostgreSQL database and the real NATS. Three rooms are placed on the first node
//! while it is alone: a best of three in its second game, a room whose spectators see play two seconds late, and
//! a room against a computer. Every client is on one of the two other nodes (relayed). The first node is SIGKILLed
//! in the middle of play; once its leases expire the survivors rebuild the rooms from the log and:
//! - the series' second game is played to its end and decides the series (two games to none);
//! - the delay still holds under the new owner, and the delayed spectator never goes back and sees the end;
//! - the computer keeps answering for its seat under the new owner;
//! - the clients, all on surviving nodes, keep their sockets (the relay re-attaches to the new owner), every
//!   acknowledged intent is in the log once (I1, I2, I6), and each log spans both owners' epochs.
use crate::cluster::{check_log, create_room_with, get_json, log, start_nodes, wait_rows};
use crate::helpers::{Backend, test_database};
use crate::players::{Player, SeatReport, Target, play_seat, watch};
use crate::wsclient::{Guest, Lcg, guest_at, join};
use gb_server::Db;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

/// Concedes after `max` intents, so each game ends when the test wants it to.
fn player(seed: u64, max: u32) -> Player {
    Player { rng: Lcg(seed), think: Duration::from_millis(60), max, seq: 0, sent: HashMap::new() }
}

fn room_body(best_of: u8, delay: Value, vs_bot: bool) -> Value {
    let level = if vs_bot { json!("random") } else { Value::Null };
    json!({ "visibility": "public", "best_of": best_of, "spectator_delay": delay, "clock": null,
            "vs_bot": vs_bot, "bot_level": level })
}

/// The room's current game's match id, once its `game` (0-based) has been dealt.
async fn game_match(base: &str, room: &str, game: usize) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let info = get_json(&reqwest::Client::new(), &format!("{base}/api/rooms/{room}")).await;
        if let Some(id) = info["games"][game]["match_id"].as_str() {
            return id.to_owned();
        }
        assert!(Instant::now() < deadline, "game {game} of {room} was not dealt: {info}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn reports(seats: Vec<JoinHandle<SeatReport>>, what: &str) -> Vec<SeatReport> {
    let mut out = Vec::new();
    for s in seats {
        let r = s.await.unwrap();
        assert!(r.finished, "{what}: a seat did not see its game end");
        assert_eq!(r.connects, 1, "{what}: a client on a surviving node kept its socket through the takeover");
        out.push(r);
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeover_carries_on_a_series_a_spectator_delay_and_a_computer() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    // The first node alone, so placement puts every room on it: it is the one killed.
    let mut nodes = start_nodes(&db, 1, &[]).await;
    let first = nodes[0].base.clone();
    let guests: Vec<Guest> =
        futures_util::future::join_all(["Ann", "Bob", "Cid", "Dee", "Eve"].map(|name| guest_at(&first, name))).await;
    let [ann, bob, cid, dee, eve] = <[Guest; 5]>::try_from(guests).ok().unwrap();
    let (series, _) = create_room_with(&store, &nodes[0], &ann, room_body(3, Value::Null, false)).await;
    let (delayed, _) = create_room_with(&store, &nodes[0], &cid, room_body(1, json!({ "seconds": 2 }), false)).await;
    let (computer, _) = create_room_with(&store, &nodes[0], &eve, room_body(1, Value::Null, true)).await;
    for (room, a, b) in [(&series, &ann, &bob), (&delayed, &cid, &dee)] {
        assert_eq!(join(&first, a, room, "fire-and-wind").await, "A");
        assert_eq!(join(&first, b, room, "tide-and-stone").await, "B");
    }
    assert_eq!(join(&first, &eve, &computer, "fire-and-wind").await, "A");
    nodes.extend(start_nodes(&db, 2, &[]).await);
    let until = Instant::now() + Duration::from_secs(150);
    let on = |n: usize| Target::Fixed(nodes[n].base.clone());
    let seat = |n: usize, room: &String, g: &Guest, me: Player| {
        tokio::spawn(play_seat(on(n), room.clone(), g.cookie.clone(), me, until))
    };

    // Game 1 of the series, relayed, ended by a concession after three intents.
    let game1 = vec![seat(1, &series, &ann, player(1, 3)), seat(2, &series, &bob, player(2, 3))];
    reports(game1, "series game 1").await;
    let info = get_json(&reqwest::Client::new(), &format!("{}/api/rooms/{series}", nodes[1].base)).await;
    let first_winner = info["games"][0]["winner"].as_str().expect("game 1 has a winner").to_owned();
    for (n, g) in [(1, &ann), (2, &bob)] {
        let r = g.client.post(format!("{}/api/rooms/{series}/rematch", nodes[n].base)).json(&json!({}));
        assert_eq!(r.send().await.unwrap().status(), 200, "a rematch asked on a relaying node");
    }
    let series_game2 = game_match(&nodes[1].base, &series, 1).await;
    // Game 2: game 1's loser concedes after 25 intents, long after the kill, so the series ends two to none.
    let (a_max, b_max) = if first_winner == "A" { (10_000, 25) } else { (25, 10_000) };
    let series_seats = vec![seat(1, &series, &ann, player(3, a_max)), seat(2, &series, &bob, player(4, b_max))];
    let delayed_match = game_match(&first, &delayed, 0).await;
    let delayed_seats = vec![seat(2, &delayed, &cid, player(5, 25)), seat(1, &delayed, &dee, player(6, 10_000))];
    let spectator = tokio::spawn(watch(on(2), delayed.clone(), until));
    let computer_match = game_match(&first, &computer, 0).await;
    let computer_seat = vec![seat(1, &computer, &eve, player(7, 40))];

    for m in [&series_game2, &delayed_match, &computer_match] {
        wait_rows(&store, m, 6).await;
    }
    let first_epoch = log(&store, &delayed_match).await[0].3;
    let dead = nodes.remove(0);
    dead.server.sigkill().await;

    // The delay holds under the new owner: as soon as it logs the delayed room's first intent, the spectators'
    // public version is behind the log (with no delay it could not be: the log was read first).
    let deadline = Instant::now() + Duration::from_secs(20);
    let logged = loop {
        let rows = log(&store, &delayed_match).await;
        if rows.last().is_some_and(|r| r.3 > first_epoch) {
            break rows.len() as u64;
        }
        assert!(Instant::now() < deadline, "the new owner played the delayed room on");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let info = get_json(&reqwest::Client::new(), &format!("{}/api/rooms/{delayed}", nodes[1].base)).await;
    let shown = info["version"].as_u64().unwrap();
    assert!(shown < logged, "the new owner delays the spectators: version {shown} shown of {logged} logged");

    let series_reports = reports(series_seats, "series game 2").await;
    let epochs = check_log(&store, &series_game2, &series_reports).await;
    assert!(epochs.len() >= 2, "series game 2's log spans both owners: {epochs:?}");
    let info = get_json(&reqwest::Client::new(), &format!("{}/api/rooms/{series}", nodes[0].base)).await;
    assert_eq!(info["games"].as_array().map(Vec::len), Some(2), "{info}");
    assert_eq!(info["games"][1]["winner"], first_winner.as_str(), "game 2 was played to its end: {info}");
    assert_eq!(info["series_winner"], first_winner.as_str(), "two games to none decide the series: {info}");

    let delayed_reports = reports(delayed_seats, "delayed room").await;
    let epochs = check_log(&store, &delayed_match, &delayed_reports).await;
    assert!(epochs.len() >= 2, "the delayed room's log spans both owners: {epochs:?}");
    let last = log(&store, &delayed_match).await.len() as u64;
    assert_eq!(spectator.await.unwrap(), 0, "the delayed spectator never went back");
    let shown = get_json(&reqwest::Client::new(), &format!("{}/api/rooms/{delayed}", nodes[1].base)).await;
    assert_eq!(shown["version"].as_u64(), Some(last), "the spectators were shown the end");

    let computer_reports = reports(computer_seat, "computer room").await;
    let epochs = check_log(&store, &computer_match, &computer_reports).await;
    assert!(epochs.len() >= 2, "the computer room's log spans both owners: {epochs:?}");
    let after = *epochs.last().unwrap();
    let answers = log(&store, &computer_match).await.iter().filter(|r| r.1 == 1 && r.3 == after).count();
    assert!(answers > 0, "the computer played seat B for the new owner");
    println!(
        "cluster carry-on: series 2-0 for {first_winner} across the takeover; delayed room {last} versions; \
         the computer answered {answers} times for the new owner"
    );
}
