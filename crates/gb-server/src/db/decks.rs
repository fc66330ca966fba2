//! `decks` rows: saved deck lists (DeckList JSON + name) owned by one account.
use super::json::{self, JsonText};
use super::{Db, now_ms, with_pool};
use gb_core::deck::DeckList;
pub use gb_protocol::DeckView;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DeckRow {
    pub id: String,
    pub account_id: String,
    pub name: String,
    #[sqlx(rename = "list_json", try_from = "JsonText<DeckList>")]
    pub list: DeckList,
    pub created_at: i64,
    pub updated_at: i64,
}

impl DeckRow {
    /// The deck as the API shows it.
    pub fn view(&self) -> DeckView {
        DeckView {
            id: self.id.clone(),
            name: self.name.clone(),
            list: self.list.clone(),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

pub async fn insert(db: &Db, account_id: &str, name: &str, list: &DeckList) -> Result<DeckRow, sqlx::Error> {
    let now = now_ms();
    let row = DeckRow {
        id: uuid::Uuid::now_v7().to_string(),
        account_id: account_id.to_owned(),
        name: name.to_owned(),
        list: list.clone(),
        created_at: now,
        updated_at: now,
    };
    with_pool!(db, p => sqlx::query(
        "INSERT INTO decks (id, account_id, name, list_json, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&row.id).bind(&row.account_id).bind(&row.name).bind(json::encode(list)?)
        .bind(row.created_at).bind(row.updated_at)
        .execute(p).await.map(|_| ()))?;
    Ok(row)
}

/// Replaces a deck the account owns; `None` if there is no such deck *for this account*.
pub async fn update(
    db: &Db,
    account_id: &str,
    id: &str,
    name: &str,
    list: &DeckList,
) -> Result<Option<DeckRow>, sqlx::Error> {
    let changed = with_pool!(db, p => sqlx::query(
        "UPDATE decks SET name = $3, list_json = $4, updated_at = $5 WHERE id = $1 AND account_id = $2")
        .bind(id).bind(account_id).bind(name).bind(json::encode(list)?).bind(now_ms())
        .execute(p).await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        return Ok(None);
    }
    find(db, account_id, id).await
}

/// A deck by id, only if this account owns it (other accounts' decks look absent).
pub async fn find(db: &Db, account_id: &str, id: &str) -> Result<Option<DeckRow>, sqlx::Error> {
    let sql =
        "SELECT id, account_id, name, list_json, created_at, updated_at FROM decks WHERE id = $1 AND account_id = $2";
    with_pool!(db, p => sqlx::query_as::<_, DeckRow>(sql).bind(id).bind(account_id).fetch_optional(p).await)
}

/// The account's decks, most recently edited first.
pub async fn list(db: &Db, account_id: &str) -> Result<Vec<DeckRow>, sqlx::Error> {
    let sql = "SELECT id, account_id, name, list_json, created_at, updated_at FROM decks \
               WHERE account_id = $1 ORDER BY updated_at DESC, id DESC";
    with_pool!(db, p => sqlx::query_as::<_, DeckRow>(sql).bind(account_id).fetch_all(p).await)
}

pub async fn count(db: &Db, account_id: &str) -> Result<i64, sqlx::Error> {
    let sql = "SELECT COUNT(*) FROM decks WHERE account_id = $1";
    with_pool!(db, p => sqlx::query_scalar::<_, i64>(sql).bind(account_id).fetch_one(p).await)
}

/// Deletes a deck the account owns; `false` if there was none.
pub async fn delete(db: &Db, account_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    let n = with_pool!(db, p => sqlx::query("DELETE FROM decks WHERE id = $1 AND account_id = $2")
        .bind(id).bind(account_id).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}
