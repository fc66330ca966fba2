//! Tournament REST (docs/tournaments.md "On the server"): the organizer runs the event, players register and
//! drop, anyone reads pairings, standings (JSON or CSV), the audit log and the round clock. Each change is an
//! [`Op`] for the event's actor; reads use the view it publishes.
use super::rooms::chosen_deck;
use super::session::CurrentAccount;
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::protocol::JoinSeat;
use crate::protocol::tournament::{
    AddComputers, AuditEntry, CheckIn, Concede, Correct, CreateTournament, EventList, EventStatus, EventSummary,
    FINISHED_LISTED, Judge, LateEntry, Reason, Repair, SetSwissRounds,
};
use crate::state::AppState;
use crate::tournament::{EventView, Op, TournamentHandle};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use gb_protocol::checks::reason_given;
use std::sync::Arc;

/// `GET /api/tournaments`: the lobby's events, upcoming, running and the latest finished (docs/tournaments.md,
/// "Finding an event").
pub async fn list(State(state): State<AppState>) -> ApiResult<Json<EventList>> {
    let rows = crate::db::tournaments::listed(&state.db).await.map_err(ApiError::internal)?;
    let mut list = EventList::default();
    for row in rows {
        // A row the server wrote itself; one it cannot read is a broken database, not a request to refuse.
        let status = row.status;
        let summary = EventSummary {
            id: row.id,
            name: row.name,
            status,
            settings: row.settings,
            players: u32::try_from(row.players).unwrap_or(u32::MAX),
            created_at: row.created_at,
        };
        match status {
            EventStatus::Registration | EventStatus::Closed => list.upcoming.push(summary),
            EventStatus::Running => list.running.push(summary),
            EventStatus::Finished => list.finished.push(summary),
        }
    }
    list.finished.reverse();
    list.finished.truncate(FINISHED_LISTED);
    Ok(Json(list))
}

pub async fn create(
    State(state): State<AppState>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<CreateTournament>,
) -> ApiResult<(StatusCode, Json<Arc<EventView>>)> {
    // 64 of a v4 UUID's random bits: fresh per event, and recorded in the log so its pairings can be recomputed.
    let seed = || u64::from_le_bytes(uuid::Uuid::new_v4().as_bytes()[..8].try_into().expect("8 bytes"));
    let t = gb_protocol::checks::create_tournament(body, seed)?;
    let _quota = super::quota::claim_tournament(&state, &account).await?;
    let handle =
        crate::tournament::create(&state.tournament_deps(), &account.id, t).await.map_err(ApiError::internal)?;
    let view = handle.view.borrow().clone();
    Ok((StatusCode::CREATED, Json(view)))
}

/// The event: its actor on this node, or in cluster mode, when another node runs it or nobody does right now
/// (tournament_calls.rs forwards calls to a live owner first), the event as stored, read-only.
pub(super) async fn event(state: &AppState, id: &str) -> ApiResult<TournamentHandle> {
    if let Some(h) = state.tournaments.get(id) {
        return Ok(h);
    }
    let stored = match state.cluster {
        Some(_) => crate::tournament::stored(&state.tournament_deps(), id).await.map_err(ApiError::internal)?,
        None => None,
    };
    stored.ok_or_else(|| ApiError::not_found("no_such_tournament", "no tournament with this id"))
}

/// Runs an op and answers with the event as it now stands.
pub(super) async fn run(state: &AppState, id: &str, actor: &str, op: Op) -> ApiResult<Json<Arc<EventView>>> {
    let handle = event(state, id).await?;
    handle.run(actor, op).await?;
    let view = handle.view.borrow().clone();
    Ok(Json(view))
}

