//! Tournaments on the server: each event is an actor (one tokio task, `actor.rs`) that owns its
//! `gb_tournament::Tournament` log and is its only writer, like a room owns its match. Organizer, player and
//! room-result commands go through its mailbox one at a time; reads use the [`EventView`] it publishes after
//! every change. Tables are played in ordinary rooms (`tables.rs`, the only place that touches rooms).
//! At startup every stored event is rebuilt from the database (`recover`), so a restart mid-round resumes. In
//! cluster mode each event has one owner node by lease (`lease.rs`): only it runs the actor, and the others
//! forward calls to it (api/tournament_calls.rs) or read the event from the database (`stored`).
//! Like a room, the actor holds only its own dependencies ([`TournamentDeps`], built from `AppState` at the edge) and
//! refuses with a closed [`TournamentError`], which becomes HTTP in one place (`tournament/error.rs`); `create_local` starts one
//! with no server at all (tests.rs).
mod actor;
pub mod announcements;
mod attendance;
mod commands;
mod computers;
mod corrections;
pub mod deck_lists;
mod deps;
mod error;
mod featured;
mod hand_pairing;
pub mod judges;
mod lease;
mod match_end;
pub mod names;
pub mod penalties;
mod repair;
mod results;
mod round_clock;
mod rounds;
mod state;
mod structure;
mod table_end;
pub(crate) mod tables;
#[cfg(test)]
mod tests;
mod view;

use gb_core::DeckList;
use gb_tournament::{JudgeAction, TableResult};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, watch};

pub use crate::protocol::tournament::{EventStatus, EventView, ManualPairing, RoundView, TableView};
pub use deps::{ServeCalls, TournamentDeps};
pub use error::TournamentError;

/// What an organizer or player asks of an event. [`Op::organizer_only`] says who may.
#[derive(Debug)]
pub enum Op {
    OpenRegistration,
    CloseRegistration,
    /// A player registers themself while registration is open (deck validated here, then locked).
    Register {
        name: String,
        deck: DeckList,
    },
    /// The organizer enters a player after registration closed or the event started.
    LateEntry {
        account_id: String,
        name: String,
        deck: DeckList,
    },
    Drop {
        player: String,
        reason: String,
    },
    Readd {
        player: String,
        reason: String,
    },
    /// Pairs the next round (Swiss, or the top cut once the Swiss rounds are done) and opens its rooms.
    StartRound,
    /// A judge action in the log's own form, given by the organizer or a judge named `judge` (penalties.rs).
    Judge {
        round: u32,
        table: u32,
        action: JudgeAction,
        judge: String,
    },
    /// A penalty or time extension from the organizer or a judge named `judge` (penalties.rs).
    Penalize {
        penalty: crate::protocol::tournament::IssuePenalty,
        judge: String,
    },
    /// The organizer appoints an account as a judge of the event (judges.rs).
    AppointJudge {
        account_id: String,
        name: String,
    },
    /// The organizer or a judge named `judge` opens a table's full state: audited before the room is asked.
    OpenJudgeView {
        round: u32,
        table: u32,
        judge: String,
    },
    Correct {
        round: u32,
        table: u32,
        result: TableResult,
        reason: String,
    },
    /// `player` concedes the match at a table of the round being played (MTR 2.4).
    Concede {
        round: u32,
        table: u32,
        player: String,
    },
    /// An intentional draw (MTR 2.5): the organizer records it, or each of the table's players asks for it.
    IntentionalDraw {
        round: u32,
        table: u32,
    },
    /// `player` checks in before round 1 (attendance.rs).
    CheckIn {
        player: String,
    },
    /// The organizer re-pairs the round being played by hand, before any table has a result (repair.rs).
    Repair {
        pairings: Vec<ManualPairing>,
        reason: String,
        /// Rematches and second byes are meant (hand_pairing.rs).
        confirm: bool,
    },
    /// The organizer pairs the next Swiss round by hand (hand_pairing.rs), e.g. when no automatic pairing is legal.
    PairByHand {
        pairings: Vec<ManualPairing>,
        reason: String,
        confirm: bool,
    },
    /// The organizer sets the number of Swiss rounds (structure.rs).
    SetSwissRounds {
        rounds: u8,
        reason: String,
    },
    /// The organizer ends the event after the round just played, its standings final (structure.rs).
    EndEarly {
        reason: String,
    },
    /// The organizer's message to the players (announcements.rs), already checked (`checked_text`).
    Announce {
        text: String,
    },
    /// The organizer features a table of the round being played for spectators, or none (featured.rs).
    FeatureTable {
        table: Option<u32>,
    },
    /// The organizer enters computer players while registration is open (computers.rs).
    AddComputers {
        count: u32,
        level: crate::protocol::BotLevel,
    },
}

