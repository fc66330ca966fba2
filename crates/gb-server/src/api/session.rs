//! Session tokens and cookies: minting, hashing, and the extractor that finds the caller's account.
use crate::db::accounts::AccountRow;
use crate::db::sessions;
use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

pub const COOKIE_NAME: &str = "gb_session";
/// A browser that logged in to an account before (guard/login_throttle.rs): not a stranger to its login limit.
pub const DEVICE_COOKIE: &str = "gb_device";
/// How long a device is remembered by its browser (a year).
const DEVICE_MAX_AGE_SECS: i64 = 365 * 24 * 60 * 60;

/// A fresh opaque token: 32 bytes from the OS CSPRNG (two v4 UUIDs are 244 random bits,
/// drawn via getrandom), base64url-encoded.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    bytes[..16].copy_from_slice(uuid::Uuid::new_v4().as_bytes());
    bytes[16..].copy_from_slice(uuid::Uuid::new_v4().as_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Hex SHA-256 of a token: what the `sessions` table stores instead of the token itself.
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The `gb_session` token from the request's Cookie headers, if any.
pub fn token_from_headers(headers: &HeaderMap) -> Option<String> {
    cookie_from_headers(headers, COOKIE_NAME)
}

/// The cookie `name` from the request's Cookie headers, if any.
pub fn cookie_from_headers(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
}

/// `Set-Cookie` value carrying a token (or clearing it when `token` is `None`).
pub fn cookie_header(token: Option<&str>, secure: bool) -> HeaderValue {
    let max_age = match token {
        Some(_) => sessions::SESSION_TTL_MS / 1000,
        None => 0,
    };
    set_cookie(COOKIE_NAME, token.unwrap_or(""), max_age, secure)
}

/// `Set-Cookie` value remembering this browser as a device that logged in (`DEVICE_COOKIE`).
pub fn device_cookie(token: &str, secure: bool) -> HeaderValue {
    set_cookie(DEVICE_COOKIE, token, DEVICE_MAX_AGE_SECS, secure)
}

fn set_cookie(name: &str, token: &str, max_age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!("{name}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}");
    // Tokens are base64url, so the header value is always valid ASCII.
    HeaderValue::from_str(&value).expect("cookie is ASCII")
}

/// Starts a session for `account_id` and returns the headers that set its cookie.
pub async fn start(state: &AppState, account_id: &str) -> Result<[(axum::http::HeaderName, HeaderValue); 1], ApiError> {
    let token = new_token();
    sessions::create(&state.db, &hash_token(&token), account_id).await?;
    Ok([(SET_COOKIE, cookie_header(Some(&token), state.settings.secure_cookies))])
}

/// Ends the session the request came with, if any: on a change of who the caller is (a guest registering, a
/// login) the old session id must not live on as the new identity's (session fixation).
pub async fn end(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    if let Some(token) = token_from_headers(headers) {
        sessions::delete(&state.db, &hash_token(&token)).await?;
    }
    Ok(())
}

/// The logged-in account, or 401. Use `Option<CurrentAccount>` where login is optional.
pub struct CurrentAccount(pub AccountRow);

impl FromRequestParts<AppState> for CurrentAccount {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = token_from_headers(&parts.headers).ok_or_else(ApiError::unauthorized)?;
        match sessions::account_for(&state.db, &hash_token(&token)).await? {
            Some(account) => Ok(CurrentAccount(account)),
            None => Err(ApiError::unauthorized()),
        }
    }
}

impl axum::extract::OptionalFromRequestParts<AppState> for CurrentAccount {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, Self::Rejection> {
        match <CurrentAccount as FromRequestParts<AppState>>::from_request_parts(parts, state).await {
            Ok(a) => Ok(Some(a)),
            Err(e) if e.code == "not_logged_in" => Ok(None),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_and_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(hash_token(&a).len(), 64);
        assert_eq!(hash_token(&a), hash_token(&a));
    }

    #[test]
    fn reads_cookie_among_others() {
        let mut h = HeaderMap::new();
        h.insert(COOKIE, "x=1; gb_session=abc; y=2".parse().unwrap());
        assert_eq!(token_from_headers(&h).as_deref(), Some("abc"));
    }
}
