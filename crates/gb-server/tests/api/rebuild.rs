//! The log is the truth: a room whose actor panics, or whose append fails, is rebuilt from its database rows by
//! its supervisor. Its sockets close with 1012, the lobby keeps listing it at its last accepted version, the
//! clients reconnect with their last version and the match finishes.
use crate::helpers::{Backend, TestApp, spawn_app};
use crate::wsclient::{Lcg, advance, choose, connect, game_over, next_version, play_seat, public_room, seated_room};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The room's public info once it reports `version` (a rebuild takes a moment).
async fn info_at(app: &TestApp, room: &str, version: u32) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let info: Value =
            app.client.get(format!("{}/api/rooms/{room}", app.address)).send().await.unwrap().json().await.unwrap();
        if info["version"] == version || Instant::now() > deadline {
            return info;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Both seats reconnect (taking a snapshot, which says who owes) and play on to the end from version `v`;
/// returns the final frames of A and B.
async fn finish_from(app: &TestApp, room: &str, cookies: [&str; 2], v: u32) -> [Value; 2] {
    let base = &app.address;
    let (wa, w) = connect(base, room, Some(cookies[0]), "player", None).await;
    assert_eq!(w["version"], v, "the rebuilt room resumes at the last accepted version");
    let (wb, _) = connect(base, room, Some(cookies[1]), "player", None).await;
    let (fa, fb) = tokio::join!(play_seat(wa, 21, 300), play_seat(wb, 22, 300));
    let last = |f: &[Value]| f.iter().rev().find(|m| game_over(m)).cloned().expect("the match finished");
    [last(&fa), last(&fb)]
}

async fn a_panicking_room_comes_back_from_its_log(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let (mut spec, _) = connect(&base, &room, None, "spectator", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let v = advance([&mut wa, &mut wb], &mut last, &mut Lcg(5), 7).await;
    assert_eq!(v, 7);

    app.state.rooms.get(&room).unwrap().crash().await.unwrap();
    for ws in [&mut wa, &mut wb, &mut spec] {
        assert_eq!(ws.close_code().await, Some(1012), "every viewer is told to reconnect");
    }
    let info = info_at(&app, &room, v).await;
    assert_eq!((info["version"].as_u64(), info["status"].as_str()), (Some(7), Some("playing")), "{info}");
    let list: Value = app.client.get(format!("{base}/api/rooms")).send().await.unwrap().json().await.unwrap();
    assert!(list["live"].as_array().unwrap().iter().any(|r| r["id"] == room.as_str()), "still listed live: {list}");

    // A spectator who saw version 5 gets exactly the versions it missed, rebuilt from the log.
    let (mut spec, w) = connect(&base, &room, None, "spectator", Some(5)).await;
    assert_eq!(w["version"], 7);
    assert_eq!(next_version(&mut spec).await["v"], 6);
    assert_eq!(next_version(&mut spec).await["v"], 7);
    let [fa, fb] = finish_from(&app, &room, [&a.cookie, &b.cookie], v).await;
    assert_eq!(fa["v"], fb["v"]);
    assert_eq!(fa["view"]["outcome"], fb["view"]["outcome"]);
    let info: Value = app.client.get(format!("{base}/api/rooms/{room}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["status"], "finished");
    assert_eq!(info["version"], fa["v"]);
}

/// Another writer took version 5 (a duplicate version: the append fails). The room does not keep its own idea
/// of version 5: it is rebuilt from the log, and play goes on from the version the log holds.
async fn a_failed_append_rebuilds_the_room_from_the_log(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let v = advance([&mut wa, &mut wb], &mut last, &mut Lcg(3), 4).await;
    let owner = usize::from(choose(&last[0], &mut Lcg(0)).is_none());
    let legal: Vec<Value> = last[owner]["legal"].as_array().unwrap().clone();
    let theirs = legal.iter().find(|i| i["type"] != "concede").expect("the owner has a choice").clone();
    let match_id = info_at(&app, &room, v).await["games"][0]["match_id"].as_str().unwrap().to_owned();
    gb_server::db::matches::append_intent(&app.db, &match_id, i64::from(v) + 1, owner as i64, &theirs.to_string())
        .await
        .unwrap();

    let ws = if owner == 0 { &mut wa } else { &mut wb };
    ws.send(json!({ "type": "intent", "seq": 9, "intent": { "type": "concede" } })).await;
    let said = ws.next_of("error").await;
    assert_eq!(said["code"], "not_saved", "{said}");
    for ws in [&mut wa, &mut wb] {
        assert_eq!(ws.close_code().await, Some(1012));
    }
    let info = info_at(&app, &room, v + 1).await;
    assert_eq!(info["version"], v + 1, "the log's version 5 stands, not the refused concession: {info}");
    assert_eq!(info["status"], "playing");
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", Some(v)).await;
    let five = next_version(&mut wa).await;
    assert_eq!(five["v"], v + 1);
    drop(wa);
    let [fa, _] = finish_from(&app, &room, [&a.cookie, &b.cookie], v + 1).await;
    assert!(fa["v"].as_u64().unwrap() > u64::from(v + 1));
}

/// A computer's room that crashes gets its computer back: it keeps answering after the rebuild.
async fn a_rebuilt_room_keeps_its_computer(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let a = crate::wsclient::guest_at(&base, "Ann").await;
    let mut body = public_room();
    body["vs_bot"] = json!(true);
    body["bot_level"] = json!("random");
    let room = crate::wsclient::create_room(&base, &a, body).await;
    assert_eq!(crate::wsclient::join(&base, &a, &room, "fire-and-wind").await, "A");
    let (mut ws, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    ws.next_of("snapshot").await;
    app.state.rooms.get(&room).unwrap().crash().await.unwrap();
    assert_eq!(ws.close_code().await, Some(1012));
    let (ws, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    // Seat A cannot finish alone: each turn it passes waits for the computer's decisions (`next` fails after
    // 10 s of silence), so a finished game is a computer that played on.
    let frames = play_seat(ws, 4, 300).await;
    assert!(frames.iter().any(game_over), "the game against the computer finished");
}

on_both_backends!(
    a_panicking_room_comes_back_from_its_log,
    a_failed_append_rebuilds_the_room_from_the_log,
    a_rebuilt_room_keeps_its_computer,
);
