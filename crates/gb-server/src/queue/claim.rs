//! The matcher's pairing pass (docs/multi-node.md, "Play now"): the claim's transaction (db/queue.rs `claim`)
//! reads the waiting players and hands them to [`plan`], which pairs them (pairing.rs) into rooms to open.
use super::pairing::{Match, Waiting, matches};
use crate::db::Db;
use crate::db::queue::{Opened, QueueRow};

/// How long a matched player's row is kept for them to read their room (then the matcher deletes it).
const MATCHED_KEPT_MS: i64 = 600_000;

/// Claims every match one pass finds at `now` (ms); the rooms exist in the database when this returns.
pub async fn claim(db: &Db, now: i64) -> anyhow::Result<Vec<Opened>> {
    Ok(crate::db::queue::claim(db, now, now - MATCHED_KEPT_MS, |rows| plan(rows, now)).await?)
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
