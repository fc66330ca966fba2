//! The event actor: the only writer of its tournament log. Each command is checked against the log first, then
//! written to the database, then applied in memory, then published: a refused command changes nothing, and
//! what the event page shows is always what is stored. This file holds the event's state and its mailbox loop;
//! what each command does is in `commands.rs` (organizer and player operations), `rounds.rs` (pairing a round
//! and opening its rooms) and `results.rs` (a table's result, however it arrives).
use super::TournamentDeps;
use super::tables;
use super::view;
use super::{Cmd, TournamentHandle};
use super::{EventStatus, EventView};
use crate::cluster::Lease;
use crate::db::tournament_fence::TournamentDb;
use crate::db::tournaments as db;
use gb_tournament::Tournament;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

pub(super) struct Event {
    /// What it uses of the application (deps.rs): built from `AppState` at the edge, or by a test.
    pub(super) deps: TournamentDeps,
    /// Cancelled when the actor ends: whatever serves the event on its behalf (its cluster subject) stops with it.
    pub(super) ended: tokio_util::sync::CancellationToken,
    /// Where its writes go: fenced by its lease epoch in cluster mode (db/tournament_fence.rs).
    pub(super) db: TournamentDb,
    /// Cluster mode: this node's lease on the event (lease.rs); the node stops the actor through it.
    pub(super) lease: Option<Lease>,
    pub(super) id: String,
    pub(super) organizer: String,
    pub(super) status: EventStatus,
    pub(super) t: Tournament,
    /// (round, table) → the room playing it.
    pub(super) rooms: HashMap<(u32, u32), String>,
    pub round_starts: Vec<i64>,
    /// When each round's current tables were seated: its pairing, or its last manual re-pairing (stored): the
    /// no-show grace period counts from then (attendance.rs).
    pub pairings_made: Vec<i64>,
    /// Tables time has been called on (round_clock.rs); not stored: after a restart time is called again.
    pub(super) time_called: HashSet<(u32, u32)>,
    /// Playoff tables in sudden death (level on rounds and HP when their extra turns ran out).
    pub(super) sudden_death: HashSet<(u32, u32)>,
    /// Players who asked for an intentional draw at their table, until both have (table_end.rs).
    pub(super) draw_requests: HashMap<(u32, u32), Vec<String>>,
    /// Players checked in before round 1, and the seats that have joined their table (attendance.rs; stored).
    pub checked_in: HashSet<String>,
    pub arrivals: HashMap<(u32, u32), [bool; 2]>,
    /// Rooms told that the event ended their match (match_end.rs); not stored: told again after a restart.
    pub(super) rooms_ended: HashSet<String>,
    /// Every announcement, in order (announcements.rs; stored as audit entries).
    pub announcements: Vec<crate::protocol::Announcement>,
    /// When the organizer's latest messages were made (their rate limit); not stored.
    pub(super) messages_sent: Vec<std::time::Instant>,
    /// Tables whose room was told of their time call (announcements.rs); not stored: told again after a restart.
    pub(super) time_told: HashSet<(u32, u32)>,
    /// The judges the organizer appointed (judges.rs; their record is the audit log).
    pub(super) judges: Vec<crate::protocol::tournament::EventJudge>,
    /// The table the organizer features for spectators (featured.rs; its record is the audit log).
    pub(super) featured: Option<crate::protocol::tournament::TableRef>,
}

impl Event {
    pub(super) fn new(
        deps: TournamentDeps,
        id: String,
        organizer: String,
        status: EventStatus,
        t: Tournament,
    ) -> Event {
        Event {
            db: TournamentDb::Plain(deps.db().clone()),
            lease: None,
            deps,
            ended: tokio_util::sync::CancellationToken::new(),
            id,
            organizer,
            status,
            t,
            rooms: HashMap::new(),
            round_starts: Vec::new(),
            pairings_made: Vec::new(),
            time_called: HashSet::new(),
            sudden_death: HashSet::new(),
            draw_requests: HashMap::new(),
            checked_in: HashSet::new(),
            arrivals: HashMap::new(),
            rooms_ended: HashSet::new(),
            announcements: Vec::new(),
            messages_sent: Vec::new(),
            time_told: HashSet::new(),
            judges: Vec::new(),
            featured: None,
        }
    }

    pub(super) fn view(&self) -> EventView {
        view::build(self)
    }

