//! `accounts` rows: guests and registered players, and the queries on them.
use super::{Db, now_ms, with_pool};
pub use gb_protocol::AccountView;

/// One row of `accounts`. A guest has `username == None` and no password hash.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AccountRow {
    pub id: String,
    pub username: Option<String>,
    pub password_hash: Option<String>,
    pub display_name: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl AccountRow {
    pub fn is_guest(&self) -> bool {
        self.username.is_none()
    }

    pub fn view(&self) -> AccountView {
        AccountView {
            id: self.id.clone(),
            display_name: self.display_name.clone(),
            username: self.username.clone(),
            guest: self.is_guest(),
        }
    }
}

/// Case-insensitive key used for the unique username index.
pub fn username_key(username: &str) -> String {
    username.to_lowercase()
}

pub async fn create_guest(db: &Db, display_name: &str) -> Result<AccountRow, sqlx::Error> {
    let now = now_ms();
    let row = AccountRow {
        id: uuid::Uuid::now_v7().to_string(),
        username: None,
        password_hash: None,
        display_name: display_name.to_owned(),
        created_at: now,
        updated_at: now,
    };
    insert(db, &row).await?;
    Ok(row)
}

pub async fn create_registered(
    db: &Db,
    username: &str,
    password_hash: &str,
    display_name: &str,
) -> Result<AccountRow, sqlx::Error> {
    let now = now_ms();
    let row = AccountRow {
        id: uuid::Uuid::now_v7().to_string(),
        username: Some(username.to_owned()),
        password_hash: Some(password_hash.to_owned()),
        display_name: display_name.to_owned(),
        created_at: now,
        updated_at: now,
    };
    insert(db, &row).await?;
    Ok(row)
}

/// What a username looks like (`validate::look`): unique, so no new name passes for an existing one.
fn username_look(username: &str) -> String {
    crate::protocol::names::look(username)
}

async fn insert(db: &Db, row: &AccountRow) -> Result<(), sqlx::Error> {
    let key = row.username.as_deref().map(username_key);
    let look = row.username.as_deref().map(username_look);
    with_pool!(db, p => sqlx::query(
        "INSERT INTO accounts (id, username, username_key, username_look, password_hash, display_name, created_at, \
         updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(&row.id).bind(&row.username).bind(&key).bind(&look).bind(&row.password_hash)
        .bind(&row.display_name).bind(row.created_at).bind(row.updated_at)
        .execute(p).await.map(|_| ()))?;
    Ok(())
}

/// Turns a guest into a registered account in place, so its decks and history stay with it.
/// Returns `false` if the account is no longer a guest (a concurrent upgrade won).
pub async fn upgrade_guest(
    db: &Db,
    id: &str,
    username: &str,
    password_hash: &str,
    display_name: &str,
) -> Result<bool, sqlx::Error> {
    let (key, look) = (username_key(username), username_look(username));
    let done = with_pool!(db, p => sqlx::query(
        "UPDATE accounts SET username = $2, username_key = $3, username_look = $4, password_hash = $5, \
         display_name = $6, updated_at = $7 WHERE id = $1 AND username IS NULL")
        .bind(id).bind(username).bind(&key).bind(&look).bind(password_hash).bind(display_name).bind(now_ms())
        .execute(p).await.map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn find_by_id(db: &Db, id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let sql = "SELECT id, username, password_hash, display_name, created_at, updated_at FROM accounts WHERE id = $1";
    with_pool!(db, p => sqlx::query_as::<_, AccountRow>(sql).bind(id).fetch_optional(p).await)
}

/// Up to `limit` accounts whose display name contains `part`, case-insensitively, by name.
pub async fn search_by_name(db: &Db, part: &str, limit: i64) -> Result<Vec<AccountRow>, sqlx::Error> {
    let escaped: String = part
        .to_lowercase()
        .chars()
        .flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] })
        .collect();
    let sql = "SELECT id, username, password_hash, display_name, created_at, updated_at FROM accounts \
               WHERE LOWER(display_name) LIKE $1 ESCAPE '\\' ORDER BY display_name, id LIMIT $2";
    with_pool!(db, p => sqlx::query_as::<_, AccountRow>(sql).bind(format!("%{escaped}%")).bind(limit).fetch_all(p).await)
}

pub async fn find_by_username(db: &Db, username: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let sql = "SELECT id, username, password_hash, display_name, created_at, updated_at FROM accounts WHERE username_key = $1";
    with_pool!(db, p => sqlx::query_as::<_, AccountRow>(sql).bind(username_key(username)).fetch_optional(p).await)
}

/// Fills in the look of usernames registered before it was kept (migration 20261206000001). Of two old names that
/// look alike, the first keeps its look and the other none: both still log in, no new name can pass for either.
pub async fn fill_username_looks(db: &Db) -> Result<u64, sqlx::Error> {
    let sql =
        "SELECT id, username FROM accounts WHERE username IS NOT NULL AND username_look IS NULL ORDER BY created_at";
    let rows: Vec<(String, String)> = with_pool!(db, p => sqlx::query_as(sql).fetch_all(p).await)?;
    let mut filled = 0;
    for (id, username) in rows {
        let look = username_look(&username);
        let set = with_pool!(db, p => sqlx::query("UPDATE accounts SET username_look = $2 WHERE id = $1")
            .bind(&id).bind(&look).execute(p).await.map(|_| ()));
        match set {
            Ok(_) => filled += 1,
            Err(e) if super::is_unique_violation(&e) => tracing::warn!(%id, "username looks like an older one's"),
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}
