//! A viewer who connects late gets the log its view allows (`history`, docs/protocol.md): every version's events
//! up to its stream's head, redacted exactly as that viewer kind's live frames were — a late spectator's history
//! equals what a spectator watching from the start was sent, shows no hidden card, and stops at the spectator
//! delay's head.
use crate::helpers::{Backend, spawn_app};
use crate::play::assert_no_leaks;
use crate::wsclient::{Lcg, Ws, choose, connect, game_over, next_version, public_room, seated_room, try_resume};
use serde_json::{Value, json};

/// Plays random legal intents until `stop` holds for seat A's latest frame (or the game ends, or `max` versions);
/// every frame each seat received is kept in `frames`. Returns the live version.
async fn play_until(ws: [&mut Ws; 2], frames: &mut [Vec<Value>; 2], max: u32, stop: impl Fn(&Value) -> bool) -> u32 {
    let [wa, wb] = ws;
    let mut rng = Lcg(7);
    let mut v = 0;
    let latest = |f: &Vec<Value>| f.iter().rev().find(|m| m["type"] == "update" || m["type"] == "snapshot").cloned();
    for _ in 0..max {
        let last = [latest(&frames[0]).unwrap(), latest(&frames[1]).unwrap()];
        if stop(&last[0]) || game_over(&last[0]) {
            break;
        }
        let owner = if choose(&last[0], &mut Lcg(0)).is_some() { 0 } else { 1 };
        let intent = choose(&last[owner], &mut rng).expect("someone owes a decision");
        let ws = if owner == 0 { &mut *wa } else { &mut *wb };
        ws.send(json!({ "type": "intent", "seq": 1, "intent": intent })).await;
        for (i, w) in [&mut *wa, &mut *wb].into_iter().enumerate() {
            let m = next_version(w).await;
            v = m["v"].as_u64().unwrap() as u32;
            frames[i].push(m);
        }
    }
    v
}

/// The `{v, events}` of each update with events, up to version `head`: what a history must hold.
fn logged(frames: &[Value], head: u32) -> Vec<Value> {
    frames
        .iter()
        .filter(|f| f["type"] == "update" && f["v"].as_u64().unwrap() <= u64::from(head))
        .filter(|f| !f["events"].as_array().unwrap().is_empty())
        .map(|f| json!({ "v": f["v"], "events": f["events"] }))
        .collect()
}

/// A fresh connection's snapshot and the history right after it.
async fn arrive(ws: &mut Ws) -> (Value, Value) {
    let snapshot = ws.next_of("snapshot").await;
    let history = ws.next().await.expect("open");
    assert_eq!(history["type"], "history", "the history follows the snapshot: {history}");
    assert_eq!((history["v"].clone(), history["game"].clone()), (snapshot["v"].clone(), snapshot["game"].clone()));
    (snapshot, history)
}

/// Reads `ws`'s versions until version `head`.
async fn versions_until(ws: &mut Ws, head: u32) -> Vec<Value> {
    let mut out = Vec::new();
    while out.last().is_none_or(|m: &Value| m["v"].as_u64().unwrap() < u64::from(head)) {
        out.push(next_version(ws).await);
    }
    out
}

