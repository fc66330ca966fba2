//! `GET /api/matches/{id}/replay[?seat=A|B]`: the match recomputed from its setup and log. Without `seat`, the
//! public replay (the spectator projection of each version; while live, only up to what spectators have been
//! shown, so the spectator delay holds). With `seat`, that seat's own view sequence, for its player only. Once
//! the match is over and its room has closed, also the full `MatchRecord` with the seed, nonce and deck lists
//! (`gb replay verify`).
use super::session::CurrentAccount;
use crate::error::{ApiError, ApiResult};
use crate::protocol::{Replay, ReplayQuery, ReplayStep};
use crate::room::SeatEntry;
use crate::room::recover::decode_log;
use crate::seed::StoredSetup;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use gb_core::record::{LoggedIntent, MatchRecord, RECORD_FORMAT};
use gb_core::{Viewer, replay_each, state_hash, view_for};

pub async fn replay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<ReplayQuery>,
    account: Option<CurrentAccount>,
) -> ApiResult<Json<Replay>> {
    let m = crate::db::matches::find_match(&state.db, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("no_such_match", "no match with this id"))?;
    let finished = m.status == "finished";
    let viewer = match q.seat {
        None => Viewer::Spectator,
        Some(seat) => {
            let room = crate::db::rooms::find_room(&state.db, &m.room)
                .await?
                .ok_or_else(|| ApiError::internal("match without room"))?;
            let seats: [Option<SeatEntry>; 2] = serde_json::from_str(&room.seats_json).map_err(ApiError::internal)?;
            let mine = account.is_some_and(|a| seats[seat.index()].as_ref().is_some_and(|s| s.account_id == a.0.id));
            if !mine {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "not_your_seat",
                    "only that seat's player may see its view",
                ));
            }
            Viewer::Seat(seat)
        }
    };
    // While live, spectators' projection stops where the room has released it (spectator delay).
    let mut limit = u32::MAX;
    if !finished
        && viewer == Viewer::Spectator
        && let Some(room) = state.rooms.get(&m.room)
        && let Ok(Some((match_id, head))) = room.spectator_head().await
        && match_id == m.id
    {
        limit = head;
    }
    let stored: StoredSetup = serde_json::from_str(&m.setup_json).map_err(ApiError::internal)?;
    let rows = crate::db::matches::log_with_meta(&state.db, &m.id).await?;
    let log = decode_log(&m.id, &rows).map_err(ApiError::internal)?;
    let mut steps = Vec::new();
    let game = replay_each(&stored.setup, log.iter().map(|(s, i)| (*s, i)), |game, events| {
        let v = game.version();
        if v <= limit {
            steps.push(ReplayStep { v, events: events.for_viewer(viewer), view: view_for(game, viewer) });
        }
    })
    .map_err(ApiError::internal)?;
    // The record holds both deck lists, face-down bench included. While the room is open its seats can start
    // another game with the same decks (the rest of a best-of-three, or any rematch), so the record waits until
    // the room closes (its seats left and it went idle: room/actor.rs `evict`); the views above never show them.
    let room_open = state.rooms.get(&m.room).is_some();
    let withheld = (finished && room_open).then(|| {
        "the deck lists are withheld while this room may still play another game with them; \
         the record is published when the room closes"
            .to_owned()
    });
    let record = (finished && !room_open).then(|| MatchRecord {
        format: RECORD_FORMAT.to_owned(),
        rng_algorithm: gb_core::rng::RNG_ALGORITHM.to_owned(),
        setup: stored.setup.clone(),
        seed_commitment: m.seed_hash.clone(),
        nonce: stored.nonce.clone(),
        log: log.iter().map(|(seat, intent)| LoggedIntent { seat: *seat, intent: intent.clone() }).collect(),
        outcome: game.outcome(),
        final_state_hash: format!("{:016x}", state_hash(&game)),
    });
    let record = record.map(|r| serde_json::to_value(r).map_err(ApiError::internal)).transpose()?;
    Ok(Json(Replay { match_id: m.id, viewer, finished, steps, record, withheld }))
}
