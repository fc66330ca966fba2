//! `play_queue` rows (docs/protocol.md, "Play now"): a waiting player's place, kept by their heartbeat, and the
//! matcher's claim ([`claim`]), which opens the rooms queue/claim.rs pairs the waiting players into.
use super::json::{self, JsonText};
use super::room_config::{RoomConfig, Seats};
use super::{Db, now_ms, with_pool};
use gb_core::DeckList;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct QueueRow {
    pub account_id: String,
    pub display_name: String,
    pub format: String,
    pub rated: i64,
    #[sqlx(rename = "deck_json", try_from = "JsonText<DeckList>")]
    pub deck: DeckList,
    pub rating: f64,
    pub computer_after_ms: Option<i64>,
    pub joined_at: i64,
    pub expires_at: i64,
    pub room_id: Option<String>,
    pub opponent: Option<String>,
    pub matched_at: Option<i64>,
    pub seated: i64,
}

/// Every column of a [`QueueRow`], as a literal for `concat!` (sqlx takes only static SQL).
macro_rules! queue_columns {
    () => {
        "account_id, display_name, format, rated, deck_json, rating, computer_after_ms, joined_at, expires_at, \
         room_id, opponent, matched_at, seated"
    };
}

/// A room the claim opened, to be run and seated (queue/mod.rs).
pub struct Opened {
    pub room_id: String,
    pub cfg: RoomConfig,
    /// The room's seats as stored: empty, or the computer's in seat B.
    pub seats: Seats,
    /// The players to seat, the longer waiter first.
    pub players: Vec<QueueRow>,
}

impl Opened {
    /// Who the `i`th player was matched with, as their queue row tells them: the other player, or the computer.
    fn opponent(&self, i: usize) -> String {
        match self.players.get(1 - i) {
            Some(other) if self.players.len() == 2 => other.display_name.clone(),
            _ => "Computer".to_owned(),
        }
    }
}

/// The waiting players, longest first (the claim's read).
macro_rules! waiting {
    () => {
        concat!(
            "SELECT ",
            queue_columns!(),
            " FROM play_queue WHERE room_id IS NULL AND expires_at > $1 ORDER BY joined_at, account_id"
        )
    };
}

