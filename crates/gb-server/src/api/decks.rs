//! Deck endpoints: CRUD for the caller's decks, text import/export, and live validation.
//! Every save goes through `DeckList::validate` (CR 101); refusals carry the core's rejections.
use super::session::CurrentAccount;
use crate::db::decks::{self, DeckRow, DeckView};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use gb_core::deck::DeckList;
use gb_protocol::{DeckBody, ImportBody, ValidateBody, ValidateReply, checks};

/// Keeps one account from filling the database.
pub const MAX_DECKS_PER_ACCOUNT: i64 = 200;

fn not_found() -> ApiError {
    ApiError::not_found("deck_not_found", "no such deck")
}

fn view(row: &DeckRow) -> ApiResult<DeckView> {
    Ok(row.view())
}

async fn insert_checked(
    state: &AppState,
    account_id: &str,
    name: Option<&str>,
    list: DeckList,
) -> ApiResult<impl IntoResponse + use<>> {
    let (name, list) = checks::deck(name, list)?;
    if decks::count(&state.db, account_id).await? >= MAX_DECKS_PER_ACCOUNT {
        return Err(ApiError::conflict(
            "too_many_decks",
            format!("an account may keep at most {MAX_DECKS_PER_ACCOUNT} decks"),
        ));
    }
    let row = decks::insert(&state.db, account_id, &name, &list).await?;
    Ok((StatusCode::CREATED, Json(view(&row)?)))
}

pub async fn list(State(state): State<AppState>, CurrentAccount(me): CurrentAccount) -> ApiResult<Json<Vec<DeckView>>> {
    let rows = decks::list(&state.db, &me.id).await?;
    Ok(Json(rows.iter().map(view).collect::<ApiResult<_>>()?))
}

pub async fn create(
    State(state): State<AppState>,
    CurrentAccount(me): CurrentAccount,
    ApiJson(body): ApiJson<DeckBody>,
) -> ApiResult<impl IntoResponse> {
    insert_checked(&state, &me.id, body.name.as_deref(), body.list).await
}

pub async fn get(
    State(state): State<AppState>,
    CurrentAccount(me): CurrentAccount,
    Path(id): Path<String>,
) -> ApiResult<Json<DeckView>> {
    let row = decks::find(&state.db, &me.id, &id).await?.ok_or_else(not_found)?;
    Ok(Json(view(&row)?))
}

pub async fn update(
    State(state): State<AppState>,
    CurrentAccount(me): CurrentAccount,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<DeckBody>,
) -> ApiResult<Json<DeckView>> {
    let (name, list) = checks::deck(body.name.as_deref(), body.list)?;
    let row = decks::update(&state.db, &me.id, &id, &name, &list).await?.ok_or_else(not_found)?;
    Ok(Json(view(&row)?))
}

pub async fn delete(
    State(state): State<AppState>,
    CurrentAccount(me): CurrentAccount,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    if decks::delete(&state.db, &me.id, &id).await? { Ok(StatusCode::NO_CONTENT) } else { Err(not_found()) }
}

/// `POST /api/decks/import`: parse the text form, validate, save.
pub async fn import(
    State(state): State<AppState>,
    CurrentAccount(me): CurrentAccount,
    ApiJson(body): ApiJson<ImportBody>,
) -> ApiResult<impl IntoResponse> {
    let list = DeckList::parse_text(&body.text).map_err(ApiError::invalid_deck)?;
    insert_checked(&state, &me.id, body.name.as_deref(), list).await
}

/// `GET /api/decks/{id}/export`: the text form, which import reads back.
pub async fn export(
    State(state): State<AppState>,
    CurrentAccount(me): CurrentAccount,
    Path(id): Path<String>,
) -> ApiResult<impl IntoResponse> {
    let row = decks::find(&state.db, &me.id, &id).await?.ok_or_else(not_found)?;
    let text = view(&row)?.list.to_text();
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}

/// `POST /api/decks/validate`: no login needed; always 200 with `{ok, errors}` for a well-formed body.
pub async fn validate(ApiJson(body): ApiJson<ValidateBody>) -> ApiResult<Json<ValidateReply>> {
    Ok(Json(checks::validate_deck(body)?))
}
