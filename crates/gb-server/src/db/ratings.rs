//! `ratings` and `rating_history` (docs/ratings.md): the write that rates a game, run inside the transaction that
//! appends the game's last intent and result (db/matches.rs, persist/sqlite.rs), so a rated result is rated
//! exactly once, or not at all until its last intent lands; and the reads behind the leaderboard and profiles.
use super::{Db, with_pool};
use gb_rating::{Glicko2, Outcome, Rating};

/// A rated result, carried with the append of the game that decided it (`AppendRow::rated`).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    pub room_id: String,
    /// `bo1` or `bo3`.
    pub format: &'static str,
    /// Seat A's and seat B's accounts.
    pub accounts: [String; 2],
    /// The index in `accounts` of the winner (of the game, or of a best of three's series).
    pub winner: usize,
}

/// A stored rating and when it last changed (ms since the Unix epoch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stored {
    pub rating: Rating,
    pub games: i64,
    pub updated_at: i64,
}

/// One day: a day without a rated game is one idle rating period, which widens the deviation (docs/ratings.md).
const IDLE_PERIOD_MS: i64 = 86_400_000;

/// Both players' ratings after the game, from their stored ratings before it (`None`: never rated in this format).
pub fn rate(game: &RatedGame, before: [Option<Stored>; 2], now: i64) -> [Stored; 2] {
    let (a, b) = (before_game(before[0], now), before_game(before[1], now));
    let outcome = if game.winner == 0 { Outcome::Win } else { Outcome::Loss };
    let (a2, b2) = Glicko2::default().rate_game(a, b, outcome);
    let games = |s: Option<Stored>| s.map_or(0, |s| s.games) + 1;
    [
        Stored { rating: a2, games: games(before[0]), updated_at: now },
        Stored { rating: b2, games: games(before[1]), updated_at: now },
    ]
}

/// The ratings as each player took the game: idle periods applied, what the history's "before" says.
fn before_game(before: Option<Stored>, now: i64) -> Rating {
    let idle = before.map_or(0, |s| ((now - s.updated_at) / IDLE_PERIOD_MS).clamp(0, 3650) as u32);
    match before {
        None => Rating::default(),
        Some(s) if idle > 0 => Glicko2::default().idle(s.rating, idle),
        Some(s) => s.rating,
    }
}

/// `$N` placeholders numbered by first appearance, so rusqlite binds them by position too.
const RATED_SQL: &str = "SELECT COUNT(*) FROM rating_history WHERE match_id = $1";
macro_rules! read_sql {
    () => {
        "SELECT rating, deviation, volatility, games, updated_at FROM ratings WHERE account_id = $1 AND format = $2"
    };
}
const READ_SQL: &str = read_sql!();
const UPSERT_SQL: &str = "INSERT INTO ratings (account_id, format, rating, deviation, volatility, games, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account_id, format) DO UPDATE SET rating = excluded.rating, \
     deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, \
     updated_at = excluded.updated_at";
const HISTORY_SQL: &str = "INSERT INTO rating_history (match_id, account_id, format, room_id, opponent_id, won, \
     rating_before, deviation_before, rating_after, deviation_after, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";

type StoredRow = (f64, f64, f64, i64, i64);

fn stored(row: StoredRow) -> Stored {
    let (rating, deviation, volatility, games, updated_at) = row;
    Stored { rating: Rating { rating, deviation, volatility }, games, updated_at }
}

/// Rates a game on a connection inside the append's transaction. A match already in the history is not rated
/// again (the key is the deciding game's match id). Both rows are read in account order, locked on PostgreSQL
/// (`FOR UPDATE`), so two games of one player ending at once are rated one after the other, never from the same
/// "before"; SQLite's writer already holds the database's write lock.
#[allow(async_fn_in_trait)] // used with concrete connections only; no Send bound is needed
pub trait RateOn {
    async fn rate_game(&mut self, match_id: &str, game: &RatedGame, now: i64) -> Result<(), sqlx::Error>;
}

