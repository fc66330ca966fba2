//! Lobby REST (protocol.md): create, list, look up, take a seat, ask for a rematch. Each call that changes a
//! room is a command to its actor; listings read the rooms' published info without a round trip. Calls on one
//! room run where the room is (room_calls.rs): here, or on its owner in cluster mode.
use super::room_calls::RoomAt;
use super::session::CurrentAccount;
use crate::bus::wire::RoomCall;
use crate::db::room_config::{RoomConfig, SeatEntry};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::protocol::{CreateRoom, JoinSeat, RoomInfo, RoomList, RoomStatus, TakebackAnswer, Visibility};
use crate::room::{Rooms, recover};
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

pub async fn create(
    State(state): State<AppState>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<CreateRoom>,
) -> ApiResult<(StatusCode, Json<RoomInfo>)> {
    let bot_level = gb_protocol::checks::create_room(&body, crate::room::computer::parse_level)?;
    // A v4 UUID: 122 random bits, so a private room's id works as its invite and cannot be guessed.
    let id = uuid::Uuid::new_v4().simple().to_string();
    super::quota::claim_room(&state, &account.id, &id).await?;
    let cfg = RoomConfig {
        visibility: body.visibility,
        best_of: body.best_of,
        spectator_delay: body.spectator_delay,
        clock: body.clock,
        vs_bot: body.vs_bot,
        bot_level,
        seats: body.seats,
        host: Some(account.id.clone()),
        next_game_chooser: None,
        first_game_chooser: None,
        event: None,
        rated: body.rated,
    };
    let mut seats: Vec<Option<SeatEntry>> = vec![None; usize::from(body.seats)];
    if body.vs_bot {
        // A computer's seat belongs to no account (the room plays it: room/computer.rs).
        seats[1] = Some(crate::room::seating::computer_seat());
    }
    crate::db::rooms::insert_room(&state.db, &id, &cfg, &seats).await?;
    if let Some(cluster) = &state.cluster {
        let info = place(&state, cluster, &id, &cfg, &seats).await?;
        metrics::counter!("gb_rooms_created").increment(1);
        return Ok((StatusCode::CREATED, Json(info)));
    }
    let init = recover::fresh_room(id, cfg, seats);
    let handle = Rooms::spawn(state.room_deps(), init);
    metrics::counter!("gb_rooms_created").increment(1);
    let info = handle.info.borrow().clone();
    Ok((StatusCode::CREATED, Json(info)))
}

/// Cluster mode: the room goes to the least-loaded live node (its lease row's `placed_on`). This node claims
/// it at once if chosen; otherwise the chosen node's sweeper does, within a sweep interval (no NATS needed).
async fn place(
    state: &AppState,
    cluster: &std::sync::Arc<crate::cluster::Cluster>,
    id: &str,
    cfg: &RoomConfig,
    seats: &[Option<SeatEntry>],
) -> ApiResult<RoomInfo> {
    use crate::cluster::lease;
    use crate::room::adopt;
    let me = cluster.node_id();
    if lease::place(&state.db, id, &me).await? == me
        && let Some(claimed) = lease::claim(&state.db, id, &me).await?
    {
        adopt::adopt(&state.room_deps(), cluster, id, &me, claimed, "created").await;
    }
    Ok(match state.rooms.get(id) {
        Some(h) => h.info.borrow().clone(),
        None => super::lobby::stored_room_info(id, cfg, seats, RoomStatus::Waiting),
    })
}

/// The public rooms: this node's, or in cluster mode every node's (api/lobby.rs).
pub async fn list(State(state): State<AppState>) -> ApiResult<Json<RoomList>> {
    let rooms = match state.cluster.as_ref().filter(|_| state.bus.enabled()) {
        Some(cluster) => super::lobby::across_nodes(&state, cluster).await?,
        None => state.rooms.all().iter().map(|h| h.info.borrow().clone()).collect(),
    };
    let mut open = Vec::new();
    let mut live = Vec::new();
    for info in rooms {
        if info.visibility != Visibility::Public {
            continue;
        }
        match info.status {
            RoomStatus::Waiting => open.push(info),
            RoomStatus::Playing => live.push(info),
            RoomStatus::Finished => {}
        }
    }
    open.sort_by(|a, b| a.id.cmp(&b.id));
    live.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(Json(RoomList { open, live }))
}

