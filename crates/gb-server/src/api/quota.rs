//! Per-account quotas: how many open (not finished) rooms one account may have created (the probe made 600 rooms
//! as one guest in 4 s), and how many unfinished tournaments it may organize (the probe's guest made 25). Over a
//! limit, creation answers 429 with the limit in the message.
use crate::db::accounts::AccountRow;
use crate::db::quotas;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use std::time::Duration;
use tokio::sync::{Mutex, MutexGuard};

/// Count-then-claim must not interleave, or concurrent creations would all see room for one more.
static CLAIMS: Mutex<()> = Mutex::const_new(());
static EVENT_CLAIMS: Mutex<()> = Mutex::const_new(());

/// Claims a place for `room_id` among `account_id`'s open rooms, or refuses. Call it right before writing the
/// room; the claim is what the next count sees.
pub async fn claim_room(state: &AppState, account_id: &str, room_id: &str) -> ApiResult<()> {
    let limit = state.settings.limits.max_open_rooms;
    let _one_at_a_time = CLAIMS.lock().await;
    let open = quotas::open_rooms_created_by(&state.db, account_id).await?;
    if open >= i64::from(limit) {
        metrics::counter!("rooms_refused_total", "reason" => "quota").increment(1);
        return Err(ApiError::too_many(
            "too_many_rooms",
            format!("you have {open} open rooms; the limit is {limit}. Finish or leave one first"),
            Duration::from_secs(60),
        ));
    }
    quotas::record_creator(&state.db, room_id, account_id).await?;
    Ok(())
}

/// Checks that `account` may organize one more event: `max_open_events` unfinished ones, `max_open_events_guest`
/// for a guest. Hold the guard until the event is written, so concurrent creations cannot all see room for one.
pub async fn claim_tournament(state: &AppState, account: &AccountRow) -> ApiResult<MutexGuard<'static, ()>> {
    let limits = &state.settings.limits;
    let (limit, whose) = match account.is_guest() {
        true => (limits.max_open_events_guest, "a guest"),
        false => (limits.max_open_events, "an account"),
    };
    let guard = EVENT_CLAIMS.lock().await;
    let open = quotas::open_events_organized_by(&state.db, &account.id).await?;
    if open >= i64::from(limit) {
        metrics::counter!("events_refused_total", "reason" => "quota").increment(1);
        let hint = if account.is_guest() { "; register to organize more" } else { "" };
        return Err(ApiError::too_many(
            "too_many_events",
            format!(
                "you organize {open} unfinished tournaments; the limit for {whose} is {limit}. Finish one first{hint}"
            ),
            Duration::from_secs(60),
        ));
    }
    Ok(guard)
}
