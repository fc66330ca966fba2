//! Messages larger than the NATS server's `max_payload` (issue #15, docs/multi-node.md "Messages larger than
//! NATS's max_payload"): two in-process nodes on a private `nats-server` that carries at most 2048 bytes. What
//! cannot cross is never waited for: the relayed client is told `relay_too_large` and closed with 1009, the owner
//! logs and counts it, and the owner's own sockets play on.
use crate::helpers::{Backend, spawn_app_with, spawn_node_on};
use crate::nats::Nats;
use crate::relay::on_cluster;
use crate::wsclient::{connect, create_room, game_over, guest_at, join, play_seat, public_room};
use gb_server::protocol::close;

/// Small enough that a game's first frame does not fit, large enough for a waiting room's welcome.
const MAX_PAYLOAD: usize = 2048;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_too_large_for_nats_is_refused_clearly_not_waited_for() {
    let nats = Nats::start_with(&format!("max_payload: {MAX_PAYLOAD}")).await;
    let one = spawn_app_with(Backend::Postgres, on_cluster(&nats.url())).await;
    let (a, b) = (guest_at(&one.address, "Ann").await, guest_at(&one.address, "Bob").await);
    let room = create_room(&one.address, &a, public_room()).await;
    let two = spawn_node_on(&one, on_cluster(&nats.url())).await;

    // Attached while the room waits: its welcome fits.
    let (mut early, welcome) = connect(&two.address, &room, None, "spectator", None).await;
    assert!(welcome.to_string().len() < MAX_PAYLOAD, "the test needs a welcome that fits: {welcome}");

    // The game starts: its first spectator frame does not fit. The relayed spectator is told, not left waiting.
    assert_eq!(join(&one.address, &a, &room, "fire-and-wind").await, "A");
    assert_eq!(join(&one.address, &b, &room, "tide-and-stone").await, "B");
    let error = early.next_of("error").await;
    assert_eq!(error["code"], "relay_too_large", "{error}");
    assert_eq!(early.close_code().await, Some(close::TOO_LARGE));

    // A spectator attaching now: the attach reply (its catch-up frames) does not fit either; told at once.
    let mut late = crate::wsclient::open(&two.address, &room, None, None).await.unwrap();
    late.send(crate::wsclient::hello("spectator", None)).await;
    let error = late.next_of("error").await;
    assert_eq!(error["code"], "relay_too_large", "{error}");
    assert_eq!(late.close_code().await, Some(close::TOO_LARGE));

    let metrics = one.metrics().await;
    for what in ["frame", "reply"] {
        let line = format!("gb_relay_too_large_total{{what=\"{what}\"}}");
        assert!(metrics.lines().any(|l| l.starts_with(&line)), "the owner counted a {what}: {metrics}");
    }

    // The owner's own sockets are not concerned: the match is played to its end on node one.
    let (wa, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;
    let (wb, _) = connect(&one.address, &room, Some(&b.cookie), "player", None).await;
    let (fa, fb) = tokio::join!(play_seat(wa, 41, 30), play_seat(wb, 42, 30));
    assert!(fa.last().is_some_and(game_over) && fb.last().is_some_and(game_over), "the match ended on the owner");
}
