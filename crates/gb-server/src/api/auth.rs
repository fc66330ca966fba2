//! Account endpoints: guest sign-up, register (or upgrade a guest), login, logout, me.
use super::session::{self, CurrentAccount};
use super::validate;
use crate::db::accounts::{self, AccountView};
use crate::db::{is_unique_violation, sessions};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::state::AppState;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use gb_protocol::{GuestBody, LoginBody, RegisterBody};
use std::net::SocketAddr;
use std::sync::LazyLock;

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

/// `POST /api/login`: the same 401 for an unknown user and a wrong password, so usernames cannot be probed, and
/// a password hash checked either way, so the answer's timing does not tell them apart either. Attempts are
/// limited per account and per address (429 with `Retry-After`, `throttle.rs`).
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ApiJson(body): ApiJson<LoginBody>,
) -> ApiResult<impl IntoResponse> {
    let bad = || ApiError::new(StatusCode::UNAUTHORIZED, "invalid_credentials", "wrong username or password");
    let username = validate::normalise(&body.username);
    state.login_throttle.attempt(&username, peer.ip())?;
    if body.password.chars().count() > validate::PASSWORD_MAX {
        return Err(bad());
    }
    let account = accounts::find_by_username(&state.db, &username).await?;
    let (account, hash) = match account {
        Some(a) => {
            let hash = a.password_hash.clone();
            (Some(a), hash)
        }
        None => (None, None),
    };
    let verified = verify_password(body.password, hash).await?;
    let Some(account) = account.filter(|_| verified) else {
        metrics::counter!("logins_failed_total").increment(1);
        return Err(bad());
    };
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

/// Checks `password` against the account's hash; with none (unknown user, guest) against a dummy hash of the
/// same cost, and answers false, so both cases take as long.
async fn verify_password(password: String, hash: Option<String>) -> ApiResult<bool> {
    let known = if hash.is_some() { "known" } else { "unknown" };
    metrics::counter!("login_password_checks_total", "account" => known).increment(1);
    tokio::task::spawn_blocking(move || {
        let against = hash.as_deref().unwrap_or_else(|| dummy_hash());
        Argon2::default().verify_password(password.as_bytes(), against).is_ok() && hash.is_some()
    })
    .await
    .map_err(ApiError::internal)
}

/// A hash made like every stored one (default Argon2id parameters) of a password nobody knows.
fn dummy_hash() -> &'static str {
    static DUMMY: LazyLock<String> = LazyLock::new(|| {
        Argon2::default().hash_password(b"no account has this password").expect("argon2 hashes").to_string()
    });
    &DUMMY
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordHash;

    /// The dummy must be a real hash with the stored hashes' cost: an unparsable one would fail at once and
    /// make unknown names answer faster again.
    #[test]
    fn dummy_hash_costs_what_a_real_one_does() {
        let dummy = PasswordHash::new(dummy_hash()).expect("a PHC string");
        let real_hash = Argon2::default().hash_password(b"hunter22").unwrap().to_string();
        let real = PasswordHash::new(&real_hash).unwrap();
        assert_eq!((dummy.algorithm, dummy.version), (real.algorithm, real.version));
        assert_eq!(dummy.params, real.params);
    }

    #[tokio::test]
    async fn no_hash_never_verifies() {
        assert!(!verify_password("no account has this password".into(), None).await.unwrap());
        let hash = hash_password("hunter22".into()).await.unwrap();
        assert!(verify_password("hunter22".into(), Some(hash)).await.unwrap());
    }
}