impl Op {
    /// Everything but a player's own registration, own drop, own concession and draw request is the organizer's
    /// (MTR 1.6: the organizer runs the event; a player may drop at any time, MTR 2.10).
    fn organizer_only(&self, actor: &str) -> bool {
        match self {
            Op::Register { .. } | Op::IntentionalDraw { .. } => false,
            Op::Drop { player, .. } | Op::Concede { player, .. } | Op::CheckIn { player } => player != actor,
            _ => true,
        }
    }

    /// What an appointed judge may do of the organizer's (judges.rs): penalties and the judge view.
    fn for_judges(&self) -> bool {
        matches!(self, Op::Judge { .. } | Op::Penalize { .. } | Op::OpenJudgeView { .. })
    }
}

pub enum Cmd {
    Op {
        actor: String,
        op: Op,
        reply: oneshot::Sender<Result<(), TournamentError>>,
    },
    /// A table's room published its games (tables.rs watches it).
    RoomGames {
        round: u32,
        table: u32,
        /// The reporting room: a table re-paired since then has another one, and this report is stale.
        room: String,
        games: Vec<crate::protocol::GameResult>,
    },
    /// A seat of a table connected to its room for the first time since the watch began (attendance.rs).
    Arrived {
        round: u32,
        table: u32,
        room: String,
        /// 0: the pairing's first player.
        seat: usize,
    },
    /// A table's room answered a time call (round_clock.rs).
    TimeUp {
        round: u32,
        table: u32,
        /// The answering room: a table re-paired since the call has another one, and this answer is stale.
        room: String,
        up: crate::room::round_time::TimeUp,
    },
    /// A time call that did not reach the table's room (round_clock.rs): called again on the next tick.
    TimeLost {
        round: u32,
        table: u32,
        room: String,
        why: String,
    },
}

#[derive(Clone)]
pub struct TournamentHandle {
    pub id: String,
    tx: mpsc::Sender<Cmd>,
    pub view: watch::Receiver<Arc<EventView>>,
}

impl TournamentHandle {
    /// Runs `op` as `actor` (an account id); a stopped event answers [`TournamentError::Stopped`].
    pub async fn run(&self, actor: &str, op: Op) -> Result<(), TournamentError> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Cmd::Op { actor: actor.to_owned(), op, reply }).await.map_err(|_| TournamentError::Stopped)?;
        rx.await.map_err(|_| TournamentError::Stopped)?
    }
}

/// Live events by id (registry.rs).
pub type Tournaments = crate::registry::Registry<TournamentHandle>;

impl crate::registry::Registered for TournamentHandle {
    fn id(&self) -> &str {
        &self.id
    }
    fn same_actor(&self, other: &Self) -> bool {
        self.tx.same_channel(&other.tx)
    }
}

/// Stores a new event and starts its actor (in cluster mode, under this node's lease).
pub async fn create(
    deps: &TournamentDeps,
    organizer: &str,
    t: gb_tournament::Tournament,
) -> anyhow::Result<TournamentHandle> {
    let mut event = stored_new(deps.clone(), organizer, t).await?;
    if let Some(cluster) = deps.cluster() {
        lease::own_new(deps, cluster, &mut event).await?;
    }
    Ok(start(deps, event, Vec::new()))
}

/// A single node's new event on `deps` alone, no HTTP and no cluster: stored, and its actor started. How a test
/// drives an event directly (tests.rs).
pub async fn create_local(
    deps: TournamentDeps,
    organizer: &str,
    t: gb_tournament::Tournament,
) -> anyhow::Result<TournamentHandle> {
    anyhow::ensure!(deps.cluster().is_none(), "a cluster's events are created under a lease (`create`)");
    Ok(actor::spawn(stored_new(deps, organizer, t).await?, Vec::new()))
}

