//! The matcher's claim (docs/multi-node.md, "Play now"): one transaction reads the waiting players, pairs them
//! (pairing.rs), writes each pair's room row and marks both players matched with it. On PostgreSQL the read is
//! `FOR UPDATE SKIP LOCKED`, so matchers on several nodes never see the same waiting player at once, and a player
//! is matched once; on SQLite (one node) the transaction's first statement is a write, which takes the database's
//! write lock before the read.
use super::pairing::{Match, Waiting, matches};
use crate::db::queue::{QueueRow, queue_columns};
use crate::db::room_config::{RoomConfig, SeatEntry};
use crate::db::{Db, with_pool};

/// How long a matched player's row is kept for them to read their room (then the matcher deletes it).
const MATCHED_KEPT_MS: i64 = 600_000;

macro_rules! waiting {
    () => {
        concat!(
            "SELECT ",
            queue_columns!(),
            " FROM play_queue WHERE room_id IS NULL AND expires_at > $1 ORDER BY joined_at, account_id"
        )
    };
}

/// A room the claim created, to be run and seated (queue/mod.rs).
pub struct Opened {
    pub room_id: String,
    pub cfg: RoomConfig,
    /// The room's seats as stored: empty, or the computer's in seat B.
    pub seats: Vec<Option<SeatEntry>>,
    /// The players to seat, the longer waiter first.
    pub players: Vec<QueueRow>,
}

/// Claims every match one pass finds at `now` (ms); the rooms exist in the database when this returns.
pub async fn claim(db: &Db, now: i64) -> anyhow::Result<Vec<Opened>> {
    let select = if matches!(db, Db::Pg(_)) { concat!(waiting!(), " FOR UPDATE SKIP LOCKED") } else { waiting!() };
    let opened = with_pool!(db, p => {
        // An empty queue (most passes of an idle node) costs one read, no transaction.
        if sqlx::query_as::<_, (String,)>("SELECT account_id FROM play_queue LIMIT 1").fetch_optional(p).await?.is_none() {
            return Ok(Vec::new());
        }
        let mut tx = p.begin().await?;
        sqlx::query("DELETE FROM play_queue WHERE (room_id IS NULL AND expires_at <= $1) OR matched_at <= $2")
            .bind(now).bind(now - MATCHED_KEPT_MS).execute(&mut *tx).await?;
        let rows: Vec<QueueRow> = sqlx::query_as(select).bind(now).fetch_all(&mut *tx).await?;
        let opened = plan(rows, now);
        for o in &opened {
            sqlx::query(concat!("INSERT INTO rooms (id, config_json, seats_json, status, created_at, updated_at) \
                         VALUES ($1, $2, $3, ", crate::db::status::sql_status!(RoomRowStatus::Waiting), ", $4, $4)"))
                .bind(&o.room_id).bind(serde_json::to_string(&o.cfg)?).bind(serde_json::to_string(&o.seats)?)
                .bind(now).execute(&mut *tx).await?;
            for (i, player) in o.players.iter().enumerate() {
                let opponent = match o.players.get(1 - i) {
                    Some(other) if o.players.len() == 2 => other.display_name.clone(),
                    _ => "Computer".to_owned(),
                };
                sqlx::query("UPDATE play_queue SET room_id = $2, opponent = $3, matched_at = $4 \
                             WHERE account_id = $1 AND room_id IS NULL")
                    .bind(&player.account_id).bind(&o.room_id).bind(opponent).bind(now).execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        opened
    });
    Ok(opened)
}

/// The rooms for one pass's matches.
fn plan(rows: Vec<QueueRow>, now: i64) -> Vec<Opened> {
    let waiting: Vec<Waiting> = rows
        .iter()
        .map(|r| Waiting {
            account_id: r.account_id.clone(),
            format: r.format.clone(),
            rated: r.rated != 0,
            rating: r.rating,
            joined_at: r.joined_at,
            computer_after_ms: r.computer_after_ms,
        })
        .collect();
    let mut opened = Vec::new();
    for m in matches(&waiting, now) {
        let (players, computer) = match m {
            Match::Pair(a, b) => (vec![rows[a].clone(), rows[b].clone()], false),
            Match::Computer(a) => (vec![rows[a].clone()], true),
        };
        let first = &players[0];
        // Against the computer the game is casual, whatever was asked (docs/ratings.md).
        let cfg = super::room_config(&first.format, first.rated != 0 && !computer, computer);
        let mut seats = vec![None, None];
        if computer {
            seats[1] = Some(crate::room::seating::computer_seat());
        }
        opened.push(Opened { room_id: uuid::Uuid::new_v4().simple().to_string(), cfg, seats, players });
    }
    opened
}
