//! `GET /api/accounts?name=`: accounts found by display name, for the organizer's late entry (docs/tournaments.md,
//! "Running an event"): a signed-in caller, at least two characters, at most ten answers; ids and display names
//! only (what an event page shows of its players anyway), never a username.
use super::session::CurrentAccount;
use crate::db::accounts;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Query, State};
use gb_protocol::AccountName;

const MOST: i64 = 10;

#[derive(serde::Deserialize)]
pub struct NameQuery {
    #[serde(default)]
    name: String,
}

pub async fn search(
    State(state): State<AppState>,
    _caller: CurrentAccount,
    Query(q): Query<NameQuery>,
) -> ApiResult<Json<Vec<AccountName>>> {
    let part = q.name.trim();
    let chars = part.chars().count();
    if chars < 2 {
        return Err(ApiError::bad_request("name_too_short", "search with at least two characters of the name"));
    }
    if chars > 64 {
        return Err(ApiError::bad_request("name_too_long", "a display name has at most 64 characters"));
    }
    let rows = accounts::search_by_name(&state.db, part, MOST).await?;
    let found = rows
        .iter()
        .map(|a| AccountName { id: a.id.clone(), display_name: a.display_name.clone(), guest: a.is_guest() })
        .collect();
    Ok(Json(found))
}
