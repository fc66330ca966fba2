//! Relayed sockets when the room or NATS goes away (issue #15): a new owner announces itself and relays move to
//! it at once, quiet ones included; a NATS outage is ridden out (resync by version) or, past the setting, ends
//! with `unavailable` and 1012, while the owner's room plays on locally.
use crate::helpers::{TestApp, spawn_node_on};
use crate::nats::Nats;
use crate::relay::{NATS, on_cluster, seated_on_two};
use crate::wsclient::{Lcg, Ws, advance, connect, play_seat, stream_frames, watch_to_end};
use gb_server::cluster::{Owner, owner_of};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Polls `GET /api/rooms/{room}` on `node` until it counts `n` spectators (3 s at most).
async fn wait_spectators(node: &TestApp, room: &str, n: u64) {
    let mut seen = Value::Null;
    for _ in 0..60 {
        let r = node.get(&node.client, &format!("/api/rooms/{room}")).await;
        if r.status() == 200 {
            seen = r.json().await.unwrap();
            if seen["spectators"] == n {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never {n} spectators: {seen}");
}

/// The room's owner once its epoch is past `epoch` (5 s at most).
async fn owner_after(node: &TestApp, room: &str, epoch: i64) -> Owner {
    for _ in 0..100 {
        if let Some(o) = owner_of(&node.db, room).await.unwrap().filter(|o| o.epoch > epoch) {
            return o;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no owner past epoch {epoch}");
}

#[tokio::test]
async fn a_quiet_relayed_spectator_moves_to_the_new_owner_after_a_drain() {
    let (one, two, room, [a, b]) = seated_on_two(on_cluster(NATS), on_cluster(NATS)).await;
    let three = spawn_node_on(&one, on_cluster(NATS)).await;
    let (mut spec, _) = connect(&three.address, &room, None, "spectator", None).await;
    wait_spectators(&one, &room, 1).await;
    let before = owner_of(&one.db, &room).await.unwrap().expect("owned");

    gb_server::cluster::drain::drain(&one.db, one.state.cluster.as_ref().unwrap()).await;
    let after = owner_after(&two, &room, before.epoch).await;
    assert_ne!(after.node, before.node);
    // The spectator has sent nothing and no frame has been played since: only the announcement moves it.
    let new_owner = if after.node == two.state.cluster.as_ref().unwrap().node_id() { &two } else { &three };
    wait_spectators(new_owner, &room, 1).await;

    // And it watches the match the new owner plays.
    let (wa, _) = connect(&two.address, &room, Some(&a.cookie), "player", None).await;
    let (wb, _) = connect(&three.address, &room, Some(&b.cookie), "player", None).await;
    tokio::join!(play_seat(wa, 21, 30), play_seat(wb, 22, 30));
    watch_to_end(&mut spec).await;
}

/// Waits until `node`'s /healthz reports NATS as `state` (5 s at most).
async fn wait_nats(node: &TestApp, state: &str) {
    for _ in 0..100 {
        let h: Value = node.get(&node.client, "/healthz").await.json().await.unwrap();
        if h["nats"] == state {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("NATS never {state}");
}

/// Reads until a frame carrying version `v` or later (the last frame read is that one).
async fn read_to(ws: &mut Ws, v: u64) {
    while let Some(m) = ws.next().await {
        if m["v"].as_u64().is_some_and(|mv| mv >= v) {
            return;
        }
    }
    panic!("closed before v{v}");
}

const OUTAGE_MS: u64 = 3000;

#[tokio::test]
async fn relays_ride_out_a_short_nats_outage_and_give_up_on_a_long_one() {
    let mut nats = Nats::start().await;
    let cluster = |url: String| {
        move |s: &mut gb_server::Settings| {
            on_cluster(&url)(s);
            s.cluster.nats_outage_ms = OUTAGE_MS;
        }
    };
    let (one, two, room, [a, b]) = seated_on_two(cluster(nats.url()), cluster(nats.url())).await;
    let (mut wa, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&one.address, &room, Some(&b.cookie), "player", None).await;
    let (mut s_local, _) = connect(&one.address, &room, None, "spectator", None).await;
    let (mut s_relay, _) = connect(&two.address, &room, None, "spectator", None).await;
    wait_spectators(&one, &room, 2).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let mut rng = Lcg(31);
    let v = advance([&mut wa, &mut wb], &mut last, &mut rng, 3).await;
    read_to(&mut s_relay, v.into()).await;

    // A short outage: the owner's room plays on locally; the relay resyncs from its last version once NATS is
    // back, so it ends up with exactly the local spectator's frames.
    nats.kill();
    wait_nats(&two, "disconnected").await;
    let v = advance([&mut wa, &mut wb], &mut last, &mut rng, 4).await;
    nats.restart().await;
    wait_nats(&two, "connected").await;
    wait_nats(&one, "connected").await;
    let v = advance([&mut wa, &mut wb], &mut last, &mut rng, 2).await.max(v);
    read_to(&mut s_local, v.into()).await;
    read_to(&mut s_relay, v.into()).await;
    assert_eq!(stream_frames(&s_relay), stream_frames(&s_local), "no gap and nothing twice across the outage");

    // A long one: past the setting the relayed socket is told and closed with 1012; the room still plays, and
    // the owner stops counting the remote spectator.
    nats.kill();
    wait_nats(&two, "disconnected").await;
    let cut = Instant::now();
    let m = loop {
        let m = s_relay.next_within(Duration::from_millis(OUTAGE_MS + 3000)).await.expect("told in time");
        let m = m.expect("an answer before the close");
        if m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(m["code"], "unavailable", "{m}");
    assert_eq!(s_relay.close_code().await, Some(gb_server::protocol::close::RESTARTING));
    let waited = cut.elapsed();
    assert!(waited >= Duration::from_millis(OUTAGE_MS - 300), "rode out the outage first: {waited:?}");
    assert!(waited < Duration::from_millis(OUTAGE_MS + 2000), "closed once the setting passed: {waited:?}");
    assert!(advance([&mut wa, &mut wb], &mut last, &mut rng, 2).await > v, "the owner plays on without NATS");
    wait_spectators(&one, &room, 1).await;
}
