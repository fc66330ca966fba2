//! Each person's finished games (`game_players`, issue 44): what a profile lists as recent games and favourite
//! decks (docs/ratings.md, "Profiles"). Written when a game's result is durable (room/players.rs), one row per
//! person's seat, idempotently: a rebuilt room writes its last finished game again and changes nothing. Only a
//! deck's name is stored, and only for a finished game.
use super::{Db, with_pool};

/// One person's seat in one finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePlayer {
    pub match_id: String,
    pub seat: i64,
    pub account_id: String,
    pub room_id: String,
    pub deck_name: String,
    /// `won`, `lost` or `drawn`.
    pub result: &'static str,
    pub reason: String,
    /// The other seats' display names, in seat order.
    pub opponents: Vec<String>,
    pub rated: bool,
    pub vs_computer: bool,
    pub finished_at: i64,
}

/// Writes `rows` (a row already there is left as it is).
pub async fn record(db: &Db, rows: &[GamePlayer]) -> Result<(), sqlx::Error> {
    let sql = "INSERT INTO game_players (match_id, seat, account_id, room_id, deck_name, result, reason, opponents, \
               rated, vs_computer, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
               ON CONFLICT (match_id, seat) DO NOTHING";
    for r in rows {
        let opponents = serde_json::to_string(&r.opponents).expect("names serialize");
        with_pool!(db, p => sqlx::query(sql)
            .bind(&r.match_id).bind(r.seat).bind(&r.account_id).bind(&r.room_id).bind(&r.deck_name)
            .bind(r.result).bind(&r.reason).bind(&opponents).bind(i64::from(r.rated)).bind(i64::from(r.vs_computer))
            .bind(r.finished_at).execute(p).await.map(drop))?;
    }
    Ok(())
}

/// A finished game as a profile lists it.
#[derive(Debug, sqlx::FromRow)]
pub struct PlayedRow {
    pub match_id: String,
    pub room_id: String,
    pub deck_name: String,
    pub result: String,
    pub reason: String,
    /// A JSON array of names.
    pub opponents: String,
    pub rated: i64,
    pub vs_computer: i64,
    pub finished_at: i64,
}

/// A player's finished games, newest first, at most `limit`.
pub async fn recent(db: &Db, account_id: &str, limit: i64) -> Result<Vec<PlayedRow>, sqlx::Error> {
    let sql = "SELECT match_id, room_id, deck_name, result, reason, opponents, rated, vs_computer, finished_at \
               FROM game_players WHERE account_id = $1 ORDER BY finished_at DESC, match_id DESC LIMIT $2";
    with_pool!(db, p => sqlx::query_as::<_, PlayedRow>(sql).bind(account_id).bind(limit).fetch_all(p).await)
}

/// A player's most played decks by name: (name, games, wins), most games first, at most `limit`.
pub async fn favourite_decks(db: &Db, account_id: &str, limit: i64) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
    let sql = "SELECT deck_name, CAST(COUNT(*) AS BIGINT), \
               CAST(SUM(CASE WHEN result = 'won' THEN 1 ELSE 0 END) AS BIGINT) \
               FROM game_players WHERE account_id = $1 GROUP BY deck_name \
               ORDER BY COUNT(*) DESC, deck_name LIMIT $2";
    with_pool!(db, p => sqlx::query_as(sql).bind(account_id).bind(limit).fetch_all(p).await)
}
