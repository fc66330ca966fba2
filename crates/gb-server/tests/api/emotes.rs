//! Emotes (docs/protocol.md, "Emotes"): a seat's emote reaches every seat and the spectators, at most three per
//! seat in ten seconds; a spectator's and an unknown one are refused with their own codes, and so is the
//! fourth of a burst. The same through a socket relayed from another node.
use crate::helpers::{Backend, spawn_app};
use crate::relay::{NATS, two_nodes};
use crate::wsclient::{Ws, connect, public_room, seated_room};
use serde_json::{Value, json};

on_both_backends!(a_seats_emote_reaches_the_table_within_its_limit);

fn emote(name: &str) -> Value {
    json!({ "type": "emote", "emote": name })
}

/// The next `emote` frame, or the `error` that came instead of one.
async fn next_emote_or_error(ws: &mut Ws) -> Value {
    loop {
        let m = ws.next().await.expect("open while waiting for an emote");
        if m["type"] == "emote" || m["type"] == "error" {
            return m;
        }
    }
}

/// The next `error` (emotes sent earlier may still be queued before it), which must have code `code`.
async fn assert_refused(ws: &mut Ws, code: &str) -> String {
    let m = ws.next_of("error").await;
    assert_eq!(m["code"].as_str(), Some(code), "{m}");
    m["message"].as_str().unwrap().to_owned()
}

/// `from` sends a burst of four: the other viewers see three "Well played" from seat `seat` named `name`, the
/// sender is refused the fourth with `emote_rate_limited`, and nothing else is shown.
async fn burst_of_four(from: &mut Ws, seat: &str, name: &str, watchers: &mut [&mut Ws]) {
    for _ in 0..4 {
        from.send(emote("well_played")).await;
    }
    for _ in 0..3 {
        let m = next_emote_or_error(from).await;
        assert_eq!(m["emote"], "well_played", "the sender sees its own emote: {m}");
    }
    let why = assert_refused(from, "emote_rate_limited").await;
    assert!(why.contains("3 emotes in 10 seconds"), "{why}");
    for ws in watchers.iter_mut() {
        for _ in 0..3 {
            let m = next_emote_or_error(ws).await;
            assert_eq!(m, json!({ "type": "emote", "seat": seat, "name": name, "emote": "well_played" }));
        }
    }
}

/// A spectator may not send one, nor may anyone send a name outside the set; the socket stays open.
async fn refusals(spectator: &mut Ws, player: &mut Ws) {
    spectator.send(emote("hello")).await;
    assert!(assert_refused(spectator, "not_seated").await.contains("only its players send emotes"));
    player.send(emote("you_lose")).await;
    let why = assert_refused(player, "unknown_emote").await;
    assert!(why.contains("\"you_lose\" is not an emote") && why.contains("well_played"), "{why}");
    player.send(json!({ "type": "ping" })).await;
    assert_eq!(player.next_of("pong").await["type"], "pong", "still open");
}

async fn a_seats_emote_reaches_the_table_within_its_limit(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let (mut ws_a, welcome) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut ws_b, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let (mut ws_s, _) = connect(&base, &room, None, "spectator", None).await;
    let ann = welcome["room"]["seats"][0]["display_name"].as_str().unwrap().to_owned();

    burst_of_four(&mut ws_a, "A", &ann, &mut [&mut ws_b, &mut ws_s]).await;
    // The limit is the seat's: B still has its own three.
    ws_b.send(emote("thanks")).await;
    assert_eq!(next_emote_or_error(&mut ws_a).await["emote"], "thanks");
    assert_eq!(next_emote_or_error(&mut ws_s).await["seat"], "B");
    refusals(&mut ws_s, &mut ws_b).await;
    let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["version"], 0, "emotes are not intents: {info}");
}

#[tokio::test]
async fn an_emote_from_a_socket_on_another_node_reaches_the_table() {
    let (one, two, room, [a, b]) = two_nodes(NATS).await;
    let (mut ws_a, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (mut ws_s, _) = connect(&one.address, &room, None, "spectator", None).await;
    let (mut b_relay, welcome) = connect(&two.address, &room, Some(&b.cookie), "player", None).await;
    let (mut s_relay, _) = connect(&two.address, &room, None, "spectator", None).await;
    let bob = welcome["room"]["seats"][1]["display_name"].as_str().unwrap().to_owned();

    burst_of_four(&mut b_relay, "B", &bob, &mut [&mut ws_a, &mut ws_s, &mut s_relay]).await;
    ws_a.send(emote("good_game")).await;
    let m = next_emote_or_error(&mut b_relay).await;
    assert_eq!((m["seat"].as_str(), m["emote"].as_str()), (Some("A"), Some("good_game")), "{m}");
    refusals(&mut s_relay, &mut b_relay).await;
}
