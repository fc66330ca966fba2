//! What the server keeps of a tournament beside its log (db/tournaments.rs): who runs it, where it stands
//! (`tournaments.status`, an [`EventStatus`]) and its settings as the lobby lists them.
use super::fence::{Writer, tournament_write};
use super::json;
use super::status::{EventStatus, event_status};
use super::{Db, now_ms, with_pool};
use anyhow::Context;
use gb_tournament::Settings;

/// What the server keeps beside the log: who runs the event and where it stands (`registration`, `closed`,
/// `running`, `finished`).
#[derive(Clone, Debug)]
pub struct TournamentRow {
    pub id: String,
    pub organizer_id: Option<String>,
    pub status: EventStatus,
}

/// An [`TournamentRow`] as stored.
#[derive(sqlx::FromRow)]
struct StoredTournamentRow {
    id: String,
    organizer_id: Option<String>,
    status: String,
}

impl TryFrom<StoredTournamentRow> for TournamentRow {
    type Error = anyhow::Error;
    fn try_from(r: StoredTournamentRow) -> anyhow::Result<TournamentRow> {
        let status = event_status(&r.status).with_context(|| format!("tournament {}", r.id))?;
        Ok(TournamentRow { id: r.id, organizer_id: r.organizer_id, status })
    }
}

pub async fn events(db: &Db) -> anyhow::Result<Vec<TournamentRow>> {
    let rows = with_pool!(db, p => sqlx::query_as::<_, StoredTournamentRow>(
        "SELECT id, organizer_id, status FROM tournaments ORDER BY id").fetch_all(p).await)?;
    rows.into_iter().map(TournamentRow::try_from).collect()
}

/// An event as the lobby lists it (`GET /api/tournaments`): its row, its settings and how many entered.
#[derive(Clone, Debug)]
pub struct ListedRow {
    pub id: String,
    pub name: String,
    pub status: EventStatus,
    pub settings: Settings,
    pub created_at: i64,
    pub players: i64,
}

/// A [`ListedRow`] as stored.
#[derive(sqlx::FromRow)]
struct StoredListedRow {
    id: String,
    name: String,
    status: String,
    settings_json: String,
    created_at: i64,
    players: i64,
}

impl TryFrom<StoredListedRow> for ListedRow {
    type Error = anyhow::Error;
    fn try_from(r: StoredListedRow) -> anyhow::Result<ListedRow> {
        let status = event_status(&r.status).with_context(|| format!("tournament {}", r.id))?;
        let settings = json::decode("tournaments.settings_json", &r.id, &r.settings_json)?;
        Ok(ListedRow { id: r.id, name: r.name, status, settings, created_at: r.created_at, players: r.players })
    }
}

/// Every event, oldest first, with its player count: read from the database, so every node of a cluster lists
/// the same events whichever owns them.
pub async fn listed(db: &Db) -> anyhow::Result<Vec<ListedRow>> {
    let rows = with_pool!(db, p => sqlx::query_as::<_, StoredListedRow>(
        "SELECT t.id, t.name, t.status, t.settings_json, t.created_at, \
         (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players \
         FROM tournaments t ORDER BY t.created_at, t.id"
    ).fetch_all(p).await)?;
    rows.into_iter().map(ListedRow::try_from).collect()
}

/// One event's row, if it exists.
pub async fn event(db: &Db, id: &str) -> anyhow::Result<Option<TournamentRow>> {
    let row = with_pool!(db, p => sqlx::query_as::<_, StoredTournamentRow>(
        "SELECT id, organizer_id, status FROM tournaments WHERE id = $1").bind(id).fetch_optional(p).await)?;
    row.map(TournamentRow::try_from).transpose()
}

/// Rewrites the event's settings (the organizer changed its number of Swiss rounds or ended it early).
pub async fn set_settings(db: impl Into<Writer<'_>>, id: &str, settings: &Settings) -> anyhow::Result<()> {
    let json = json::encode(settings)?;
    tournament_write!(db, p => sqlx::query("UPDATE tournaments SET settings_json = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(&json).bind(now_ms()).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn set_status(db: impl Into<Writer<'_>>, id: &str, status: EventStatus) -> anyhow::Result<()> {
    tournament_write!(db, p => sqlx::query("UPDATE tournaments SET status = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(status.name()).bind(now_ms()).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(())
}
