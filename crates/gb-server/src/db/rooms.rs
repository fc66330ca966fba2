//! `rooms` rows: what a restarted server needs to rebuild a room (its settings and seats) around its games.
use super::json::{JsonText, encode};
use super::room_config::{RoomConfig, SeatEntry, Seats};
use super::status::RoomRowStatus;
use super::status::sql_status;
use super::{Db, now_ms, with_pool};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RoomRow {
    pub id: String,
    #[sqlx(rename = "config_json", try_from = "JsonText<RoomConfig>")]
    pub config: RoomConfig,
    /// One entry per seat, in seat order (`None`: the seat is free).
    #[sqlx(rename = "seats_json", try_from = "JsonText<Seats>")]
    pub seats: Seats,
    #[sqlx(try_from = "String")]
    pub status: RoomRowStatus,
}

/// A new room's row, waiting: `$1` id, `$2` config, `$3` seats (JSON text), `$4` now. Also the matcher's, inside its
/// claim (db/queue.rs).
pub(super) const INSERT_WAITING: &str = concat!(
    "INSERT INTO rooms (id, config_json, seats_json, status, created_at, updated_at) VALUES ($1, $2, $3, ",
    sql_status!(RoomRowStatus::Waiting),
    ", $4, $4)"
);

/// A new room's row, waiting.
pub async fn insert_room(
    db: &Db,
    id: &str,
    config: &RoomConfig,
    seats: &[Option<SeatEntry>],
) -> Result<(), sqlx::Error> {
    let (config, seats, now) = (encode(config)?, encode(seats)?, now_ms());
    with_pool!(db, p => sqlx::query(INSERT_WAITING)
        .bind(id).bind(&config).bind(&seats).bind(now)
        .execute(p).await.map(|_| ()))
}

/// The room's seats and status.
pub async fn update_room(
    db: &Db,
    id: &str,
    seats: &[Option<SeatEntry>],
    status: RoomRowStatus,
) -> Result<(), sqlx::Error> {
    let seats = encode(seats)?;
    with_pool!(db, p => sqlx::query("UPDATE rooms SET seats_json = $2, status = $3, updated_at = $4 WHERE id = $1")
        .bind(id).bind(&seats).bind(status.as_str()).bind(now_ms())
        .execute(p).await.map(|_| ()))
}

pub async fn find_room(db: &Db, id: &str) -> Result<Option<RoomRow>, sqlx::Error> {
    with_pool!(db, p => sqlx::query_as::<_, RoomRow>("SELECT id, config_json, seats_json, status FROM rooms WHERE id = $1")
        .bind(id).fetch_optional(p).await)
}

/// Every room a restarted server must bring back. Finished rooms come back too (they may rematch), but only
/// those updated in the last day, so the list stays bounded; abandoned (idle, never started) rooms do not.
pub async fn recent_rooms(db: &Db) -> Result<Vec<RoomRow>, sqlx::Error> {
    let since = now_ms() - 24 * 3600 * 1000;
    with_pool!(db, p => sqlx::query_as::<_, RoomRow>(concat!(
        "SELECT id, config_json, seats_json, status FROM rooms WHERE status IN ",
        sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing), " OR (status = ",
        sql_status!(RoomRowStatus::Finished), " AND updated_at > $1) ORDER BY created_at"))
        .bind(since).fetch_all(p).await)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{BotLevel, SpectatorDelay, Visibility};

    /// A room's columns as written before they were typed (serde_json's compact form of the same types).
    const CONFIG: &str = r#"{"visibility":"private","best_of":3,"spectator_delay":{"turns":2},"clock":null,"vs_bot":true,"bot_level":"search","seats":2,"host":"acc-1"}"#;
    const SEATS: &str = r#"[{"account_id":"acc-1","display_name":"Ann","deck":{"name":"Mine","heroes":["a","b","c","d"],"bench":[],"main":[]},"bot":false},null]"#;

    async fn read(config: &str, seats: &str) -> Result<RoomRow, sqlx::Error> {
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await.unwrap();
        sqlx::query_as("SELECT 'r1' AS id, $1 AS config_json, $2 AS seats_json, 'waiting' AS status")
            .bind(config)
            .bind(seats)
            .fetch_one(&pool)
            .await
    }

    #[tokio::test]
    async fn a_room_stored_today_reads_typed_and_writes_back_the_same_text() {
        let row = read(CONFIG, SEATS).await.unwrap();
        let cfg = &row.config;
        assert_eq!(
            (cfg.visibility, cfg.best_of, cfg.spectator_delay),
            (Visibility::Private, 3, Some(SpectatorDelay::Turns(2)))
        );
        assert_eq!((cfg.bot_level(), cfg.host.as_deref(), cfg.rated), (Some(BotLevel::Search), Some("acc-1"), false));
        let ann = row.seats[0].as_ref().expect("seat A held");
        assert_eq!((ann.account_id.as_str(), ann.deck.name.as_str(), ann.bot), ("acc-1", "Mine", false));
        assert!(row.seats[1].is_none());
        assert_eq!((encode(&row.config).unwrap(), encode(&row.seats).unwrap()), (CONFIG.to_owned(), SEATS.to_owned()));
    }

    #[tokio::test]
    async fn a_room_stored_before_later_settings_existed_still_reads() {
        let old = r#"{"visibility":"public","best_of":1,"spectator_delay":null,"clock":null,"vs_bot":true}"#;
        let row = read(old, "[null,null]").await.unwrap();
        assert_eq!((row.config.seats, row.config.bot_level(), row.config.host), (2, Some(BotLevel::Random), None));
        assert_eq!(row.seats.len(), 2);
    }

    #[tokio::test]
    async fn a_malformed_column_is_a_decode_error_naming_it() {
        for (config, seats, column) in [("{oops", SEATS, "config_json"), (CONFIG, r#"[{"bot":true}]"#, "seats_json")] {
            let e = read(config, seats).await.unwrap_err();
            assert!(matches!(e, sqlx::Error::ColumnDecode { ref index, .. } if index.contains(column)), "{e}");
        }
    }
}
