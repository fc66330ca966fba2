//! Takeback (docs/protocol.md, "Takeback"): in a casual game a player asks to take back their last action and
//! the opponent accepts (the match is as before that action, at a new version, and a rebuild from the log gives
//! the same) or declines (nothing changes). Refused with a specific error after hidden information came out
//! (the opening deal puts cards in a hand, CR 402.1–402.2),
//! for the opponent's action, twice at once, to a spectator, and in rated games and at events' tables. The room
//! offers it (`may_take_back`) exactly when it would accept it.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::tournament_clock::{first_table, one_round_swiss, paired_event};
use crate::wsclient::{Lcg, Ws, choose, connect, guest_at, next_version, owing, public_room, seated_room};
use serde_json::{Value, json};

on_both_backends!(a_takeback_rewinds_when_accepted_and_survives_a_rebuild, no_takeback_in_rated_or_event_games);

async fn ask(app: &TestApp, client: &reqwest::Client, room: &str) -> reqwest::Response {
    app.post(client, &format!("/api/rooms/{room}/takeback"), &json!({})).await
}

async fn answer(app: &TestApp, client: &reqwest::Client, room: &str, accept: bool) -> reqwest::Response {
    app.post(client, &format!("/api/rooms/{room}/takeback/answer"), &json!({ "accept": accept })).await
}

/// The next `room` frame whose seat `seat` is (or is not) asking for a takeback.
async fn asking(ws: &mut Ws, seat: usize, asks: bool) -> Value {
    loop {
        let m = ws.next_of("room").await;
        if m["room"]["seats"][seat]["takeback"].as_bool().unwrap_or(false) == asks {
            return m["room"].clone();
        }
    }
}

/// The next `room` frame that offers seat `seat` a takeback.
async fn offered(ws: &mut Ws, seat: usize) -> Value {
    loop {
        let m = ws.next_of("room").await;
        if m["room"]["seats"][seat]["may_take_back"].as_bool().unwrap_or(false) {
            return m["room"].clone();
        }
    }
}

async fn a_takeback_rewinds_when_accepted_and_survives_a_rebuild(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let players = [&a, &b];
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    assert_error(ask(&app, &a.client, &room).await, 409, "nothing_to_take_back").await;

    // Random play until the player who just acted may take it back; every refusal on the way names its reason,
    // and the opening (the turn-order draw, deals and mulligans) is never taken back.
    let mut rng = Lcg(7);
    let mut codes = Vec::new();
    let (asker, before) = loop {
        assert!(codes.len() < 300, "no action could be taken back: {codes:?}");
        let owner = owing(&last).expect("a person owes");
        let before = last[owner].clone();
        let intent = choose(&last[owner], &mut rng).unwrap();
        let ws = if owner == 0 { &mut wa } else { &mut wb };
        ws.send(json!({ "type": "intent", "seq": 1, "intent": intent })).await;
        for (i, ws) in [&mut wa, &mut wb].into_iter().enumerate() {
            last[i] = next_version(ws).await;
        }
        // The room says who may take back now (`may_take_back`), exactly as the asks below are answered.
        let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
        let may = |i: usize| info["seats"][i]["may_take_back"].as_bool().unwrap_or(false);
        assert!(!may(1 - owner), "never the seat that did not act: {info}");
        assert_error(ask(&app, &players[1 - owner].client, &room).await, 409, "takeback_not_your_action").await;
        let r = ask(&app, &players[owner].client, &room).await;
        assert_eq!(may(owner), r.status() == 200, "offered exactly when accepted: {info}");
        if r.status() == 200 {
            // The seat itself was told in a `room` frame (the seats get one when it changes, docs/protocol.md).
            let ws = if owner == 0 { &mut wa } else { &mut wb };
            offered(ws, owner).await;
            break (owner, before);
        }
        let body: Value = r.json().await.unwrap();
        codes.push(body["error"]["code"].as_str().unwrap().to_owned());
    };
    assert_eq!(codes[0], "takeback_hidden_revealed", "the opening reveals: {codes:?}");
    assert!(codes.iter().all(|c| c == "takeback_hidden_revealed"), "{codes:?}");
    let other = 1 - asker;
    let (ws_asker, ws_other) = if asker == 0 { (&mut wa, &mut wb) } else { (&mut wb, &mut wa) };
    let v = last[asker]["v"].as_u64().unwrap();

    // The opponent is asked; a second request, the asker's own answer and a spectator are refused.
    asking(ws_other, asker, true).await;
    assert_error(ask(&app, &players[asker].client, &room).await, 409, "takeback_pending").await;
    assert_error(answer(&app, &players[asker].client, &room, true).await, 409, "takeback_own_request").await;
    let watcher = guest_at(&base, "Watcher").await;
    assert_error(ask(&app, &watcher.client, &room).await, 403, "not_seated").await;
    assert_error(answer(&app, &watcher.client, &room, true).await, 403, "not_seated").await;

    // Declined: nothing changes, and nothing is left to answer.
    assert_eq!(answer(&app, &players[other].client, &room, false).await.status(), 200);
    asking(ws_asker, asker, false).await;
    assert_error(answer(&app, &players[other].client, &room, true).await, 409, "no_takeback_asked").await;
    let info: Value = app.client.get(format!("{base}/api/rooms/{room}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["version"].as_u64(), Some(v), "a decline changes nothing: {info}");

    // Asked again and accepted: the next version is the match as it was before the action.
    assert_eq!(ask(&app, &players[asker].client, &room).await.status(), 200);
    asking(ws_other, asker, true).await;
    assert_eq!(answer(&app, &players[other].client, &room, true).await.status(), 200);
    let rewound = next_version(ws_asker).await;
    assert_eq!(rewound["v"].as_u64(), Some(v + 1), "the version counts on");
    assert_eq!(rewound["view"], before["view"], "the view before the action");
    assert_eq!(rewound["legal"], before["legal"], "the choices before the action");
    let seat = if asker == 0 { "A" } else { "B" };
    assert_eq!(rewound["events"], json!([{ "type": "took_back", "seat": seat }]), "{rewound}");
    let theirs = next_version(ws_other).await;
    assert_eq!(theirs["v"].as_u64(), Some(v + 1));
    assert_error(ask(&app, &players[asker].client, &room).await, 409, "nothing_to_take_back").await;

    // The log is the truth: a rebuilt room is at the rewound state.
    app.state.rooms.get(&room).unwrap().crash().await.unwrap();
    let cookie = if asker == 0 { &a.cookie } else { &b.cookie };
    let (mut again, w) = connect(&base, &room, Some(cookie), "player", None).await;
    assert_eq!(w["version"].as_u64(), Some(v + 1));
    let snapshot = again.next_of("snapshot").await;
    assert_eq!(
        (snapshot["view"].clone(), snapshot["legal"].clone()),
        (rewound["view"].clone(), rewound["legal"].clone())
    );
    let history = again.next_of("history").await;
    let entries = history["entries"].as_array().unwrap();
    assert_eq!(entries.last().unwrap()["events"], rewound["events"], "the history keeps the takeback");
}

async fn no_takeback_in_rated_or_event_games(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let rated = json!({ "visibility": "public", "best_of": 1, "vs_bot": false, "rated": true });
    let (room, [a, _b]) = seated_room(&base, rated).await;
    assert_error(ask(&app, &a.client, &room).await, 409, "takeback_not_casual").await;

    let organizer = guest_at(&base, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, one_round_swiss(), 2).await;
    let (room, a, _) = first_table(&app, &id, &players).await;
    assert_error(ask(&app, &a.client, &room).await, 409, "takeback_not_casual").await;
}
