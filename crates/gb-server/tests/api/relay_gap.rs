//! What a relay repairs and what a non-owner answers from the owner's room (issue #15): a version gap on the
//! frame subject (a frame lost between owner and relay) makes the relay re-attach from its last version instead
//! of forwarding the gap; a public replay asked on a node that does not own the live room stops at the owner's
//! spectator head and withholds a finished game's deck lists while the room is open, as on the owner.
use crate::relay::{NATS, on_cluster, seated_on_two, seated_on_two_with};
use crate::wsclient::{Lcg, advance, connect, play_seat, stream_frames, watch_to_end};
use gb_server::cluster::owner_of;
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test]
async fn a_relay_re_attaches_on_a_version_gap_instead_of_forwarding_it() {
    let (one, two, room, [a, b]) = seated_on_two(on_cluster(NATS), on_cluster(NATS)).await;
    let (mut s_local, _) = connect(&one.address, &room, None, "spectator", None).await;
    let (mut s_relay, _) = connect(&two.address, &room, None, "spectator", None).await;
    let (mut wa, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&one.address, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let v = advance([&mut wa, &mut wb], &mut last, &mut Lcg(31), 4).await;
    // The relayed spectator has forwarded version v: read up to it, so the gap frame comes after.
    loop {
        let m = s_relay.next().await.expect("open");
        if m["v"] == v {
            break;
        }
    }

    // v + 1 "was lost": v + 2 arrives on the spectators' subject under the owner's epoch, as the owner sends it.
    let owner = owner_of(&one.db, &room).await.unwrap().expect("owned");
    let nats = async_nats::connect(NATS).await.unwrap();
    let mut headers = async_nats::HeaderMap::new();
    for (k, val) in [("Gb-Epoch", owner.epoch.to_string()), ("Gb-Game", "0".into()), ("Gb-Seq", "1000000".into())] {
        headers.insert(k, val.as_str());
    }
    headers.insert("Gb-V", (v + 2).to_string().as_str());
    let gap = json!({ "type": "update", "v": v + 2, "gap": true }).to_string();
    nats.publish_with_headers(format!("gb.v1.room.{room}.f.s"), headers, gap.into()).await.unwrap();
    nats.flush().await.unwrap();

    // Fresh seat sockets get a snapshot to play from (the old ones have read everything sent so far).
    drop((wa, wb));
    let (wa, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (wb, _) = connect(&one.address, &room, Some(&b.cookie), "player", None).await;
    tokio::join!(play_seat(wa, 32, 40), play_seat(wb, 33, 40));
    watch_to_end(&mut s_local).await;
    watch_to_end(&mut s_relay).await;
    assert!(!s_relay.raw.iter().any(|t| t.contains("\"gap\"")), "the frame past the gap was not forwarded");
    assert_eq!(stream_frames(&s_relay), stream_frames(&s_local), "no version missing, none twice");
    let metrics = two.metrics().await;
    assert!(metrics.lines().any(|l| l.starts_with("gb_relay_gaps_total")), "the gap was counted");
}

async fn replay(app: &crate::helpers::TestApp, match_id: &str) -> (u16, Value) {
    let r = app.get(&app.client, &format!("/api/matches/{match_id}/replay")).await;
    (r.status().as_u16(), r.json().await.unwrap())
}

/// A best of three owned by node 1 under a one-hour spectator delay: node 2's public replay of the live game
/// is the owner's (version 0 only), and once game 1 is over its deck lists stay withheld on node 2 as on node 1,
/// since the room may still play game 2 with them.
#[tokio::test]
async fn a_replay_on_a_non_owner_follows_the_owners_room() {
    let body = json!({ "visibility": "public", "best_of": 3, "spectator_delay": { "seconds": 3600 },
                       "clock": null, "vs_bot": false });
    let (one, two, room, [a, b]) = seated_on_two_with(body, on_cluster(NATS), on_cluster(NATS)).await;
    let (mut wa, welcome) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&one.address, &room, Some(&b.cookie), "player", None).await;
    let match_id = welcome["room"]["games"][0]["match_id"].as_str().unwrap().to_owned();
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    advance([&mut wa, &mut wb], &mut last, &mut Lcg(41), 6).await;

    let (on_owner, on_other) = (replay(&one, &match_id).await, replay(&two, &match_id).await);
    assert_eq!(on_owner.0, 200);
    assert_eq!(on_other, on_owner, "both nodes release the same versions");
    assert_eq!(on_other.1["steps"].as_array().unwrap().len(), 1, "only version 0 is public: {}", on_other.1);
    let relayed = two.metrics().await;
    assert!(
        relayed.lines().any(|l| l.starts_with("gb_rest_relayed_total") && l.contains("spectator_head")),
        "node 2 asked the owner"
    );

    drop((wa, wb));
    let (wa, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (wb, _) = connect(&one.address, &room, Some(&b.cookie), "player", None).await;
    tokio::join!(play_seat(wa, 42, 60), play_seat(wb, 43, 60));
    let mut finished = Value::Null;
    for _ in 0..100 {
        finished = replay(&two, &match_id).await.1;
        if finished["finished"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(finished["finished"], true, "{finished}");
    assert!(finished["record"].is_null(), "no deck lists while the room is open: {finished}");
    assert!(finished["withheld"].is_string(), "{finished}");
    assert_eq!(replay(&one, &match_id).await.1, finished, "the owner answers alike");
}
