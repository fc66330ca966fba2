//! The event's only contact with rooms: a table's match is an ordinary room (seats, best-of-three chaining,
//! spectator delay, recovery all come from `room/`), created with both players seated, and watched through its
//! published info so each finished game reaches the event.
use super::Cmd;
use crate::cluster::Cluster;
use crate::db::room_config::RoomConfig;
use crate::protocol::{BotLevel, GameResult, MatchEndReason, SpectatorDelay, Visibility};
use crate::room::{RoomDeps, RoomHandle, Rooms, recover};
use gb_core::{DeckList, Seat};
use gb_tournament::Settings;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// One seat of a table: the account (a computer's event player id), its name, its locked deck, and for a
/// computer player the level the room plays it at (computers.rs).
pub(crate) struct Seated {
    pub account_id: String,
    pub name: String,
    pub deck: DeckList,
    pub computer: Option<BotLevel>,
}

/// Creates a public room for a table (so feature matches can be watched with the event's delay) and seats both
/// players, the pairing's first at seat A; the room starts game 1 as soon as both are seated. `first_chooser`
/// names the seat asked who plays first in game 1 (a playoff's higher seed); `None` leaves it to the draw.
pub(crate) async fn open(
    deps: &RoomDeps,
    event: &str,
    settings: &Settings,
    seats: [Seated; 2],
    first_chooser: Option<Seat>,
) -> anyhow::Result<RoomHandle> {
    let id = uuid::Uuid::new_v4().simple().to_string();
    let cfg = RoomConfig {
        visibility: Visibility::Public,
        best_of: settings.games_per_match,
        spectator_delay: (settings.spectator_delay_seconds > 0)
            .then_some(SpectatorDelay::Seconds(settings.spectator_delay_seconds)),
        clock: None,
        vs_bot: false,
        bot_level: None,
        // A tournament table is the two-player game (docs/tournaments.md); nobody starts it early.
        seats: crate::protocol::TWO_SEATS,
        host: None,
        next_game_chooser: Some(settings.next_game_chooser),
        first_game_chooser: first_chooser,
        event: Some(event.to_owned()),
        // An event keeps its own standings (docs/ratings.md).
        rated: false,
    };
    let empty: Vec<Option<crate::db::room_config::SeatEntry>> = vec![None, None];
    crate::db::rooms::insert_room(&deps.db, &id, &cfg, &empty).await?;
    let handle = match &deps.cluster {
        // The event's owner runs its tables' rooms, so it watches them here (docs/multi-node.md, "Tournaments").
        Some(cluster) => {
            let me = cluster.node_id();
            crate::cluster::lease::place_on(&deps.db, &id, &me).await?;
            claim_here(deps, cluster, &id).await?
        }
        None => Rooms::spawn(deps.clone(), recover::fresh_room(id, cfg, empty)),
    };
    for s in seats {
        let Seated { account_id, name: display_name, deck, computer } = s;
        let seated = match computer {
            Some(level) => handle.seat_computer(account_id, display_name, deck, level).await,
            None => handle.join(account_id, display_name, deck).await,
        };
        seated.map_err(|e| anyhow::anyhow!("seating a player: {e}"))?;
    }
    Ok(handle)
}

/// The room of a table after a restart: live if recovery brought it back, else rebuilt from its rows (a room
/// whose match finished is not recovered at startup, but its games are what the event needs).
pub(crate) async fn reattach(deps: &RoomDeps, room_id: &str) -> anyhow::Result<RoomHandle> {
    if let Some(h) = deps.rooms.get(room_id) {
        return Ok(h);
    }
    if let Some(cluster) = &deps.cluster {
        return claim_here(deps, cluster, room_id).await;
    }
    let init = recover::load_room(deps, room_id).await?;
    Ok(Rooms::spawn(deps.clone(), init))
}

