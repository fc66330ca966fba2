//! Attendance rows beside the tournament log (docs/tournaments.md, "Check-in and no-shows"): who checked in
//! before round 1, and when each seat of a table first connected to its room. Not part of the tournament file:
//! what they lead to (a drop, a no-show's match loss) is written to the log itself.
use super::fence::{Writer, tournament_write};
use super::tournaments::{audit_query, kind_name, result_query, roster_change_query};
use super::{Db, now_ms, with_pool};
use gb_tournament::{RosterChange, TableResult};
use sqlx::Connection as _; // a fenced writer's own transactions are savepoints (fence.rs)

/// Marks `player` checked in (the first time only). False if the event has no such player.
pub async fn check_in(db: impl Into<Writer<'_>>, id: &str, player: &str, at: i64) -> anyhow::Result<bool> {
    let done = tournament_write!(db, p => sqlx::query(
        "UPDATE tournament_players SET checked_in_at = COALESCE(checked_in_at, $3) \
         WHERE tournament_id = $1 AND player_id = $2")
        .bind(id).bind(player).bind(at).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// The players checked in, in registration order.
pub async fn checked_in(db: &Db, id: &str) -> anyhow::Result<Vec<String>> {
    Ok(with_pool!(db, p => sqlx::query_scalar::<_, String>(
        "SELECT player_id FROM tournament_players WHERE tournament_id = $1 AND checked_in_at IS NOT NULL \
         ORDER BY ordinal")
        .bind(id).fetch_all(p).await)?)
}

/// Records that seat `seat` (0: the pairing's first player) of a table connected to its room, once.
pub async fn set_arrived(
    db: impl Into<Writer<'_>>,
    id: &str,
    round: u32,
    table: u32,
    seat: usize,
    at: i64,
) -> anyhow::Result<()> {
    let sql = if seat == 0 {
        "UPDATE tournament_pairings SET arrived_a_at = COALESCE(arrived_a_at, $4) \
         WHERE tournament_id = $1 AND round = $2 AND table_no = $3"
    } else {
        "UPDATE tournament_pairings SET arrived_b_at = COALESCE(arrived_b_at, $4) \
         WHERE tournament_id = $1 AND round = $2 AND table_no = $3"
    };
    tournament_write!(db, p => sqlx::query(sql).bind(id).bind(round as i32).bind(table as i32).bind(at)
        .execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Each table's seats that have connected, as `(round, table, [a, b])`.
pub async fn arrivals(db: &Db, id: &str) -> anyhow::Result<Vec<(u32, u32, [bool; 2])>> {
    let rows = with_pool!(db, p => sqlx::query_as::<_, (i32, i32, Option<i64>, Option<i64>)>(
        "SELECT round, table_no, arrived_a_at, arrived_b_at FROM tournament_pairings \
         WHERE tournament_id = $1 AND table_no IS NOT NULL AND (arrived_a_at IS NOT NULL OR arrived_b_at IS NOT NULL)")
        .bind(id).fetch_all(p).await)?;
    Ok(rows.into_iter().map(|(r, t, a, b)| (r as u32, t as u32, [a.is_some(), b.is_some()])).collect())
}

/// A no-show's writes, all or none (docs/tournaments.md, "Check-in and no-shows"): the table's result with the
/// match losses, the drops, and the audit entry, in one transaction, so a failure leaves the table as it was
/// and the next tick tries again.
pub async fn record_no_show(
    db: impl Into<Writer<'_>>,
    id: &str,
    (round, table): (u32, u32),
    result: &TableResult,
    drops: &[RosterChange],
    (actor, detail): (&str, &serde_json::Value),
) -> anyhow::Result<()> {
    let json = serde_json::to_string(result)?;
    let kinds = drops.iter().map(|c| kind_name(c.change)).collect::<anyhow::Result<Vec<_>>>()?;
    tournament_write!(db, p => {
        let mut tx = p.begin().await?;
        result_query!(id, round, table, &json).execute(&mut *tx).await?;
        for (change, kind) in drops.iter().zip(&kinds) {
            roster_change_query!(id, change, kind).execute(&mut *tx).await?;
        }
        audit_query!(id, actor, "no_show", detail).execute(&mut *tx).await?;
        tx.commit().await?;
        anyhow::Ok(())
    })
}
