//! `sessions` rows: which account a (hashed) session token belongs to, until when.
use super::accounts::AccountRow;
use super::{Db, now_ms, with_pool};

/// How long a session lives without being renewed (30 days).
pub const SESSION_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;

pub async fn create(db: &Db, token_hash: &str, account_id: &str) -> Result<(), sqlx::Error> {
    let now = now_ms();
    with_pool!(db, p => sqlx::query(
        "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash).bind(account_id).bind(now).bind(now + SESSION_TTL_MS)
        .execute(p).await.map(|_| ()))?;
    Ok(())
}

/// The account behind a live (unexpired) session.
pub async fn account_for(db: &Db, token_hash: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let sql = "SELECT a.id, a.username, a.password_hash, a.display_name, a.created_at, a.updated_at \
               FROM sessions s JOIN accounts a ON a.id = s.account_id \
               WHERE s.token_hash = $1 AND s.expires_at > $2";
    with_pool!(db, p => sqlx::query_as::<_, AccountRow>(sql).bind(token_hash).bind(now_ms()).fetch_optional(p).await)
}

pub async fn delete(db: &Db, token_hash: &str) -> Result<(), sqlx::Error> {
    with_pool!(db, p => sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(p).await.map(|_| ()))?;
    Ok(())
}

/// Drops expired sessions; meant for a periodic background task.
pub async fn delete_expired(db: &Db) -> Result<u64, sqlx::Error> {
    with_pool!(db, p => sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now_ms()).execute(p).await.map(|r| r.rows_affected()))
}

/// Ends every session of `account_id` (log out everywhere); how many there were.
pub async fn delete_all_for(db: &Db, account_id: &str) -> Result<u64, sqlx::Error> {
    with_pool!(db, p => sqlx::query("DELETE FROM sessions WHERE account_id = $1").bind(account_id).execute(p).await.map(|r| r.rows_affected()))
}
