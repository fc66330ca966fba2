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

async fn insert(db: &Db, row: &AccountRow) -> Result<(), sqlx::Error> {
    let key = row.username.as_deref().map(username_key);
    with_pool!(db, p => sqlx::query(
        "INSERT INTO accounts (id, username, username_key, password_hash, display_name, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(&row.id).bind(&row.username).bind(&key).bind(&row.password_hash)
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
    let key = username_key(username);
    let done = with_pool!(db, p => sqlx::query(
        "UPDATE accounts SET username = $2, username_key = $3, password_hash = $4, display_name = $5, updated_at = $6 \
         WHERE id = $1 AND username IS NULL")
        .bind(id).bind(username).bind(&key).bind(password_hash).bind(display_name).bind(now_ms())
        .execute(p).await.map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

pub async fn find_by_id(db: &Db, id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let sql = "SELECT id, username, password_hash, display_name, created_at, updated_at FROM accounts WHERE id = $1";
    with_pool!(db, p => sqlx::query_as::<_, AccountRow>(sql).bind(id).fetch_optional(p).await)
}

pub async fn find_by_username(db: &Db, username: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let sql = "SELECT id, username, password_hash, display_name, created_at, updated_at FROM accounts WHERE username_key = $1";
    with_pool!(db, p => sqlx::query_as::<_, AccountRow>(sql).bind(username_key(username)).fetch_optional(p).await)
}
