//! The event's judging routes (docs/tournaments.md, "Penalties", "Judges", "Judge view"): penalties and time
//! extensions, appointing judges, and a table's judge view. Under `/tournaments/{id}`, so in cluster mode they
//! are forwarded to the event's owner like every other event call (api/tournament_calls.rs), which also runs the
//! table's room the judge view reads.
use super::session::CurrentAccount;
use super::tournaments::{event, run};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::protocol::tournament::{AppointJudge, IssuePenalty, JudgeBoard};
use crate::state::AppState;
use crate::tournament::{EventView, Op};
use axum::Json;
use axum::extract::{Path, State};
use std::sync::Arc;

/// `POST /api/tournaments/{id}/penalties`: by the organizer or a judge, who is recorded as its judge.
pub async fn penalize(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(penalty): ApiJson<IssuePenalty>,
) -> ApiResult<Json<Arc<EventView>>> {
    run(&state, &id, &account.id, Op::Penalize { penalty, judge: account.display_name }).await
}

/// `POST /api/tournaments/{id}/judges`: the organizer appoints an account as a judge.
pub async fn appoint(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<AppointJudge>,
) -> ApiResult<Json<Arc<EventView>>> {
    let judge = crate::db::accounts::find_by_id(&state.db, &body.account_id)
        .await?
        .ok_or_else(|| ApiError::not_found("no_such_account", "no account has this id"))?;
    run(&state, &id, &account.id, Op::AppointJudge { account_id: judge.id, name: judge.display_name }).await
}

/// `GET /api/tournaments/{id}/rounds/{round}/tables/{table}/judge_view`: the table's game with nothing hidden,
/// for the organizer and the event's judges only. The event checks and audits the opening first; then the
/// table's room gives its state and tells its viewers a judge is watching.
pub async fn judge_view(
    State(state): State<AppState>,
    Path((id, round, table)): Path<(String, u32, u32)>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Json<JudgeBoard>> {
    let handle = event(&state, &id).await?;
    let judge = account.display_name.clone();
    handle.run(&account.id, Op::OpenJudgeView { round, table, judge: judge.clone() }).await?;
    let view = handle.view.borrow().clone();
    let opened =
        view.rounds.get((round as usize).wrapping_sub(1)).and_then(|r| r.tables.iter().find(|t| t.table == table));
    let (players, room_id) = opened
        .and_then(|t| Some((t.players.clone(), t.room_id.clone()?)))
        .ok_or_else(|| ApiError::not_found("no_such_table", format!("round {round} has no table {table}")))?;
    let sight = crate::tournament::judges::look(&state.room_deps(), &room_id, judge).await?;
    let names = players.map(|p| crate::tournament::names::named(&view.log, &p));
    Ok(Json(JudgeBoard { round, table, room_id, players: names, game: sight.game, view: sight.view }))
}
