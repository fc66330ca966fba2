//! Account endpoints: guest sign-up, register (or upgrade a guest), login, logout, me, session.
use super::session::{self, CurrentAccount};
use super::validate;
use crate::db::accounts::{self, AccountView};
use crate::db::{is_unique_violation, sessions};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::state::AppState;
use axum::Json;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse};
use gb_protocol::{GuestBody, LoginBody, RegisterBody};
use std::net::SocketAddr;

/// `POST /api/guest`: one call creates an account and logs it in. Guests are limited per address: each is a
/// fresh set of per-account quotas (open rooms, events).
pub async fn guest(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ApiJson(body): ApiJson<GuestBody>,
) -> ApiResult<impl IntoResponse> {
    let name = validate::display_name(&body.display_name)?;
    state.addr_limits.guests.take(peer.ip())?;
    let account = accounts::create_guest(&state.db, &name).await?;
    let cookie = session::start(&state, &account.id).await?;
    tracing::info!(account = %account.id, "guest created");
    metrics::counter!("accounts_created_total", "kind" => "guest").increment(1);
    Ok((StatusCode::CREATED, cookie, Json(account.view())))
}

/// `POST /api/register`: with a guest session, upgrades that account in place (same id, decks kept);
/// without a session, creates a new account and logs it in. Either way the caller gets a new session id (the
/// guest's ends). Sign-ups are limited per address, a taken name's 409 too, so names cannot be probed at speed.
pub async fn register(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    current: Option<CurrentAccount>,
    ApiJson(body): ApiJson<RegisterBody>,
) -> ApiResult<axum::response::Response> {
    let username = validate::username(&body.username)?;
    validate::password(&body.password)?;
    let display_name = match (&body.display_name, &current) {
        (Some(d), _) => validate::display_name(d)?,
        (None, Some(CurrentAccount(a))) => a.display_name.clone(),
        (None, None) => username.clone(),
    };
    if let Some(CurrentAccount(a)) = &current
        && !a.is_guest()
    {
        return Err(ApiError::conflict("already_registered", "this account already has a username; log out first"));
    }
    state.addr_limits.signups.take(peer.ip())?;
    let hash = state.hashing.hash(body.password).await?;
    // The unique index is on the name's look as well as its spelling (validate::look): "Ann" with a Cyrillic
    // "А" is taken once "Ann" is.
    let taken = || ApiError::conflict("username_taken", "that username, or one that looks like it, is taken");
    match current {
        Some(CurrentAccount(guest)) => {
            match accounts::upgrade_guest(&state.db, &guest.id, &username, &hash, &display_name).await {
                Ok(true) => {}
                Ok(false) => {
                    return Err(ApiError::conflict("already_registered", "this account already has a username"));
                }
                Err(e) if is_unique_violation(&e) => return Err(taken()),
                Err(e) => return Err(e.into()),
            }
            let account = accounts::find_by_id(&state.db, &guest.id)
                .await?
                .ok_or_else(|| ApiError::internal("upgraded account vanished"))?;
            session::end(&state, &headers).await?;
            let cookie = session::start(&state, &account.id).await?;
            metrics::counter!("accounts_created_total", "kind" => "upgrade").increment(1);
            Ok((StatusCode::OK, cookie, Json(account.view())).into_response())
        }
        None => {
            let account = match accounts::create_registered(&state.db, &username, &hash, &display_name).await {
                Ok(a) => a,
                Err(e) if is_unique_violation(&e) => return Err(taken()),
                Err(e) => return Err(e.into()),
            };
            let cookie = session::start(&state, &account.id).await?;
            metrics::counter!("accounts_created_total", "kind" => "registered").increment(1);
            Ok((StatusCode::CREATED, cookie, Json(account.view())).into_response())
        }
    }
}

/// `POST /api/login`: the same 401 for an unknown user and a wrong password, so usernames cannot be probed, and
/// a password hash checked either way, so the answer's timing does not tell them apart either. Attempts are
/// limited per address, and strangers' failures per account (429 with `Retry-After`, login_throttle.rs). A
/// login ends the session the caller came with and starts a new one, and remembers the browser (`gb_device`).
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult<impl IntoResponse> {
    let bad = || ApiError::new(StatusCode::UNAUTHORIZED, "invalid_credentials", "wrong username or password");
    let username = validate::normalise(&body.username);
    let device = session::cookie_from_headers(&headers, session::DEVICE_COOKIE);
    let device_hash = device.as_deref().map(session::hash_token);
    let attempt = state.login_throttle.attempt(&username, peer.ip(), device_hash.as_deref())?;
    let account = match body.password.chars().count() > validate::PASSWORD_MAX {
        true => None,
        false => {
            let account = accounts::find_by_username(&state.db, &username).await?;
            let hash = account.as_ref().and_then(|a| a.password_hash.clone());
            let verified = state.hashing.verify(body.password, hash).await?;
            account.filter(|_| verified)
        }
    };
    let Some(account) = account else {
        state.login_throttle.failed(&attempt);
        metrics::counter!("logins_failed_total").increment(1);
        return Err(bad());
    };
    let device = device.unwrap_or_else(session::new_token);
    state.login_throttle.succeeded(&attempt, peer.ip(), &session::hash_token(&device));
    session::end(&state, &headers).await?;
    let [(_, session_cookie)] = session::start(&state, &account.id).await?;
    let device_cookie = session::device_cookie(&device, state.settings.secure_cookies);
    Ok((AppendHeaders([(SET_COOKIE, session_cookie), (SET_COOKIE, device_cookie)]), Json(account.view())))
}

/// `?all=true` on log out.
#[derive(serde::Deserialize)]
pub struct LogoutQuery {
    #[serde(default)]
    all: bool,
}

/// `POST /api/logout[?all=true]`: forgets the session server-side and clears the cookie; with `all`, ends every
/// session of the caller's account (every browser logged in to it). Idempotent.
pub async fn logout(
    State(state): State<AppState>,
    Query(q): Query<LogoutQuery>,
    headers: HeaderMap,
) -> ApiResult<impl IntoResponse> {
    if let Some(token) = session::token_from_headers(&headers) {
        let hash = session::hash_token(&token);
        match sessions::account_for(&state.db, &hash).await? {
            Some(account) if q.all => {
                let ended = sessions::delete_all_for(&state.db, &account.id).await?;
                tracing::info!(account = %account.id, ended, "logged out everywhere");
            }
            _ => sessions::delete(&state.db, &hash).await?,
        }
    }
    Ok((StatusCode::NO_CONTENT, [(SET_COOKIE, session::cookie_header(None, state.settings.secure_cookies))]))
}

/// `GET /api/me`: the caller's account, or 401.
pub async fn me(CurrentAccount(account): CurrentAccount) -> Json<AccountView> {
    Json(account.view())
}

/// `GET /api/session`: `{account}`, the caller's account or null — 200 either way, so a signed-out visit does not
/// begin with a failed request in the browser's console (issue 43).
pub async fn session(current: Option<CurrentAccount>) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "account": current.map(|CurrentAccount(a)| a.view()) }))
}