macro_rules! rate_on {
    ($conn:ty, $lock:expr) => {
        impl RateOn for $conn {
            async fn rate_game(&mut self, match_id: &str, game: &RatedGame, now: i64) -> Result<(), sqlx::Error> {
                let (done,): (i64,) = sqlx::query_as(RATED_SQL).bind(match_id).fetch_one(&mut *self).await?;
                if done > 0 {
                    return Ok(());
                }
                let mut before = [None, None];
                for i in lock_order(game) {
                    let row: Option<StoredRow> = sqlx::query_as(concat!(read_sql!(), $lock))
                        .bind(&game.accounts[i])
                        .bind(game.format)
                        .fetch_optional(&mut *self)
                        .await?;
                    before[i] = row.map(stored);
                }
                for w in writes(game, before, now) {
                    let s = w.after;
                    sqlx::query(UPSERT_SQL)
                        .bind(w.account)
                        .bind(game.format)
                        .bind(s.rating.rating)
                        .bind(s.rating.deviation)
                        .bind(s.rating.volatility)
                        .bind(s.games)
                        .bind(now)
                        .execute(&mut *self)
                        .await?;
                    sqlx::query(HISTORY_SQL)
                        .bind(match_id)
                        .bind(w.account)
                        .bind(game.format)
                        .bind(&game.room_id)
                        .bind(w.opponent)
                        .bind(i64::from(w.won))
                        .bind(w.before.rating)
                        .bind(w.before.deviation)
                        .bind(s.rating.rating)
                        .bind(s.rating.deviation)
                        .bind(now)
                        .execute(&mut *self)
                        .await?;
                }
                Ok(())
            }
        }
    };
}
rate_on!(sqlx::SqliteConnection, "");
rate_on!(sqlx::PgConnection, " FOR UPDATE");

/// The persist writer's own SQLite connection (rusqlite, persist/sqlite.rs): the same statements.
pub fn rate_game_rusqlite(
    conn: &rusqlite::Connection,
    match_id: &str,
    game: &RatedGame,
    now: i64,
) -> rusqlite::Result<()> {
    use rusqlite::{OptionalExtension, params};
    let done: i64 = conn.query_row(RATED_SQL, params![match_id], |r| r.get(0))?;
    if done > 0 {
        return Ok(());
    }
    let mut before = [None, None];
    for i in lock_order(game) {
        let row = conn
            .query_row(READ_SQL, params![game.accounts[i], game.format], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .optional()?;
        before[i] = row.map(stored);
    }
    for w in writes(game, before, now) {
        let (s, b) = (w.after.rating, w.before);
        conn.execute(
            UPSERT_SQL,
            params![w.account, game.format, s.rating, s.deviation, s.volatility, w.after.games, now],
        )?;
        conn.execute(
            HISTORY_SQL,
            params![
                match_id,
                w.account,
                game.format,
                game.room_id,
                w.opponent,
                i64::from(w.won),
                b.rating,
                b.deviation,
                s.rating,
                s.deviation,
                now
            ],
        )?;
    }
    Ok(())
}

/// Reads in account order, the same in every transaction, so two locking them never wait on each other.
fn lock_order(game: &RatedGame) -> [usize; 2] {
    if game.accounts[0] <= game.accounts[1] { [0, 1] } else { [1, 0] }
}

/// One player's rows to write.
struct Write<'a> {
    account: &'a str,
    opponent: &'a str,
    won: bool,
    before: Rating,
    after: Stored,
}

fn writes<'a>(game: &'a RatedGame, before: [Option<Stored>; 2], now: i64) -> [Write<'a>; 2] {
    let after = rate(game, before, now);
    [0, 1].map(|i| Write {
        account: &game.accounts[i],
        opponent: &game.accounts[1 - i],
        won: game.winner == i,
        before: before_game(before[i], now),
        after: after[i],
    })
}

/// One row of a format's leaderboard.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct BoardRow {
    pub account_id: String,
    pub display_name: String,
    pub username: Option<String>,
    pub rating: f64,
    pub deviation: f64,
    pub games: i64,
}