pub async fn get(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Arc<EventView>>> {
    let view = event(&state, &id).await?.view.borrow().clone();
    Ok(Json(view))
}

pub async fn open_registration(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Json<Arc<EventView>>> {
    run(&state, &id, &account.id, Op::OpenRegistration).await
}

pub async fn close_registration(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Json<Arc<EventView>>> {
    run(&state, &id, &account.id, Op::CloseRegistration).await
}

pub async fn register(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<JoinSeat>,
) -> ApiResult<Json<Arc<EventView>>> {
    let deck = chosen_deck(&state, &account.id, body).await?;
    run(&state, &id, &account.id, Op::Register { name: account.display_name.clone(), deck }).await
}

pub async fn late_entry(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<LateEntry>,
) -> ApiResult<Json<Arc<EventView>>> {
    let player = crate::db::accounts::find_by_id(&state.db, &body.account_id)
        .await?
        .ok_or_else(|| ApiError::not_found("no_such_account", "no account has this id"))?;
    let deck =
        chosen_deck(&state, &player.id, JoinSeat::Preconstructed { preconstructed: body.preconstructed }).await?;
    let op = Op::LateEntry { account_id: player.id, name: player.display_name, deck };
    run(&state, &id, &account.id, op).await
}

pub async fn check_in(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<CheckIn>,
) -> ApiResult<Json<Arc<EventView>>> {
    let player = body.player.unwrap_or_else(|| account.id.clone());
    run(&state, &id, &account.id, Op::CheckIn { player }).await
}

pub async fn drop_player(
    State(state): State<AppState>,
    Path((id, player)): Path<(String, String)>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Reason>,
) -> ApiResult<Json<Arc<EventView>>> {
    run(&state, &id, &account.id, Op::Drop { player, reason: body.reason }).await
}

pub async fn readd_player(
    State(state): State<AppState>,
    Path((id, player)): Path<(String, String)>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Reason>,
) -> ApiResult<Json<Arc<EventView>>> {
    run(&state, &id, &account.id, Op::Readd { player, reason: body.reason }).await
}

pub async fn start_round(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<(StatusCode, Json<Arc<EventView>>)> {
    Ok((StatusCode::CREATED, run(&state, &id, &account.id, Op::StartRound).await?))
}

pub async fn judge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Judge>,
) -> ApiResult<Json<Arc<EventView>>> {
    let op = Op::Judge { round: body.round, table: body.table, action: body.action, judge: account.display_name };
    run(&state, &id, &account.id, op).await
}

/// The event after a correction, and what the organizer must know of it: a Swiss correction made after later
/// rounds were paired leaves those pairings as they are (docs/tournaments.md, "Corrections after later rounds").
#[derive(serde::Serialize)]
pub struct Corrected {
    #[serde(flatten)]
    view: Arc<EventView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
}

pub async fn correct(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Correct>,
) -> ApiResult<Json<Corrected>> {
    reason_given(&body.reason, "a correction")?;
    let round = body.round;
    let op = Op::Correct { round, table: body.table, result: body.result, reason: body.reason };
    let Json(view) = run(&state, &id, &account.id, op).await?;
    let paired = view.rounds.len() as u32;
    let swiss = !gb_tournament::is_playoff_round(&view.log, round).unwrap_or(true);
    let notice = (swiss && paired > round).then(|| {
        format!(
            "rounds {} to {paired} were paired before this correction and stand; the standings use the corrected \
             result (MTR 1.9: re-pair affected tables by hand if needed)",
            round + 1
        )
    });
    Ok(Json(Corrected { view, notice }))
}

pub async fn concede(
    State(state): State<AppState>,
    Path((id, round, table)): Path<(String, u32, u32)>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Concede>,
) -> ApiResult<Json<Arc<EventView>>> {
    let player = body.player.unwrap_or_else(|| account.id.clone());
    run(&state, &id, &account.id, Op::Concede { round, table, player }).await
}

pub async fn intentional_draw(
    State(state): State<AppState>,
    Path((id, round, table)): Path<(String, u32, u32)>,
    CurrentAccount(account): CurrentAccount,
) -> ApiResult<Json<Arc<EventView>>> {
    run(&state, &id, &account.id, Op::IntentionalDraw { round, table }).await
}

pub async fn repair(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Repair>,
) -> ApiResult<Json<Arc<EventView>>> {
    reason_given(&body.reason, "a re-pairing")?;
    let Repair { pairings, reason, confirm } = body;
    run(&state, &id, &account.id, Op::Repair { pairings, reason, confirm }).await
}

pub async fn pair_by_hand(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Repair>,
) -> ApiResult<(StatusCode, Json<Arc<EventView>>)> {
    reason_given(&body.reason, "a round paired by hand")?;
    let Repair { pairings, reason, confirm } = body;
    Ok((StatusCode::CREATED, run(&state, &id, &account.id, Op::PairByHand { pairings, reason, confirm }).await?))
}

pub async fn set_swiss_rounds(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<SetSwissRounds>,
) -> ApiResult<Json<Arc<EventView>>> {
    reason_given(&body.reason, "a change of the number of rounds")?;
    run(&state, &id, &account.id, Op::SetSwissRounds { rounds: body.rounds, reason: body.reason }).await
}

/// `POST /api/tournaments/{id}/computers`: the organizer enters computer players (tournament/computers.rs).
pub async fn add_computers(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<AddComputers>,
) -> ApiResult<Json<Arc<EventView>>> {
    let op = Op::AddComputers { count: body.count, level: body.level.unwrap_or_default() };
    run(&state, &id, &account.id, op).await
}

pub async fn end_event(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<Reason>,
) -> ApiResult<Json<Arc<EventView>>> {
    reason_given(&body.reason, "ending an event early")?;
    run(&state, &id, &account.id, Op::EndEarly { reason: body.reason }).await
}

/// `POST /api/tournaments/{id}/featured`: the organizer features a table of the round being played for
/// spectators, or none (tournament/featured.rs).
pub async fn feature(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<crate::protocol::tournament::FeatureTable>,
) -> ApiResult<Json<Arc<EventView>>> {
    run(&state, &id, &account.id, Op::FeatureTable { table: body.table }).await
}

/// `POST /api/tournaments/{id}/announcements`: the organizer's message to the players (tournament/announcements.rs).
pub async fn announce(
    State(state): State<AppState>,
    Path(id): Path<String>,
    CurrentAccount(account): CurrentAccount,
    ApiJson(body): ApiJson<crate::protocol::Announce>,
) -> ApiResult<(StatusCode, Json<Arc<EventView>>)> {
    let text = crate::tournament::announcements::checked_text(&body.text)?;
    Ok((StatusCode::CREATED, run(&state, &id, &account.id, Op::Announce { text }).await?))
}

async fn standings_of(state: &AppState, id: &str) -> ApiResult<gb_tournament::Standings> {
    let view = event(state, id).await?.view.borrow().clone();
    gb_tournament::standings(&view.log).map_err(ApiError::internal)
}

pub async fn standings(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<gb_tournament::Standings>> {
    Ok(Json(standings_of(&state, &id).await?))
}

pub async fn standings_csv(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<impl IntoResponse> {
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], standings_of(&state, &id).await?.to_csv()))
}

/// The audit log, every entry's details with the players' names beside their ids (tournament/names.rs).
pub async fn audit(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Vec<AuditEntry>>> {
    let log = event(&state, &id).await?.view.borrow().log.clone();
    let rows = crate::db::tournaments::audit_log(&state.db, &id).await.map_err(ApiError::internal)?;
    let entry = |r: crate::db::tournaments::AuditRow| AuditEntry {
        seq: r.seq,
        actor: r.actor,
        action: r.action,
        detail_json: {
            let mut detail = r.detail;
            crate::tournament::names::name_detail(&log, &mut detail);
            detail.to_string()
        },
        created_at: r.created_at,
    };
    Ok(Json(rows.into_iter().map(entry).collect()))
}
