//! Tournament rows: the gb-tournament log (`docs/tournaments.md`) stored table by table, appended to as the event
//! runs, and read back as a `Tournament` so a restarted server recovers an event mid-round. Nothing derived is
//! stored: standings and the next pairing are recomputed from the log. Every organizer or judge action also
//! goes to `tournament_audit`, which the event page shows.
use super::fence::{Writer, tournament_write};
use super::json::{self, JsonText};
use super::status::sql_status;
pub use super::tournament_rows::{ListedRow, TournamentRow, event, events, listed, set_settings, set_status};
use super::{Db, now_ms, with_pool};
use anyhow::Context;
use gb_tournament::{
    Bye, Correction, Pairing, Player, RosterChange, RosterChangeKind, Round, Settings, TOURNAMENT_FORMAT, Table,
    TableResult, Tournament,
};
use sqlx::Connection as _; // a fenced writer's own transactions are savepoints (fence.rs)

#[derive(Clone, Debug, sqlx::FromRow)]
struct SettingsRow {
    name: String,
    seed: i64,
    #[sqlx(rename = "settings_json", try_from = "JsonText<Settings>")]
    settings: Settings,
}

#[derive(Clone, Debug, sqlx::FromRow)]
struct PlayerRow {
    player_id: String,
    name: String,
    entered_round: i32,
    deck: Option<String>,
    computer_level: Option<String>,
}

#[derive(Clone, Debug, sqlx::FromRow)]
struct RosterRow {
    before_round: i32,
    player_id: String,
    change_kind: String,
    reason: String,
}

#[derive(Clone, Debug, sqlx::FromRow)]
struct PairingRow {
    round: i32,
    table_no: Option<i32>,
    player_a: String,
    player_b: Option<String>,
    #[sqlx(rename = "result_json", try_from = "JsonText<TableResult>")]
    result: TableResult,
}

#[derive(Clone, Debug, sqlx::FromRow)]
struct CorrectionRow {
    round: i32,
    table_no: i32,
    #[sqlx(rename = "result_json", try_from = "JsonText<TableResult>")]
    result: TableResult,
    reason: String,
    before_round: Option<i32>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, sqlx::FromRow)]
pub struct AuditRow {
    pub seq: i32,
    pub actor: String,
    pub action: String,
    #[serde(rename = "detail_json")]
    #[sqlx(rename = "detail_json", try_from = "JsonText<serde_json::Value>")]
    pub detail: serde_json::Value,
    pub created_at: i64,
}

/// A new tournament with its registered players (the rounds, roster changes and corrections come later).
pub async fn create(db: &Db, id: &str, organizer: Option<&str>, t: &Tournament) -> anyhow::Result<()> {
    let now = now_ms();
    let settings = json::encode(&t.settings)?;
    with_pool!(db, p => sqlx::query(concat!(
        "INSERT INTO tournaments (id, name, organizer_id, seed, settings_json, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, ", sql_status!(EventStatus::Registration), ", $6, $6)"))
        .bind(id).bind(&t.name).bind(organizer).bind(t.seed as i64).bind(&settings).bind(now)
        .execute(p).await.map(|r| r.rows_affected()))?;
    for player in &t.players {
        add_player(db, id, player, None).await?;
    }
    Ok(())
}

/// Registers a player (or a late entry) at the end of the registration order.
pub async fn add_player(
    db: impl Into<Writer<'_>>,
    id: &str,
    player: &Player,
    account: Option<&str>,
) -> anyhow::Result<()> {
    insert_player(db, id, player, account, None).await
}

/// Enters a computer player (no account) that the server plays at `level` (tournament/computers.rs).
pub async fn add_computer(db: impl Into<Writer<'_>>, id: &str, player: &Player, level: &str) -> anyhow::Result<()> {
    insert_player(db, id, player, None, Some(level)).await
}