/// The established players of `format` (deviation at most the provisional threshold, at least `min_games`),
/// best first.
pub async fn leaderboard(db: &Db, format: &str, min_games: i64, limit: i64) -> Result<Vec<BoardRow>, sqlx::Error> {
    let sql = "SELECT r.account_id, a.display_name, a.username, r.rating, r.deviation, r.games FROM ratings r \
               JOIN accounts a ON a.id = r.account_id \
               WHERE r.format = $1 AND r.deviation <= $2 AND r.games >= $3 \
               ORDER BY r.rating DESC, r.account_id LIMIT $4";
    with_pool!(db, p => sqlx::query_as::<_, BoardRow>(sql).bind(format).bind(gb_rating::PROVISIONAL_DEVIATION)
        .bind(min_games).bind(limit).fetch_all(p).await)
}

/// How many established players of `format` rate above `rating` (the player's place is this + 1).
pub async fn rated_above(db: &Db, format: &str, rating: f64, min_games: i64) -> Result<i64, sqlx::Error> {
    let sql = "SELECT COUNT(*) FROM ratings WHERE format = $1 AND deviation <= $2 AND games >= $3 AND rating > $4";
    let (n,): (i64,) = with_pool!(db, p => sqlx::query_as(sql).bind(format).bind(gb_rating::PROVISIONAL_DEVIATION)
        .bind(min_games).bind(rating).fetch_one(p).await)?;
    Ok(n)
}

/// An account's rating in one format, if it has played a rated game of it.
pub async fn rating_of(db: &Db, account_id: &str, format: &str) -> Result<Option<Stored>, sqlx::Error> {
    let row: Option<StoredRow> =
        with_pool!(db, p => sqlx::query_as(READ_SQL).bind(account_id).bind(format).fetch_optional(p).await)?;
    Ok(row.map(stored))
}

/// One rated game of a player, newest first in [`history`].
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct HistoryRow {
    pub match_id: String,
    pub format: String,
    pub room_id: String,
    pub opponent_id: String,
    pub opponent_name: Option<String>,
    pub won: i64,
    pub rating_before: f64,
    pub deviation_before: f64,
    pub rating_after: f64,
    pub deviation_after: f64,
    pub created_at: i64,
}

/// A player's rated games, newest first, at most `limit`.
pub async fn history(db: &Db, account_id: &str, limit: i64) -> Result<Vec<HistoryRow>, sqlx::Error> {
    let sql = "SELECT h.match_id, h.format, h.room_id, h.opponent_id, a.display_name AS opponent_name, h.won, \
               h.rating_before, h.deviation_before, h.rating_after, h.deviation_after, h.created_at \
               FROM rating_history h LEFT JOIN accounts a ON a.id = h.opponent_id \
               WHERE h.account_id = $1 ORDER BY h.created_at DESC, h.match_id DESC LIMIT $2";
    with_pool!(db, p => sqlx::query_as::<_, HistoryRow>(sql).bind(account_id).bind(limit).fetch_all(p).await)
}

/// A player's wins and losses per format over every rated game.
pub async fn record(db: &Db, account_id: &str) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
    let sql = "SELECT format, CAST(SUM(won) AS BIGINT), CAST(COUNT(*) - SUM(won) AS BIGINT) FROM rating_history WHERE account_id = $1 \
               GROUP BY format ORDER BY format";
    with_pool!(db, p => sqlx::query_as(sql).bind(account_id).fetch_all(p).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(winner: usize) -> RatedGame {
        RatedGame { room_id: "r".into(), format: "bo1", accounts: ["a".into(), "b".into()], winner }
    }

    #[test]
    fn a_first_game_moves_both_new_players_by_the_same_amount() {
        let [a, b] = rate(&game(0), [None, None], 0);
        assert!(a.rating.rating > 1500.0 && b.rating.rating < 1500.0);
        assert!((a.rating.rating - 1500.0 - (1500.0 - b.rating.rating)).abs() < 1e-9);
        assert_eq!((a.games, b.games), (1, 1));
    }

    #[test]
    fn idle_days_widen_the_deviation_before_the_game() {
        let s =
            Stored { rating: Rating { rating: 1600.0, deviation: 60.0, volatility: 0.06 }, games: 30, updated_at: 0 };
        assert_eq!(before_game(Some(s), IDLE_PERIOD_MS - 1).deviation, 60.0);
        assert!(before_game(Some(s), 30 * IDLE_PERIOD_MS).deviation > 60.0);
    }
}
