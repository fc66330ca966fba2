//! The event's state: what its actor owns (its tournament log in memory, its rooms, its clocks' marks) and the
//! few reads every part of the actor shares. The commands that change it live in their own files (commands.rs,
//! rounds.rs, results.rs, …), each an `impl Event` block; actor.rs only runs the mailbox loop, so no file
//! needs to import the loop to reach the state (issue 46).
use super::EventStatus;
use super::TournamentDeps;
use crate::cluster::Lease;
use crate::db::fence::TournamentDb;
use gb_tournament::Tournament;
use std::collections::{HashMap, HashSet};

pub(super) struct Event {
    /// What it uses of the application (deps.rs): built from `AppState` at the edge, or by a test.
    pub(super) deps: TournamentDeps,
    /// Cancelled when the actor ends: whatever serves the event on its behalf (its cluster subject) stops with it.
    pub(super) ended: tokio_util::sync::CancellationToken,
    /// Where its writes go: fenced by its lease epoch in cluster mode (db/fence.rs).
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

    /// Whether `room` is the one the table plays in now: a room's report (an arrival, its games, a time-up)
    /// counts only then, since a re-paired table has a new room (repair.rs).
    pub(super) fn is_current_room(&self, round: u32, table: u32, room: &str) -> bool {
        self.rooms.get(&(round, table)).is_some_and(|r| r == room)
    }
}