    /// Whether `room` is the one the table plays in now: a room's report (an arrival, its games, a time-up)
    /// counts only then, since a re-paired table has a new room (repair.rs).
    fn is_current_room(&self, round: u32, table: u32, room: &str) -> bool {
        self.rooms.get(&(round, table)).is_some_and(|r| r == room)
    }
}

/// Starts the actor and registers it; `rooms` are the tables' rooms to watch again after a restart.
pub(super) fn spawn(mut event: Event, rooms: Vec<(u32, u32, String)>) -> TournamentHandle {
    let (tx, mut rx) = mpsc::channel::<Cmd>(256);
    for (round, table, room) in &rooms {
        event.rooms.insert((*round, *table), room.clone());
    }
    let (view_tx, view) = watch::channel(Arc::new(event.view()));
    let handle = TournamentHandle { id: event.id.clone(), tx: tx.clone(), view };
    event.deps.tournaments.insert(handle.clone());
    let shutdown = event.deps.shutdown().clone();
    let tracker = event.deps.tracker().clone();
    tracker.spawn(async move {
        let _ended = event.ended.clone().drop_guard();
        for (round, table, room) in rooms {
            match tables::reattach(&event.deps.rooms, &room).await {
                Ok(h) => {
                    tables::watch(&event.deps.rooms, h, round, table, tx.clone());
                    if let Ok(result) = event.current_result(round, table) {
                        event.end_room_match(round, table, &result);
                    }
                }
                Err(e) => tracing::error!(event = %event.id, round, table, %room, "table room not recovered: {e:#}"),
            }
        }
        let mut clock = tokio::time::interval(std::time::Duration::from_secs(1));
        clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            let cmd = tokio::select! {
                cmd = rx.recv() => match cmd { Some(c) => c, None => return },
                _ = clock.tick() => {
                    // Rooms answer later as TimeUp; the view only learns which tables time was called on.
                    if event.status == EventStatus::Running {
                        let called = event.tick(&tx);
                        let heard = event.announcements.len();
                        event.announce_time_calls().await;
                        let announced = event.announcements.len() > heard;
                        if event.call_no_shows().await || called || announced {
                            view_tx.send_replace(Arc::new(event.view()));
                        }
                    }
                    continue;
                }
                () = shutdown.cancelled() => return,
                () = super::lease::stopped(&event.lease) => {
                    event.stand_down(&tx, "the node stops the event").await;
                    return;
                }
            };
            let reply = match cmd {
                Cmd::TimeUp { round, table, room, up } => {
                    if !event.is_current_room(round, table, &room) {
                        continue; // the old room of a re-paired table: its time and games no longer count
                    }
                    event.time_up(round, table, up, &tx).await;
                    None
                }
                Cmd::TimeLost { round, table, room, why } => {
                    if event.is_current_room(round, table, &room) {
                        event.time_lost(round, table, &why);
                    }
                    continue;
                }
                Cmd::Op { actor, op, reply } => Some((reply, event.apply(&actor, op, &tx).await)),
                Cmd::Arrived { round, table, room, seat } => {
                    if !event.is_current_room(round, table, &room) {
                        continue; // the old room of a re-paired table
                    }
                    if let Err(e) = event.arrived(round, table, seat).await {
                        tracing::error!(event = %event.id, round, table, "arrival not recorded: {e:#}");
                    }
                    None
                }
                Cmd::RoomGames { round, table, room, games } => {
                    if !event.is_current_room(round, table, &room) {
                        continue; // a table re-paired since: its old room no longer counts
                    }
                    if let Err(e) = event.room_games(round, table, &games).await {
                        tracing::error!(event = %event.id, round, table, "room result not recorded: {e:#}");
                    }
                    None
                }
            };
            let mut view = event.view();
            if view.over && event.status == EventStatus::Running {
                match db::set_status(&event.db, &event.id, EventStatus::Finished).await {
                    Ok(()) => event.status = EventStatus::Finished,
                    Err(e) => tracing::error!(event = %event.id, "status not saved: {e:#}"),
                }
                view.status = event.status;
            }
            // Published before the reply, so the caller's answer (read from the view) shows its own change.
            view_tx.send_replace(Arc::new(view));
            if let Some((reply, done)) = reply {
                let _ = reply.send(done);
            }
            if event.db.fenced_out() {
                event.stand_down(&tx, "a write was fenced: another node owns the event").await;
                return;
            }
        }
    });
    handle
}
