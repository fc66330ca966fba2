//! Play now over REST (docs/protocol.md, "Play now"): join the queue, keep the place with a heartbeat that also
//! tells the wait and the match, leave. The queue and its matcher are `crate::queue`.
use super::room_calls::RoomAt;
use super::session::CurrentAccount;
use crate::bus::wire::RoomCall;
use crate::db::{now_ms, queue as rows};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::protocol::{JoinQueue, QueueView};
use crate::queue::{LEASE_MS, match_once, pairing::gap};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

/// The choice of "play the computer after N seconds".
const COMPUTER_AFTER: std::ops::RangeInclusive<u32> = 5..=600;
/// A matched player not seated by the matcher this long after the match is seated by their own heartbeat (the
/// matcher's node died between the claim and the seating).
const SEAT_LATE_MS: i64 = 10_000;

/// `POST /api/queue`: starts (or restarts) the caller's search, and matches at once if an opponent waits.
pub async fn join(
    State(state): State<AppState>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<JoinQueue>,
) -> ApiResult<(StatusCode, Json<QueueView>)> {
    let format = super::ratings::format(Some(&body.format))?;
    if let Some(s) = body.computer_after_seconds
        && !COMPUTER_AFTER.contains(&s)
    {
        return Err(ApiError::unprocessable(
            "bad_computer_after",
            format!("computer_after_seconds is {} to {}", COMPUTER_AFTER.start(), COMPUTER_AFTER.end()),
        ));
    }
    let deck = super::rooms::chosen_deck(&state, &account.id, body.deck).await?;
    deck.validate().map_err(ApiError::invalid_deck)?;
    let rating = crate::db::ratings::rating_of(&state.db, &account.id, format).await?;
    let now = now_ms();
    let row = rows::QueueRow {
        account_id: account.id.clone(),
        display_name: account.display_name,
        format: format.to_owned(),
        rated: i64::from(body.rated),
        deck: deck.clone(),
        rating: rating.map_or(gb_rating::Rating::default().rating, |s| s.rating.rating),
        computer_after_ms: body.computer_after_seconds.map(|s| i64::from(s) * 1000),
        joined_at: now,
        expires_at: now + LEASE_MS,
        room_id: None,
        opponent: None,
        matched_at: None,
        seated: 0,
    };
    rows::join(&state.db, &row).await?;
    metrics::counter!("gb_queue_joins_total").increment(1);
    // A waiting opponent is matched now, not at the next tick; a failed pass is the next tick's to retry.
    if let Err(e) = match_once(&state).await {
        tracing::warn!(error = %format!("{e:#}"), "play-now matcher pass after a join failed");
    }
    let row = rows::find(&state.db, &account.id).await?.ok_or_else(not_queued)?;
    Ok((StatusCode::CREATED, Json(view(&state, &row).await?)))
}

/// `GET /api/queue`: the heartbeat that keeps the caller's place for [`LEASE_MS`], with the wait, how many are
/// looking and, once matched, the room.
pub async fn get(State(state): State<AppState>, CurrentAccount(account): CurrentAccount) -> ApiResult<Json<QueueView>> {
    let row = rows::beat(&state.db, &account.id, now_ms() + LEASE_MS).await?.ok_or_else(not_queued)?;
    if row.room_id.is_none() && row.expires_at <= now_ms() {
        return Err(not_queued());
    }
    if row.seated == 0
        && let (Some(room), Some(at)) = (&row.room_id, row.matched_at)
        && now_ms() - at > SEAT_LATE_MS
        && let Err(e) = seat_late(&state, room, &row).await
    {
        tracing::warn!(room = %room, error = %format!("{e:#}"), "a matched player could not be seated yet");
    }
    Ok(Json(view(&state, &row).await?))
}

/// `DELETE /api/queue`: gives the place up. A player already matched has a room instead: 409.
pub async fn leave(State(state): State<AppState>, CurrentAccount(account): CurrentAccount) -> ApiResult<StatusCode> {
    match rows::leave(&state.db, &account.id).await? {
        None => Err(not_queued()),
        Some(false) => {
            Err(ApiError::conflict("already_matched", "you have been matched: your room is in GET /api/queue"))
        }
        Some(true) => Ok(StatusCode::NO_CONTENT),
    }
}

fn not_queued() -> ApiError {
    ApiError::not_found("not_in_queue", "you are not looking for a game (or your place expired without a heartbeat)")
}

async fn view(state: &AppState, row: &rows::QueueRow) -> ApiResult<QueueView> {
    let waited = row.matched_at.unwrap_or_else(now_ms) - row.joined_at;
    Ok(QueueView {
        format: Some(row.format.clone()),
        rated: row.rated != 0,
        waited_ms: waited.max(0) as u64,
        looking: rows::looking(&state.db, &row.format).await? as u32,
        gap: gap(waited) as u32,
        computer_after_seconds: row.computer_after_ms.map(|ms| (ms / 1000) as u32),
        // Told once seated there, so the room page never offers a matched player a seat to take.
        room: row.room_id.clone().filter(|_| row.seated != 0),
        opponent: row.opponent.clone().filter(|_| row.seated != 0),
    })
}

/// Seats a matched player whose matcher did not (its node died after the claim): the room is run again from
/// its row, here on a single node or by a claim in cluster mode, and the player joins with their queued deck.
async fn seat_late(state: &AppState, room: &str, row: &rows::QueueRow) -> anyhow::Result<()> {
    if state.cluster.is_some() {
        crate::cluster::lease::ensure(&state.db, room).await?;
    } else if state.rooms.get(room).is_none() {
        let init = crate::room::recover::load_room(&state.room_deps(), room).await?;
        crate::room::Rooms::spawn(state.room_deps(), init);
    }
    let at = RoomAt::find(state, room).await.map_err(|e| anyhow::anyhow!("{:?}", e.body()))?;
    let deck = row.deck.clone();
    let call = RoomCall::Join { account_id: row.account_id.clone(), display_name: row.display_name.clone(), deck };
    let answer = at.call(state, room, call).await;
    // 409: seated already (the matcher got that far).
    if answer.status().is_success() || answer.status() == StatusCode::CONFLICT {
        rows::mark_seated(&state.db, &row.account_id, room).await?;
    }
    Ok(())
}