/// Stores a new event (its rows and its `create` audit entry), its actor not yet started.
async fn stored_new(
    deps: TournamentDeps,
    organizer: &str,
    t: gb_tournament::Tournament,
) -> anyhow::Result<state::Event> {
    let id = uuid::Uuid::new_v4().simple().to_string();
    crate::db::tournaments::create(deps.db(), &id, Some(organizer), &t).await?;
    crate::db::tournaments::audit(deps.db(), &id, organizer, "create", &serde_json::json!({ "name": t.name })).await?;
    Ok(state::Event::new(deps, id, organizer.to_owned(), EventStatus::Registration, t))
}

/// Starts `event`'s actor; in cluster mode, other nodes' calls for the event are answered here while it runs
/// (`TournamentDeps::serve`: the application runs them through this node's API, bus/tournaments.rs).
fn start(deps: &TournamentDeps, event: state::Event, rooms: Vec<(u32, u32, String)>) -> TournamentHandle {
    let serve = event.lease.as_ref().map(|l| (l.epoch, event.ended.clone()));
    let handle = actor::spawn(event, rooms);
    if let (Some((epoch, ended)), Some(calls)) = (serve, &deps.serve) {
        calls(handle.id.clone(), epoch, ended);
    }
    handle
}

pub use lease::sweep;

/// Rebuilds every stored event from its rows, and watches its unfinished tables' rooms again. Single node only:
/// in cluster mode events come back through a claim (`lease.rs`), so two nodes never drive one event.
pub async fn recover(deps: &TournamentDeps) -> anyhow::Result<usize> {
    if deps.cluster().is_some() {
        let leased = crate::cluster::lease::tournament::lease_unleased(deps.db()).await?;
        tracing::info!(leased, "events left to the orphan sweep");
        return Ok(0);
    }
    let rows = crate::db::tournaments::events(deps.db()).await?;
    for row in &rows {
        let Some((event, rooms)) = load(deps, row).await? else { continue };
        start(deps, event, rooms);
    }
    Ok(rows.len())
}

/// An event as its rows say, with its tables' rooms as `(round, table, room)`; `None` if it has no rows.
async fn load(
    deps: &TournamentDeps,
    row: &crate::db::tournaments::TournamentRow,
) -> anyhow::Result<Option<(state::Event, Vec<(u32, u32, String)>)>> {
    let Some(t) = crate::db::tournaments::load(deps.db(), &row.id).await? else { return Ok(None) };
    let status = row.status;
    let mut event =
        state::Event::new(deps.clone(), row.id.clone(), row.organizer_id.clone().unwrap_or_default(), status, t);
    event.round_starts = crate::db::tournaments::round_starts(deps.db(), &row.id).await?;
    event.pairings_made = crate::db::tournaments::pairings_made(deps.db(), &row.id).await?;
    event.checked_in = crate::db::attendance::checked_in(deps.db(), &row.id).await?.into_iter().collect();
    let audit = crate::db::tournaments::audit_log(deps.db(), &row.id).await?;
    event.judges = judges::from_audit(&audit);
    event.featured = featured::from_audit(&audit);
    let arrivals = crate::db::attendance::arrivals(deps.db(), &row.id).await?;
    event.arrivals = arrivals.into_iter().map(|(r, t, seats)| ((r, t), seats)).collect();
    event.announcements = announcements::from_audit(&audit);
    let rooms = crate::db::tournaments::table_rooms(deps.db(), &row.id).await?;
    let rooms = rooms.into_iter().map(|(r, t, room)| (r as u32, t as u32, room)).collect();
    Ok(Some((event, rooms)))
}

/// Cluster mode, an event this node does not run (its owner is another node, or nobody while it is taken
/// over): the event as stored, read-only. Its view is what the owner would publish, less what is not stored
/// (tables time has been called on, draw requests): every change is written before it is applied. Commands
/// sent to it answer 503 `event_stopped`.
pub async fn stored(deps: &TournamentDeps, id: &str) -> anyhow::Result<Option<TournamentHandle>> {
    let Some(row) = crate::db::tournaments::event(deps.db(), id).await? else { return Ok(None) };
    let Some((mut event, rooms)) = load(deps, &row).await? else { return Ok(None) };
    event.rooms = rooms.into_iter().map(|(r, t, room)| ((r, t), room)).collect();
    let (tx, _) = mpsc::channel(1);
    let (_, view) = watch::channel(Arc::new(event.view()));
    Ok(Some(TournamentHandle { id: id.to_owned(), tx, view }))
}
