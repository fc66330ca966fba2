//! Per-account quotas: how many open (not finished) rooms one account may have created (the probe made 600 rooms
//! as one guest in 4 s). Over the limit, room creation answers 429 with the limit in the message.
use crate::db::quotas;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use std::time::Duration;
use tokio::sync::Mutex;

/// Count-then-claim must not interleave, or concurrent creations would all see room for one more.
static CLAIMS: Mutex<()> = Mutex::const_new(());

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
