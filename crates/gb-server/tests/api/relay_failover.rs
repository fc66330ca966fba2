//! Relayed sockets across failures (#15): a relay's retry after an owner change is answered from the log, and an
//! owner drops the attachments of a relaying node that went silent. The test plays the failed relay itself over
//! NATS, sending what bus/relay.rs sends.
use crate::relay::{NATS, two_nodes};
use crate::wsclient::{Lcg, advance, connect};
use gb_server::Db;
use gb_server::bus::wire::{Reply, Request};
use gb_server::cluster::{Owner, owner_of};
use gb_server::protocol::Role;
use serde_json::{Value, json};
use std::collections::HashSet;
use std::time::{Duration, Instant};

type Row = (i64, i64, String, Option<String>);

async fn logged(db: &Db, room: &str) -> Vec<Row> {
    let Db::Pg(pool) = db else { unreachable!() };
    sqlx::query_as(
        "SELECT i.version, i.seat, i.intent_json, i.intent_key FROM match_intents i \
         JOIN matches m ON m.id = i.match_id WHERE m.room = $1 ORDER BY i.version",
    )
    .bind(room)
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn rpc(nats: &async_nats::Client, room: &str, epoch: i64, req: &Request) -> Reply {
    let subject = gb_server::bus::rpc_subject(room, epoch);
    let msg = nats.request(subject, serde_json::to_vec(req).unwrap().into()).await.expect("the owner answers");
    serde_json::from_slice(&msg.payload).unwrap()
}

async fn owner_after(db: &Db, room: &str, epoch: i64) -> Owner {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(o) = owner_of(db, room).await.unwrap().filter(|o| o.epoch > epoch) {
            return o;
        }
        assert!(Instant::now() < deadline, "the room is claimed again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_retry_after_an_owner_change_gets_the_original_accepted_from_the_log() {
    let (one, two, room, [a, b]) = two_nodes(NATS).await;
    // Seat A on the owner, seat B relayed through node 2; the test client sends seq 1 for every intent.
    let (mut wa, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&two.address, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let mut rng = Lcg(3);
    advance([&mut wa, &mut wb], &mut last, &mut rng, 6).await;
    // Until seat B wrote the newest version: applying it again would be answered differently (a rejection, or
    // another version), never with the same `accepted`.
    while logged(&one.db, &room).await.last().is_none_or(|r| r.1 != 1) {
        advance([&mut wa, &mut wb], &mut last, &mut rng, 1).await;
    }
    let rows = logged(&one.db, &room).await;
    let relayed: Vec<&Row> = rows.iter().filter(|r| r.1 == 1).collect();
    assert!(relayed.iter().all(|r| r.3.is_some()), "a relayed intent is stored with its key");
    assert!(rows.iter().filter(|r| r.1 == 0).all(|r| r.3.is_none()), "a local socket's intent has none");
    let keys: HashSet<&Option<String>> = relayed.iter().map(|r| &r.3).collect();
    assert_eq!(keys.len(), relayed.len(), "one key per intent, though the client reused seq 1");
    drop((wa, wb));
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Node 1 hands the room to node 2 (a drain, no lease wait); node 2 has no answers in memory.
    let before = owner_of(&one.db, &room).await.unwrap().unwrap();
    gb_server::cluster::drain::drain(&one.db, one.state.cluster.as_ref().unwrap()).await;
    let after = owner_after(&two.db, &room, before.epoch).await;
    assert_eq!(after.node, two.state.cluster.as_ref().unwrap().node_id());

    // The relay's retry of seat B's newest intent, as bus/relay.rs sends it: the same socket name and key.
    let (v, _, intent_json, key) = relayed.last().copied().cloned().unwrap();
    let key = key.unwrap();
    let name = key.rsplit_once(':').unwrap().0.to_owned();
    let nats = async_nats::connect(NATS).await.unwrap();
    let attach = Request::Attach {
        relay: name.clone(),
        account: Some(b.id.clone()),
        role: Role::Player,
        last_version: None,
        game: None,
        protocol: gb_server::protocol::PROTOCOL_VERSION,
    };
    // The claim is in the lease row a moment before the rebuilt room serves its subject: retry until it does.
    let subject = gb_server::bus::rpc_subject(&room, after.epoch);
    let deadline = Instant::now() + Duration::from_secs(5);
    let attached = loop {
        match nats.request(subject.clone(), serde_json::to_vec(&attach).unwrap().into()).await {
            Ok(msg) => break serde_json::from_slice::<Reply>(&msg.payload).unwrap(),
            Err(e) if e.kind() == async_nats::RequestErrorKind::NoResponders && Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(20)).await
            }
            Err(e) => panic!("the new owner never served the room: {e}"),
        }
    };
    assert!(matches!(attached, Reply::Attached { .. }));
    let intent = serde_json::from_str(&intent_json).unwrap();
    let retry = Request::Intent { relay: name, key, seq: 7, intent, retry: true };
    let Reply::Answer { frame } = rpc(&nats, &room, after.epoch, &retry).await else { panic!("the retry is answered") };
    let answer: Value = serde_json::from_str(&frame).unwrap();
    assert_eq!(answer, json!({ "type": "accepted", "seq": 7, "v": v }), "the original acceptance");
    assert_eq!(logged(&two.db, &room).await, rows, "nothing applied twice");
}

async fn seat_connected(app: &crate::helpers::TestApp, room: &str) -> [bool; 2] {
    let info: Value = app.get(&app.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    let seats = info["seats"].as_array().unwrap();
    [0, 1].map(|i| seats.iter().any(|s| s["seat"] == ["A", "B"][i] && s["connected"] == true))
}

#[tokio::test]
async fn an_owner_drops_the_sockets_of_a_relaying_node_gone_silent() {
    let (one, two, room, [a, b]) = two_nodes(NATS).await;
    let owner = owner_of(&one.db, &room).await.unwrap().unwrap();
    // Seat A relayed by node 2 (alive, beating); seat B attached by a "node" that never says it is alive, as a
    // relaying node killed without detaching.
    let (_wa, _) = connect(&two.address, &room, Some(&a.cookie), "player", None).await;
    let nats = async_nats::connect(NATS).await.unwrap();
    let attach = Request::Attach {
        relay: "deadbeef:1".into(),
        account: Some(b.id.clone()),
        role: Role::Player,
        last_version: None,
        game: None,
        protocol: gb_server::protocol::PROTOCOL_VERSION,
    };
    assert!(matches!(rpc(&nats, &room, owner.epoch, &attach).await, Reply::Attached { .. }));
    assert_eq!(seat_connected(&one, &room).await, [true, true]);

    // The test TTL is 2 s and the owner checks every heartbeat (400 ms).
    let deadline = Instant::now() + Duration::from_secs(4);
    while seat_connected(&one, &room).await[1] {
        assert!(Instant::now() < deadline, "the silent relay's socket is still attached");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(seat_connected(&one, &room).await[0], "the live relay's socket stays attached");
}
