//! Account endpoints: guest sign-up, register (or upgrade a guest), login, logout, me.
use super::session::{self, CurrentAccount};
use super::validate;
use crate::db::accounts::{self, AccountView};
use crate::db::{is_unique_violation, sessions};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::state::AppState;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::Json;
use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct GuestBody {
    pub display_name: String,
}

#[derive(Deserialize)]
pub struct RegisterBody {
    pub username: String,
    pub password: String,
    /// Defaults to the guest's current name, or the username.
    #[serde(default)]
    pub display_name: Option<String>,
}

#[derive(Deserialize)]
pub struct LoginBody {
    pub username: String,
    pub password: String,
}

/// `POST /api/guest`: one call creates an account and logs it in.
pub async fn guest(State(state): State<AppState>, ApiJson(body): ApiJson<GuestBody>) -> ApiResult<impl IntoResponse> {
    let name = validate::display_name(&body.display_name)?;
    let account = accounts::create_guest(&state.db, &name).await?;
    let cookie = session::start(&state, &account.id).await?;
    tracing::info!(account = %account.id, "guest created");
    metrics::counter!("accounts_created_total", "kind" => "guest").increment(1);
    Ok((StatusCode::CREATED, cookie, Json(account.view())))
}

/// `POST /api/register`: with a guest session, upgrades that account in place (same id, decks kept);
/// without a session, creates a new account and logs it in.
pub async fn register(
    State(state): State<AppState>,
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
    let hash = hash_password(body.password).await?;
    let taken = || ApiError::conflict("username_taken", "that username is taken");
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
            metrics::counter!("accounts_created_total", "kind" => "upgrade").increment(1);
            Ok((StatusCode::OK, Json(account.view())).into_response())
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

/// `POST /api/login`: the same 401 for an unknown user and a wrong password, so usernames cannot be probed.
pub async fn login(State(state): State<AppState>, ApiJson(body): ApiJson<LoginBody>) -> ApiResult<impl IntoResponse> {
    let bad = || ApiError::new(StatusCode::UNAUTHORIZED, "invalid_credentials", "wrong username or password");
    if body.password.chars().count() > validate::PASSWORD_MAX {
        return Err(bad());
    }
    let account = accounts::find_by_username(&state.db, body.username.trim()).await?;
    let Some((account, hash)) = account.and_then(|a| a.password_hash.clone().map(|h| (a, h))) else {
        return Err(bad());
    };
    if !verify_password(body.password, hash).await? {
        metrics::counter!("logins_failed_total").increment(1);
        return Err(bad());
    }
    let cookie = session::start(&state, &account.id).await?;
    Ok((cookie, Json(account.view())))
}

/// `POST /api/logout`: forgets the session server-side and clears the cookie. Idempotent.
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<impl IntoResponse> {
    if let Some(token) = session::token_from_headers(&headers) {
        sessions::delete(&state.db, &session::hash_token(&token)).await?;
    }
    Ok((StatusCode::NO_CONTENT, [(SET_COOKIE, session::cookie_header(None, state.settings.secure_cookies))]))
}

/// `GET /api/me`: the caller's account, or 401.
pub async fn me(CurrentAccount(account): CurrentAccount) -> Json<AccountView> {
    Json(account.view())
}

/// Argon2id with default parameters; CPU-heavy, so off the async workers.
async fn hash_password(password: String) -> ApiResult<String> {
    tokio::task::spawn_blocking(move || Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

async fn verify_password(password: String, hash: String) -> ApiResult<bool> {
    tokio::task::spawn_blocking(move || Argon2::default().verify_password(password.as_bytes(), hash.as_str()).is_ok())
        .await
        .map_err(ApiError::internal)
}