/// A late spectator's history equals the live spectators' frames and names no card of a hand (CR 402.2), a deck
/// (CR 403.2) or a face-down bench (CR 405.2).
async fn a_late_spectator_gets_the_log_live_spectators_got(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let (mut early, _) = connect(&base, &room, None, "spectator", None).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut frames = [vec![wa.next_of("snapshot").await], vec![wb.next_of("snapshot").await]];
    let head = play_until([&mut wa, &mut wb], &mut frames, 60, |_| false).await;
    let watched = versions_until(&mut early, head).await;

    let (mut late, welcome) = connect(&base, &room, None, "spectator", None).await;
    assert_eq!(welcome["version"], head);
    let (snapshot, history) = arrive(&mut late).await;
    let expected = logged(&watched, head);
    assert!(expected.len() > 10, "the game logged something: {}", expected.len());
    assert_eq!(history["entries"], Value::from(expected), "redacted exactly as the live spectator frames");
    assert_no_leaks([&frames[0], &frames[1]], &[snapshot, history]);

    // A seat opening a second tab gets its own log, hidden cards of its own included, as its frames had them.
    let (mut again, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (_, own) = arrive(&mut again).await;
    assert_eq!(own["entries"], Value::from(logged(&frames[0], head)));
}

/// Under a delay of one turn the late spectator's history ends at its delayed head, before the live version,
/// and is still exactly what a spectator watching from the start was sent up to there.
async fn a_late_spectators_history_respects_the_delay(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let body = json!({ "visibility": "public", "best_of": 1, "spectator_delay": { "turns": 1 }, "clock": null, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, body).await;
    let (mut early, _) = connect(&base, &room, None, "spectator", None).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut frames = [vec![wa.next_of("snapshot").await], vec![wb.next_of("snapshot").await]];
    let live = play_until([&mut wa, &mut wb], &mut frames, 400, |f| f["view"]["turn"].as_u64() >= Some(3)).await;
    let last = frames[0].last().unwrap();
    assert!(!game_over(last) && last["view"]["turn"].as_u64() >= Some(3), "play reached turn 3: {last}");

    let (mut late, welcome) = connect(&base, &room, None, "spectator", None).await;
    let head = welcome["version"].as_u64().unwrap() as u32;
    assert!(0 < head && head < live, "the spectators' head {head} trails the live version {live}");
    let (_, history) = arrive(&mut late).await;
    let entries = history["entries"].as_array().unwrap();
    assert!(entries.iter().all(|e| e["v"].as_u64().unwrap() <= u64::from(head)), "nothing past the delay");
    let watched = versions_until(&mut early, head).await;
    assert_eq!(history["entries"], Value::from(logged(&watched, head)));
    // The seats are not delayed: a seat's history reaches the live version.
    let (mut again, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let (_, own) = arrive(&mut again).await;
    assert_eq!(own["v"], live);
    assert_eq!(own["entries"], Value::from(logged(&frames[1], live)));
}

/// While nobody watches, the room passes the spectators' versions without projecting them (issue 14). A spectator
/// who arrives then gets the live version's view with its history; the updates after it patch what it holds into
/// exactly what a spectator arriving later is shown; and one who left and resumes after versions nobody watched
/// is brought to the live view too (its missed frames while the history holds them, else a snapshot). Nothing
/// hidden is shown.
async fn a_spectator_of_an_unwatched_room_gets_the_live_view_and_follows_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut frames = [vec![wa.next_of("snapshot").await], vec![wb.next_of("snapshot").await]];
    let head = play_until([&mut wa, &mut wb], &mut frames, 20, |_| false).await;

    let (mut late, welcome) = connect(&base, &room, None, "spectator", None).await;
    assert_eq!(welcome["version"], head, "the spectators' head kept up while nobody watched");
    let (snapshot, history) = arrive(&mut late).await;
    assert_eq!(snapshot["v"], head);
    let mut shown = vec![snapshot, history];
    let head = play_until([&mut wa, &mut wb], &mut frames, 20, |_| false).await;
    shown.extend(versions_until(&mut late, head).await);
    let (mut other, _) = connect(&base, &room, None, "spectator", None).await;
    let (fresh, _) = arrive(&mut other).await;
    assert_eq!(fresh["v"], head);
    assert_eq!(*late.held().view(), fresh["view"], "the updates after the snapshot patched it into the live view");

    let held = late.held();
    drop((late, other));
    let head = play_until([&mut wa, &mut wb], &mut frames, 20, |_| false).await;
    let (mut back, welcome) = try_resume(&base, &room, None, "spectator", held).await.expect("resumed");
    assert_eq!(welcome["version"], head);
    while back.held().version() != Some(head) {
        shown.push(back.next().await.expect("open"));
    }
    let (mut other, _) = connect(&base, &room, None, "spectator", None).await;
    let (fresh, _) = arrive(&mut other).await;
    assert_eq!(*back.held().view(), fresh["view"], "the returning spectator holds the live view");
    assert!(!game_over(frames[0].last().unwrap()), "play went on throughout (else the test shows less)");
    assert_no_leaks([&frames[0], &frames[1]], &shown);
}

on_both_backends!(
    a_late_spectator_gets_the_log_live_spectators_got,
    a_late_spectators_history_respects_the_delay,
    a_spectator_of_an_unwatched_room_gets_the_live_view_and_follows_it
);
