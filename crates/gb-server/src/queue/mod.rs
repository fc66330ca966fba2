//! Play now (docs/protocol.md, "Play now"; docs/ratings.md, "Matching"): the queue lives in the database
//! (`play_queue`), so every node matches from one queue. Each node runs a matcher every [`TICK`] (and once
//! after each join); a pass claims its pairs in one transaction (claim.rs), then runs each new room on this node
//! and seats its players. A waiting player's place lasts [`LEASE_MS`] past their last heartbeat
//! (`GET /api/queue`), whichever node served it: a node's death loses nobody's place.
pub mod claim;
pub mod pairing;

use crate::db::queue;
use crate::db::room_config::RoomConfig;
use crate::protocol::{ClockSetting, SpectatorDelay, Visibility};
use crate::room::{RoomDeps, RoomHandle, Rooms, recover};
use std::time::Duration;

/// A waiting player's place is kept this long after their last heartbeat.
pub const LEASE_MS: i64 = 15_000;
/// How often each node's matcher looks at the queue: the gap widens and the computer comes between joins too.
pub const TICK: Duration = Duration::from_millis(500);
/// A queued game's clock: a chess clock of 10 minutes plus 5 s a move, and a 2-minute disconnection bank, so an
/// opponent who leaves cannot hold a rated game open for ever.
pub const CLOCK: ClockSetting =
    ClockSetting::Chess { initial_ms: 600_000, increment_ms: 5_000, disconnect_bank_ms: 120_000 };

/// The room a match gets: two seats, public with a one-turn spectator delay, the queue's clock; rated only for
/// two people who both asked for it.
pub fn room_config(format: &str, rated: bool, vs_computer: bool) -> RoomConfig {
    RoomConfig {
        visibility: Visibility::Public,
        best_of: if format == "bo3" { 3 } else { 1 },
        spectator_delay: Some(SpectatorDelay::Turns(1)),
        clock: Some(CLOCK),
        vs_bot: vs_computer,
        bot_level: vs_computer.then(crate::protocol::BotLevel::default),
        seats: crate::protocol::TWO_SEATS,
        host: None,
        next_game_chooser: None,
        first_game_chooser: None,
        event: None,
        rated,
    }
}

/// The matcher of this node, until shutdown.
pub async fn matcher(deps: RoomDeps) {
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = deps.shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        if let Err(e) = match_once(deps.clone()).await {
            tracing::warn!(error = %format!("{e:#}"), "play-now matcher pass failed; the next pass retries");
        }
    }
}

/// One pass: claims the matches now possible and seats their players. Returns how many rooms it opened. Takes
/// the room dependencies or anything they are made from (`&AppState`).
pub async fn match_once(deps: impl Into<RoomDeps>) -> anyhow::Result<usize> {
    let deps = &deps.into();
    let opened = claim::claim(&deps.db, crate::db::now_ms()).await?;
    let n = opened.len();
    for o in opened {
        metrics::counter!("gb_queue_matches_total").increment(1);
        let room_id = o.room_id.clone();
        if let Err(e) = open(deps, o).await {
            // The players' own heartbeats seat them (api/queue.rs `seat_late`).
            tracing::error!(room = %room_id, error = %format!("{e:#}"), "a matched room was not opened");
        }
    }
    Ok(n)
}

/// Runs a claimed room here and seats its players with their decks.
async fn open(deps: &RoomDeps, o: queue::Opened) -> anyhow::Result<()> {
    let handle = run_here(deps, &o.room_id, o.cfg, o.seats).await?;
    for p in o.players {
        seat(deps, &handle, &p).await?;
    }
    Ok(())
}

/// Seats one matched player in their room (already seated is fine) and records it.
pub async fn seat(deps: &RoomDeps, handle: &RoomHandle, p: &queue::QueueRow) -> anyhow::Result<()> {
    let deck = p.deck.clone();
    match handle.join(p.account_id.clone(), p.display_name.clone(), deck).await {
        Ok(_) | Err(crate::room::RoomError::AlreadySeated) => {}
        Err(e) => anyhow::bail!("seating {}: {e}", p.account_id),
    }
    queue::mark_seated(&deps.db, &p.account_id, &handle.id).await?;
    Ok(())
}

/// The room `id` running on this node: spawned on a single node; in cluster mode placed on this node and
/// claimed (as a tournament's tables are, tournament/tables.rs).
pub async fn run_here(
    deps: &RoomDeps,
    id: &str,
    cfg: RoomConfig,
    seats: Vec<Option<crate::db::room_config::SeatEntry>>,
) -> anyhow::Result<RoomHandle> {
    if let Some(h) = deps.rooms.get(id) {
        return Ok(h);
    }
    match &deps.cluster {
        Some(cluster) => {
            crate::cluster::lease::place_on(&deps.db, id, &cluster.node_id()).await?;
            crate::tournament::tables::claim_here(deps, cluster, id).await
        }
        None => Ok(Rooms::spawn(deps.clone(), recover::fresh_room(id.to_owned(), cfg, seats))),
    }
}