/// Private rooms too: knowing the id is the invitation.
pub async fn get(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    super::room_calls::info(&state, &id).await
}

pub async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<JoinSeat>,
) -> ApiResult<Response> {
    let at = RoomAt::find(&state, &id).await?;
    let deck = chosen_deck(&state, &account.id, body).await?;
    let call = RoomCall::Join { account_id: account.id, display_name: account.display_name, deck };
    Ok(at.call(&state, &id, call).await)
}

/// The deck a player names: one of their saved decks, or a preconstructed one (also a tournament registration's).
pub async fn chosen_deck(state: &AppState, account_id: &str, body: JoinSeat) -> ApiResult<gb_core::DeckList> {
    match body {
        JoinSeat::Saved { deck_id } => {
            let row = crate::db::decks::find(&state.db, account_id, &deck_id)
                .await?
                .ok_or_else(|| ApiError::not_found("no_such_deck", "no deck of yours has this id"))?;
            Ok(row.list)
        }
        JoinSeat::Preconstructed { preconstructed } => gb_core::decks::preconstructed_deck(&preconstructed)
            .ok_or_else(|| ApiError::not_found("no_such_deck", "no preconstructed deck has this slug")),
    }
}

/// `POST /api/rooms/{id}/start`: the host starts now; computers take the empty seats.
pub async fn start(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Response> {
    forward(&state, &id, RoomCall::Start { account_id: account.id }).await
}

/// `POST /api/rooms/{id}/claim_win`: the caller claims the win over an opponent who has been disconnected for
/// the grace period (room/leaving.rs); answers the room's info with the game's result.
pub async fn claim_win(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Response> {
    forward(&state, &id, RoomCall::ClaimWin { account_id: account.id, draw: false }).await
}

/// `POST /api/rooms/{id}/claim_draw`: in a casual game, the caller ends the game as a draw once their opponent
/// has been disconnected for the grace period (room/leaving.rs); answers the room's info with the result.
pub async fn claim_draw(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Response> {
    forward(&state, &id, RoomCall::ClaimWin { account_id: account.id, draw: true }).await
}

/// `POST /api/rooms/{id}/takeback`: the caller asks to take back their last action (room/takeback.rs); answers
/// the room's info, where their seat's `takeback` is now set (or the takeback made, against the computer).
pub async fn ask_takeback(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Response> {
    forward(&state, &id, RoomCall::AskTakeback { account_id: account.id }).await
}

/// `POST /api/rooms/{id}/takeback/answer` with `{"accept": bool}`: the opponent's answer; answers the room's info.
pub async fn answer_takeback(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    body: Bytes,
) -> ApiResult<Response> {
    let at = RoomAt::find(&state, &id).await?;
    let req: TakebackAnswer =
        serde_json::from_slice(&body).map_err(|e| ApiError::bad_request("bad_json", e.to_string()))?;
    Ok(at.call(&state, &id, RoomCall::AnswerTakeback { account_id: account.id, accept: req.accept }).await)
}

/// A seat's call on its room, wherever the room runs (this node or its owner's): the room answers its info.
async fn forward(state: &AppState, id: &str, call: RoomCall) -> ApiResult<Response> {
    let at = RoomAt::find(state, id).await?;
    Ok(at.call(state, id, call).await)
}

pub async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    body: Bytes,
) -> ApiResult<Response> {
    let at = RoomAt::find(&state, &id).await?;
    let req = gb_protocol::checks::rematch(&body)?;
    Ok(at.call(&state, &id, RoomCall::Rematch { account_id: account.id, go_first: req.go_first }).await)
}
