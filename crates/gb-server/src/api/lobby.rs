//! `GET /api/rooms` in cluster mode (issue #15, docs/multi-node.md "Lobby"): every node answers the same list.
//! Which rooms are listed is the lease directory's say (PostgreSQL: public, waiting or playing, with a lease
//! row); what each looks like is its owner's live info, asked over NATS (bus/lobby.rs). A room no owner speaks
//! for (mid-takeover, placed and not claimed yet, or its owner dead before its lease expired) is shown as
//! stored, so it never vanishes; one listed by two nodes keeps the newer claim's info, so it never shows twice.
use crate::bus::lobby::{held_public, merge};
use crate::cluster::Cluster;
use crate::db::room_config::{RoomConfig, SeatEntry};
use crate::db::status::RoomRowStatus;
use crate::error::ApiResult;
use crate::protocol::{RoomInfo, RoomStatus, SeatInfo};
use crate::state::AppState;
use std::collections::HashSet;

/// The public rooms of the whole cluster, waiting or playing by their owners' say.
pub async fn across_nodes(state: &AppState, cluster: &Cluster) -> ApiResult<Vec<RoomInfo>> {
    // An owner that missed two heartbeats is not waited for: its rooms show as stored unless it answers anyway.
    let awake_ms = 2 * cluster.settings.heartbeat_ms;
    let directory = crate::cluster::lease::public_rooms(&state.db, awake_ms).await?;
    let me = cluster.node_id();
    let others: HashSet<String> =
        directory.iter().filter_map(|(_, owner)| owner.clone()).filter(|n| *n != me).collect();
    let mut listed = state.bus.gather_lobby(others).await;
    merge(&mut listed, held_public(&state.rooms, cluster));
    let mut rooms = Vec::with_capacity(directory.len());
    for (id, _) in directory {
        match listed.remove(&id) {
            Some(live) => rooms.push(live.info),
            None => rooms.extend(stored(state, &id).await?),
        }
    }
    Ok(rooms)
}

/// A room as its `rooms` row has it: settings, seats and status, nobody connected yet (as its next owner will
/// first publish it). `None` if the row went meanwhile.
pub(super) async fn stored(state: &AppState, id: &str) -> ApiResult<Option<RoomInfo>> {
    let Some(row) = crate::db::rooms::find_room(&state.db, id).await? else { return Ok(None) };
    let (cfg, seats) = (row.config, row.seats);
    let status = match row.status {
        RoomRowStatus::Waiting => RoomStatus::Waiting,
        RoomRowStatus::Playing => RoomStatus::Playing,
        _ => return Ok(None),
    };
    Ok(Some(stored_room_info(id, &cfg, &seats, status)))
}

/// A room as stored, before an owner runs it (placed on another node and not claimed yet, or between owners):
/// what its next owner first publishes, nobody connected but a computer.
pub(super) fn stored_room_info(
    id: &str,
    cfg: &RoomConfig,
    seats: &[Option<SeatEntry>],
    status: RoomStatus,
) -> RoomInfo {
    let host = cfg.host_seat(seats);
    let seats = cfg.seat_list().iter().map(|&s| {
        seats.get(s.index()).and_then(Option::as_ref).map(|e| SeatInfo {
            seat: s,
            display_name: e.display_name.clone(),
            connected: e.bot,
            bot: e.bot,
            bot_level: e.bot.then(|| e.bot_level.unwrap_or(cfg.start_level())),
            rematch: false,
            claim_win_at_ms: None,
            takeback: false,
            may_take_back: false,
        })
    });
    let seats = seats.collect();
    RoomInfo {
        id: id.to_owned(),
        visibility: cfg.visibility,
        best_of: cfg.best_of,
        seats,
        status,
        games: Vec::new(),
        series_winner: None,
        spectators: 0,
        spectator_delay: cfg.spectator_delay,
        clock: cfg.clock,
        seed_hash: String::new(),
        version: 0,
        match_end: None,
        round_time: None,
        next_game_chooser: None,
        host,
        event: cfg.event.clone(),
        rated: cfg.rated,
        judge_watching: None,
    }
}
