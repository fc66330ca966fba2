//! `GET /api/matches/{id}/replay[?seat=A|B]`: the match recomputed from its setup and log. Without `seat`, the
//! public replay (the spectator projection of each version; while live, only up to what spectators have been
//! shown, so the spectator delay holds, whether or not the room is in memory, on this node or another). With `seat`, that seat's own view
//! sequence, for its player only. Once the match is over and its room has closed, also the full `MatchRecord`
//! with the seed, nonce and deck lists (`gb replay verify`). The public replay is cached per version and every
//! replay is computed off the async executor (`cache.rs`).

use super::session::CurrentAccount;
use crate::db::matches::{LogRow, MatchRow};
use crate::db::status::MatchStatus;
use crate::error::{ApiError, ApiResult};
use crate::protocol::{Replay, ReplayQuery, ReplayStep, SpectatorDelay};
use crate::room::recover::decode_log;
use crate::room::streams::shown_of_log;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use gb_core::record::{LoggedIntent, MatchRecord, RECORD_FORMAT};
use gb_core::{Viewer, replay_logged_each, state_hash, view_for};

/// How far a replay goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Released {
    /// Every version: the match is over, or a seat's own views.
    All,
    /// Up to the version the live room has shown spectators.
    Head(u32),
    /// A live match whose room no node runs now: as far as the delay rule allows from the stored intents' times
    /// and turns (the rule recovery rebuilds the spectators' head with).
    ByStoredTimes(Option<SpectatorDelay>),
}

pub async fn replay(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<ReplayQuery>,
    account: Option<CurrentAccount>,
) -> ApiResult<Response> {
    // A public replay of a long game is megabytes (sent compressed, routes.rs): limited per address.
    state.addr_limits.replays.take(peer.ip())?;
    let m = crate::db::matches::find_match(&state.db, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("no_such_match", "no match with this id"))?;
    let finished = m.status == MatchStatus::Finished;
    let room_row = || async {
        crate::db::rooms::find_room(&state.db, &m.room).await?.ok_or_else(|| ApiError::internal("match without room"))
    };
    let viewer = match q.seat {
        None => Viewer::Spectator,
        Some(seat) => {
            let seats = room_row().await?.seats;
            let Some(entry) = seats.get(seat.index()) else {
                return Err(ApiError::new(StatusCode::BAD_REQUEST, "no_such_seat", "the room has no such seat"));
            };
            let mine = account.is_some_and(|a| entry.as_ref().is_some_and(|s| s.account_id == a.0.id));
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
    let room_open = super::room_calls::is_open(&state, &m.room).await?;
    let released = if finished || viewer != Viewer::Spectator {
        Released::All
    } else {
        match super::room_calls::spectator_head(&state, &m.room).await {
            Some((match_id, head)) if match_id == m.id => Released::Head(head),
            _ => Released::ByStoredTimes(room_row().await?.config.spectator_delay),
        }
    };
    // A tournament table's record waits for its event (tournament/deck_lists.rs), whoever asks.
    let tournament_hold = if finished { tournament_hold(&state, &room_row().await?).await? } else { None };
    let rows = crate::db::matches::log_with_meta(&state.db, &m.id).await?;
    let tournament_holds = tournament_hold.is_some();
    let make = {
        let replays = state.replays.clone();
        move || async move {
            replays
                .compute(move || {
                    let replay = compute(&m, &rows, viewer, released, room_open, tournament_hold)?;
                    serde_json::to_vec(&replay).map(Bytes::from).map_err(ApiError::internal)
                })
                .await?
        }
    };
    let body = match (viewer, released) {
        (Viewer::Spectator, Released::All | Released::Head(_)) => {
            let upto = if let Released::Head(v) = released { v } else { u32::MAX };
            let key = crate::guard::replay_cache::Key { match_id: id, upto, finished, room_open, tournament_holds };
            state.replays.get_or_make(key, make).await?
        }
        _ => make().await?,
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// Why the room's event still withholds its deck lists (`None`: no event, or the event published them).
async fn tournament_hold(state: &AppState, room: &crate::db::rooms::RoomRow) -> ApiResult<Option<String>> {
    let Some(event) = &room.config.event else { return Ok(None) };
    let players: Vec<Option<String>> = room.seats.iter().map(|s| s.as_ref().map(|s| s.account_id.clone())).collect();
    crate::tournament::deck_lists::withheld(&state.db, event, &players).await.map_err(ApiError::internal)
}

/// The replay itself (blocking: replays the whole log through the engine).
fn compute(
    m: &MatchRow,
    rows: &[LogRow],
    viewer: Viewer,
    released: Released,
    room_open: bool,
    tournament_hold: Option<String>,
) -> ApiResult<Replay> {
    let finished = m.status == MatchStatus::Finished;
    let stored = &m.setup;
    let log = decode_log(&m.id, rows).map_err(ApiError::internal)?;
    let upto = match released {
        Released::Head(v) => v,
        Released::All | Released::ByStoredTimes(_) => u32::MAX,
    };
    let mut steps = Vec::new();
    let mut turns = Vec::new();
    let game = replay_logged_each(&stored.setup, &log, |game, events| {
        let v = game.version();
        if v > 0 {
            turns.push(game.turn().number);
        }
        if v <= upto {
            steps.push(ReplayStep { v, events: events.for_viewer(viewer), view: view_for(game, viewer) });
        }
    })
    .map_err(ApiError::internal)?;
    if let Released::ByStoredTimes(delay) = released {
        let accepted: Vec<i64> = rows.iter().map(|r| r.created_at).collect();
        let now = crate::db::now_ms();
        let shown = shown_of_log(delay, &accepted, &turns, game.turn().number, game.is_over(), now);
        steps.truncate(shown as usize + 1);
    }
    // The record holds both deck lists, face-down bench included. While the room is open its seats can start
    // another game with the same decks (the rest of a best-of-three, or any rematch), so the record waits until
    // the room closes (its seats left and it went idle: room/actor.rs `evict`); the views above never show them.
    let withheld = tournament_hold.or_else(|| {
        (finished && room_open).then(|| {
            "the deck lists are withheld while this room may still play another game with them; \
             the record is published when the room closes"
                .to_owned()
        })
    });
    // A record holds the intents still standing (takebacks leave theirs out, docs/protocol.md "Takeback"), so
    // `gb replay verify` replays it as it always did; its final hash is that replay's, at its own version.
    let standing = gb_core::standing(&log);
    let final_hash = match log.len() == standing.len() {
        true => state_hash(&game),
        false if finished && withheld.is_none() => {
            let owned: Vec<_> = standing.iter().map(|(s, i)| (*s, (*i).clone())).collect();
            state_hash(&gb_core::replay(&stored.setup, &owned).map_err(ApiError::internal)?)
        }
        false => 0,
    };
    let record = (finished && withheld.is_none()).then(|| MatchRecord {
        format: RECORD_FORMAT.to_owned(),
        rng_algorithm: gb_core::rng::RNG_ALGORITHM.to_owned(),
        setup: stored.setup.clone(),
        seed_commitment: m.seed_hash.clone(),
        nonce: stored.nonce.clone(),
        log: standing.iter().map(|(seat, intent)| LoggedIntent { seat: *seat, intent: (*intent).clone() }).collect(),
        outcome: game.outcome(),
        final_state_hash: format!("{final_hash:016x}"),
    });
    let record = record.map(|r| serde_json::to_value(r).map_err(ApiError::internal)).transpose()?;
    Ok(Replay { match_id: m.id.clone(), viewer, finished, steps, record, withheld })
}