/// Cluster mode: claims a table's room for this node (the event's owner) and runs it, rebuilt from its log. A
/// room idle eviction closed has no lease row any more and gets one. The room sweep leaves tables' rooms to
/// their event's owner (cluster/sweep.rs); a room still held by another node (a draining one releasing it, or
/// this node's own sweep a moment ahead) is waited for, up to 3 s, then refused.
pub(crate) async fn claim_here(deps: &RoomDeps, cluster: &Arc<Cluster>, room_id: &str) -> anyhow::Result<RoomHandle> {
    use crate::cluster::{lease, owner_of};
    use crate::room::adopt;
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        if let Some(h) = deps.rooms.get(room_id) {
            return Ok(h);
        }
        let me = cluster.node_id();
        lease::ensure(&deps.db, room_id).await?;
        if let Some(claimed) = lease::claim(&deps.db, room_id, &me).await? {
            adopt::adopt(deps, cluster, room_id, &me, claimed, "event").await;
            continue;
        }
        if Instant::now() >= deadline {
            let owner = owner_of(&deps.db, room_id).await?;
            anyhow::bail!("the table's room was not claimed in time (its owner: {owner:?})");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Tells a table's room that the event ended its match (match_end.rs). In the background: the event's mailbox
/// must not wait on a room, and a room that cannot be reached is logged (its later games do not count anyway).
pub(crate) fn end_match(deps: &RoomDeps, room_id: String, reason: MatchEndReason) {
    let st = deps.clone();
    deps.tracker.spawn(async move {
        let told = async { reattach(&st, &room_id).await?.end_match(reason).await.map_err(anyhow::Error::from) };
        if let Err(e) = told.await {
            tracing::error!(room = %room_id, ?reason, "room not told its match ended: {e:#}");
        }
    });
}

/// Tells a table's room an announcement of its event (announcements.rs), in the background like `end_match`: a
/// room that cannot be reached misses it (the event page still shows it).
pub(crate) fn announce(deps: &RoomDeps, room_id: String, announcement: crate::protocol::Announcement) {
    let st = deps.clone();
    deps.tracker.spawn(async move {
        let told = async { reattach(&st, &room_id).await?.announce(announcement).await.map_err(anyhow::Error::from) };
        if let Err(e) = told.await {
            tracing::warn!(room = %room_id, "room not told an announcement: {e:#}");
        }
    });
}

/// Sends the table's finished games to the event each time another one finishes, and each seat's first
/// connection (attendance.rs: the no-show rule), until the room stops.
pub(crate) fn watch(deps: &RoomDeps, room: RoomHandle, round: u32, table: u32, event: mpsc::Sender<Cmd>) {
    let (mut info, room) = (room.info, room.id);
    let shutdown = deps.shutdown.clone();
    deps.tracker.spawn(async move {
        let mut reported = 0;
        let mut arrived = [false; 2];
        loop {
            let (games, connected) = {
                let now = info.borrow_and_update();
                // A table's room has two seats (tables.rs `open`).
                let connected: [bool; 2] =
                    std::array::from_fn(|i| now.seats.get(i).and_then(Option::as_ref).is_some_and(|s| s.connected));
                (now.games.clone(), connected)
            };
            for seat in 0..2 {
                if connected[seat] && !arrived[seat] {
                    arrived[seat] = true;
                    if event.send(Cmd::Arrived { round, table, room: room.clone(), seat }).await.is_err() {
                        return;
                    }
                }
            }
            let games: Vec<GameResult> = games;
            let finished = games.iter().take_while(|g| g.reason.is_some()).count();
            if finished > reported {
                reported = finished;
                let games = games.into_iter().take(finished).collect();
                if event.send(Cmd::RoomGames { round, table, room: room.clone(), games }).await.is_err() {
                    return;
                }
            }
            tokio::select! {
                changed = info.changed() => if changed.is_err() { return },
                () = shutdown.cancelled() => return,
            }
        }
    });
}