async fn insert_player(
    db: impl Into<Writer<'_>>,
    id: &str,
    player: &Player,
    account: Option<&str>,
    computer_level: Option<&str>,
) -> anyhow::Result<()> {
    tournament_write!(db, p => sqlx::query(
        "INSERT INTO tournament_players \
         (tournament_id, player_id, ordinal, account_id, name, entered_round, deck, computer_level) \
         SELECT $1, $2, COALESCE(MAX(ordinal), 0) + 1, $3, $4, $5, $6, $7 FROM tournament_players \
         WHERE tournament_id = $1")
        .bind(id).bind(&player.id).bind(account).bind(&player.name).bind(player.entered_round as i32).bind(&player.deck)
        .bind(computer_level)
        .execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// The level a computer player is played at (`None` for a person).
pub async fn computer_level(db: &Db, id: &str, player: &str) -> anyhow::Result<Option<String>> {
    let level: Option<(Option<String>,)> = with_pool!(db, p => sqlx::query_as(
        "SELECT computer_level FROM tournament_players WHERE tournament_id = $1 AND player_id = $2")
        .bind(id).bind(player).fetch_optional(p).await)?;
    Ok(level.and_then(|(l,)| l))
}

pub(crate) fn kind_name(kind: RosterChangeKind) -> anyhow::Result<String> {
    Ok(serde_json::to_value(kind)?.as_str().context("a roster change kind is a string")?.to_string())
}

// The writes a no-show makes together (db/attendance.rs) are these same statements in one transaction: each is a
// query built once here, for a pool or a transaction alike.
macro_rules! roster_change_query {
    ($id:expr, $change:expr, $kind:expr) => {
        sqlx::query(
            "INSERT INTO tournament_roster (tournament_id, seq, before_round, player_id, change_kind, reason, created_at) \
             SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6 FROM tournament_roster WHERE tournament_id = $1",
        )
        .bind($id)
        .bind($change.before_round as i32)
        .bind(&$change.player)
        .bind($kind)
        .bind(&$change.reason)
        .bind(now_ms())
    };
}
pub(crate) use roster_change_query;

macro_rules! result_query {
    ($id:expr, $round:expr, $table:expr, $json:expr) => {
        sqlx::query(
            "UPDATE tournament_pairings SET result_json = $4, updated_at = $5 \
             WHERE tournament_id = $1 AND round = $2 AND table_no = $3",
        )
        .bind($id)
        .bind($round as i32)
        .bind($table as i32)
        .bind($json)
        .bind(now_ms())
    };
}
pub(crate) use result_query;

macro_rules! audit_query {
    ($id:expr, $actor:expr, $action:expr, $detail:expr) => {
        sqlx::query(
            "INSERT INTO tournament_audit (tournament_id, seq, actor, action, detail_json, created_at) \
             SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5 FROM tournament_audit WHERE tournament_id = $1",
        )
        .bind($id)
        .bind($actor)
        .bind($action)
        .bind($detail.to_string())
        .bind(now_ms())
    };
}
pub(crate) use audit_query;

pub async fn add_roster_change(db: impl Into<Writer<'_>>, id: &str, change: &RosterChange) -> anyhow::Result<()> {
    let kind = kind_name(change.change)?;
    tournament_write!(db, p => roster_change_query!(id, change, &kind).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Inserts a round's pairing rows, in order, inside the transaction `$tx`.
macro_rules! insert_pairings {
    ($tx:ident, $id:expr, $number:expr, $pairings:expr, $now:expr) => {
        for (slot, pairing) in $pairings.iter().enumerate() {
            let (table, a, b, result) = match pairing {
                Pairing::Bye(bye) => (None, &bye.bye, None, "{}".to_string()),
                Pairing::Table(t) => (Some(t.table as i32), &t.players[0], Some(&t.players[1]), json::encode(&t.result)?),
            };
            sqlx::query(
                "INSERT INTO tournament_pairings (tournament_id, round, slot, table_no, player_a, player_b, result_json, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
                .bind($id).bind($number as i32).bind(slot as i32).bind(table).bind(a).bind(b).bind(&result).bind($now)
                .execute(&mut *$tx).await?;
        }
    };
}

/// Records a round's pairings (as `pair_next_round` or the organizer made them), in order, in one transaction.
pub async fn insert_round(
    db: impl Into<Writer<'_>>,
    id: &str,
    number: u32,
    pairings: &[Pairing],
) -> anyhow::Result<()> {
    let now = now_ms();
    tournament_write!(db, p => {
        let mut tx = p.begin().await?;
        sqlx::query("INSERT INTO tournament_rounds (tournament_id, number, paired_at) VALUES ($1, $2, $3)")
            .bind(id).bind(number as i32).bind(now).execute(&mut *tx).await?;
        insert_pairings!(tx, id, number, pairings, now);
        tx.commit().await?;
        anyhow::Ok(())
    })
}

/// Replaces a round's pairings (the organizer re-paired it by hand before play began) and stamps the round
/// re-paired, in one transaction; returns that time (the new tables' no-show grace period counts from it).
pub async fn replace_round(
    db: impl Into<Writer<'_>>,
    id: &str,
    number: u32,
    pairings: &[Pairing],
) -> anyhow::Result<i64> {
    let now = now_ms();
    tournament_write!(db, p => {
        let mut tx = p.begin().await?;
        sqlx::query("DELETE FROM tournament_pairings WHERE tournament_id = $1 AND round = $2")
            .bind(id).bind(number as i32).execute(&mut *tx).await?;
        insert_pairings!(tx, id, number, pairings, now);
        sqlx::query("UPDATE tournament_rounds SET repaired_at = $3 WHERE tournament_id = $1 AND number = $2")
            .bind(id).bind(number as i32).bind(now).execute(&mut *tx).await?;
        tx.commit().await?;
        anyhow::Ok(())
    })?;
    Ok(now)
}

/// Sets a table's result (games as they finish, then the end). False if the round has no such table.
pub async fn record_result(
    db: impl Into<Writer<'_>>,
    id: &str,
    round: u32,
    table: u32,
    result: &TableResult,
) -> anyhow::Result<bool> {
    let json = json::encode(result)?;
    let done =
        tournament_write!(db, p => result_query!(id, round, table, &json).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// A playoff table played again after a correction upstream (tournament/corrections.rs): its players as
/// corrected, no result, no room until the new one opens.
pub async fn reset_table(
    db: impl Into<Writer<'_>>,
    id: &str,
    round: u32,
    table: u32,
    players: &[String; 2],
) -> anyhow::Result<()> {
    tournament_write!(db, p => sqlx::query(
        "UPDATE tournament_pairings SET player_a = $4, player_b = $5, result_json = '{}', room_id = NULL, \
         updated_at = $6 WHERE tournament_id = $1 AND round = $2 AND table_no = $3")
        .bind(id).bind(round as i32).bind(table as i32).bind(&players[0]).bind(&players[1]).bind(now_ms())
        .execute(p).await.map(|_| ()))?;
    Ok(())
}

/// The room hosting a table's match, so a room's finished match finds its way back to the event.
pub async fn set_room(
    db: impl Into<Writer<'_>>,
    id: &str,
    round: u32,
    table: u32,
    room_id: &str,
) -> anyhow::Result<()> {
    tournament_write!(db, p => sqlx::query(
        "UPDATE tournament_pairings SET room_id = $4 WHERE tournament_id = $1 AND round = $2 AND table_no = $3")
        .bind(id).bind(round as i32).bind(table as i32).bind(room_id).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn add_correction(db: impl Into<Writer<'_>>, id: &str, c: &Correction) -> anyhow::Result<()> {
    let json = json::encode(&c.result)?;
    tournament_write!(db, p => sqlx::query(
        "INSERT INTO tournament_corrections (tournament_id, seq, round, table_no, result_json, reason, before_round, created_at) \
         SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3, $4, $5, $6, $7 FROM tournament_corrections WHERE tournament_id = $1")
        .bind(id).bind(c.round as i32).bind(c.table as i32).bind(&json).bind(&c.reason)
        .bind(c.before_round.map(|r| r as i32)).bind(now_ms())
        .execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn audit(
    db: impl Into<Writer<'_>>,
    id: &str,
    actor: &str,
    action: &str,
    detail: &serde_json::Value,
) -> anyhow::Result<()> {
    tournament_write!(db, p => audit_query!(id, actor, action, detail).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn audit_log(db: &Db, id: &str) -> anyhow::Result<Vec<AuditRow>> {
    Ok(with_pool!(db, p => sqlx::query_as::<_, AuditRow>(
        "SELECT seq, actor, action, detail_json, created_at FROM tournament_audit WHERE tournament_id = $1 ORDER BY seq")
        .bind(id).fetch_all(p).await)?)
}

/// The whole log, as the tournament file it is (checked by `gb_tournament::parse`'s rules when used).
pub async fn load(db: &Db, id: &str) -> anyhow::Result<Option<Tournament>> {
    let Some(head) = with_pool!(db, p => sqlx::query_as::<_, SettingsRow>(
        "SELECT name, seed, settings_json FROM tournaments WHERE id = $1").bind(id).fetch_optional(p).await)?
    else {
        return Ok(None);
    };
    let players = with_pool!(db, p => sqlx::query_as::<_, PlayerRow>(
        "SELECT player_id, name, entered_round, deck, computer_level FROM tournament_players \
         WHERE tournament_id = $1 ORDER BY ordinal")
        .bind(id).fetch_all(p).await)?;
    let roster = with_pool!(db, p => sqlx::query_as::<_, RosterRow>(
        "SELECT before_round, player_id, change_kind, reason FROM tournament_roster WHERE tournament_id = $1 ORDER BY seq")
        .bind(id).fetch_all(p).await)?;
    let pairings = with_pool!(db, p => sqlx::query_as::<_, PairingRow>(
        "SELECT round, table_no, player_a, player_b, result_json FROM tournament_pairings \
         WHERE tournament_id = $1 ORDER BY round, slot")
        .bind(id).fetch_all(p).await)?;
    let corrections = with_pool!(db, p => sqlx::query_as::<_, CorrectionRow>(
        "SELECT round, table_no, result_json, reason, before_round FROM tournament_corrections \
         WHERE tournament_id = $1 ORDER BY seq")
        .bind(id).fetch_all(p).await)?;
    let mut rounds: Vec<Round> = Vec::new();
    for row in pairings {
        let index = row.round as usize - 1;
        while rounds.len() <= index {
            rounds.push(Round::default());
        }
        let pairing = match (row.table_no, row.player_b) {
            (Some(table), Some(b)) => {
                Pairing::Table(Table { table: table as u32, players: [row.player_a, b], result: row.result })
            }
            _ => Pairing::Bye(Bye { bye: row.player_a }),
        };
        rounds[index].pairings.push(pairing);
    }
    Ok(Some(Tournament {
        format: TOURNAMENT_FORMAT.to_string(),
        name: head.name,
        seed: head.seed as u64,
        settings: head.settings,
        players: players
            .into_iter()
            .map(|r| Player {
                id: r.player_id,
                name: r.name,
                entered_round: r.entered_round as u32,
                deck: r.deck,
                computer: r.computer_level.is_some(),
            })
            .collect(),
        roster: roster
            .into_iter()
            .map(|r| {
                let change = serde_json::from_value(serde_json::Value::String(r.change_kind))
                    .context("tournament_roster.change_kind")?;
                Ok(RosterChange { before_round: r.before_round as u32, player: r.player_id, change, reason: r.reason })
            })
            .collect::<anyhow::Result<_>>()?,
        rounds,
        corrections: corrections
            .into_iter()
            .map(|r| {
                Ok(Correction {
                    round: r.round as u32,
                    table: r.table_no as u32,
                    result: r.result,
                    reason: r.reason,
                    before_round: r.before_round.map(|b| b as u32),
                })
            })
            .collect::<anyhow::Result<_>>()?,
    }))
}

/// Each table's room, as `(round, table, room_id)`, so a restarted server watches the same rooms again.
pub async fn table_rooms(db: &Db, id: &str) -> anyhow::Result<Vec<(i32, i32, String)>> {
    Ok(with_pool!(db, p => sqlx::query_as::<_, (i32, i32, String)>(
        "SELECT round, table_no, room_id FROM tournament_pairings \
         WHERE tournament_id = $1 AND table_no IS NOT NULL AND room_id IS NOT NULL ORDER BY round, slot")
        .bind(id).fetch_all(p).await)?)
}

/// When each round's tables were seated: when it was paired, or last re-paired by hand (the no-show grace
/// period counts from then), in round order.
pub async fn pairings_made(db: &Db, id: &str) -> anyhow::Result<Vec<i64>> {
    Ok(with_pool!(db, p => sqlx::query_scalar::<_, i64>(
        "SELECT COALESCE(repaired_at, paired_at) FROM tournament_rounds WHERE tournament_id = $1 ORDER BY number")
        .bind(id).fetch_all(p).await)?)
}

/// When each round was paired (its round clock starts then), in round order.
pub async fn round_starts(db: &Db, id: &str) -> anyhow::Result<Vec<i64>> {
    Ok(with_pool!(db, p => sqlx::query_scalar::<_, i64>(
        "SELECT paired_at FROM tournament_rounds WHERE tournament_id = $1 ORDER BY number")
        .bind(id).fetch_all(p).await)?)
}