/// The matcher's claim (docs/multi-node.md, "Play now"): one transaction drops expired rows and rows matched
/// before `kept_since`, reads the waiting players, lets `plan` pair them into rooms, writes each room's row
/// (waiting) and marks its players matched with it. On PostgreSQL the read is `FOR UPDATE SKIP LOCKED`, so
/// matchers on several nodes never see the same waiting player at once, and a player is matched once; on SQLite
/// (one node) the transaction's first statement is a write, which takes the database's write lock before the read.
pub async fn claim(
    db: &Db,
    now: i64,
    kept_since: i64,
    plan: impl FnOnce(Vec<QueueRow>) -> Vec<Opened>,
) -> Result<Vec<Opened>, sqlx::Error> {
    let select = if matches!(db, Db::Pg(_)) { concat!(waiting!(), " FOR UPDATE SKIP LOCKED") } else { waiting!() };
    Ok(with_pool!(db, p => {
        // An empty queue (most passes of an idle node) costs one read, no transaction.
        if sqlx::query_as::<_, (String,)>("SELECT account_id FROM play_queue LIMIT 1").fetch_optional(p).await?.is_none() {
            return Ok(Vec::new());
        }
        let mut tx = p.begin().await?;
        sqlx::query("DELETE FROM play_queue WHERE (room_id IS NULL AND expires_at <= $1) OR matched_at <= $2")
            .bind(now).bind(kept_since).execute(&mut *tx).await?;
        let rows: Vec<QueueRow> = sqlx::query_as(select).bind(now).fetch_all(&mut *tx).await?;
        let opened = plan(rows);
        for o in &opened {
            sqlx::query(super::rooms::INSERT_WAITING)
                .bind(&o.room_id).bind(json::encode(&o.cfg)?).bind(json::encode(&o.seats)?)
                .bind(now).execute(&mut *tx).await?;
            for (i, player) in o.players.iter().enumerate() {
                sqlx::query("UPDATE play_queue SET room_id = $2, opponent = $3, matched_at = $4 \
                             WHERE account_id = $1 AND room_id IS NULL")
                    .bind(&player.account_id).bind(&o.room_id).bind(o.opponent(i)).bind(now).execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        opened
    }))
}

/// Puts the player in the queue, or starts their search again (a new format, deck, or after a match).
pub async fn join(db: &Db, r: &QueueRow) -> Result<(), sqlx::Error> {
    let sql = "INSERT INTO play_queue (account_id, display_name, format, rated, deck_json, rating, computer_after_ms, \
               joined_at, expires_at, room_id, opponent, matched_at, seated) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL, NULL, 0) \
               ON CONFLICT (account_id) DO UPDATE SET display_name = excluded.display_name, \
               format = excluded.format, rated = excluded.rated, deck_json = excluded.deck_json, \
               rating = excluded.rating, computer_after_ms = excluded.computer_after_ms, \
               joined_at = excluded.joined_at, expires_at = excluded.expires_at, room_id = NULL, opponent = NULL, \
               matched_at = NULL, seated = 0";
    with_pool!(db, p => sqlx::query(sql).bind(&r.account_id).bind(&r.display_name).bind(&r.format).bind(r.rated)
        .bind(json::encode(&r.deck)?).bind(r.rating).bind(r.computer_after_ms).bind(r.joined_at).bind(r.expires_at)
        .execute(p).await.map(|_| ()))
}

/// Leaves the queue; a player already matched has a room to go to instead (`Ok(false)`, the row is kept).
pub async fn leave(db: &Db, account_id: &str) -> Result<Option<bool>, sqlx::Error> {
    let Some(row) = find(db, account_id).await? else { return Ok(None) };
    if row.room_id.is_some() {
        return Ok(Some(false));
    }
    let sql = "DELETE FROM play_queue WHERE account_id = $1 AND room_id IS NULL";
    let n = with_pool!(db, p => sqlx::query(sql).bind(account_id).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(Some(n > 0))
}

pub async fn find(db: &Db, account_id: &str) -> Result<Option<QueueRow>, sqlx::Error> {
    let sql = concat!("SELECT ", queue_columns!(), " FROM play_queue WHERE account_id = $1");
    with_pool!(db, p => sqlx::query_as::<_, QueueRow>(sql).bind(account_id).fetch_optional(p).await)
}

/// The heartbeat: a waiting player's place is kept until `expires_at`. The row as it is now, if any.
pub async fn beat(db: &Db, account_id: &str, expires_at: i64) -> Result<Option<QueueRow>, sqlx::Error> {
    let sql = "UPDATE play_queue SET expires_at = $2 WHERE account_id = $1 AND room_id IS NULL AND expires_at > $3";
    with_pool!(db, p => sqlx::query(sql).bind(account_id).bind(expires_at).bind(now_ms()).execute(p).await.map(|_| ()))?;
    find(db, account_id).await
}

/// Players waiting (not matched, not expired) in `format`.
pub async fn looking(db: &Db, format: &str) -> Result<i64, sqlx::Error> {
    let sql = "SELECT COUNT(*) FROM play_queue WHERE format = $1 AND room_id IS NULL AND expires_at > $2";
    let (n,): (i64,) = with_pool!(db, p => sqlx::query_as(sql).bind(format).bind(now_ms()).fetch_one(p).await)?;
    Ok(n)
}

/// The matcher seated the player in their room (or the player's own call did, after the matcher's node died).
pub async fn mark_seated(db: &Db, account_id: &str, room_id: &str) -> Result<(), sqlx::Error> {
    let sql = "UPDATE play_queue SET seated = 1 WHERE account_id = $1 AND room_id = $2";
    with_pool!(db, p => sqlx::query(sql).bind(account_id).bind(room_id).execute(p).await.map(|_| ()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waiting(name: &str) -> QueueRow {
        QueueRow {
            account_id: format!("acc-{name}"),
            display_name: name.to_owned(),
            format: "standard".to_owned(),
            rated: 0,
            deck: DeckList::default(),
            rating: 1500.0,
            computer_after_ms: None,
            joined_at: 0,
            expires_at: 1,
            room_id: None,
            opponent: None,
            matched_at: None,
            seated: 0,
        }
    }

    fn opened(players: Vec<QueueRow>) -> Opened {
        let cfg: RoomConfig = serde_json::from_str(
            r#"{"visibility":"public","best_of":1,"spectator_delay":null,"clock":null,"vs_bot":false}"#,
        )
        .unwrap();
        Opened { room_id: "r1".to_owned(), cfg, seats: vec![None, None], players }
    }

    #[test]
    fn each_player_is_told_the_other_or_the_computer() {
        let pair = opened(vec![waiting("Ann"), waiting("Bo")]);
        assert_eq!((pair.opponent(0), pair.opponent(1)), ("Bo".to_owned(), "Ann".to_owned()));
        assert_eq!(opened(vec![waiting("Ann")]).opponent(0), "Computer");
    }
}
