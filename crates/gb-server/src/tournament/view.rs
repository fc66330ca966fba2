//! What an event publishes after every change: its log plus what the pages need derived from it (tables with
//! their rooms, the round clock, the champion, why the next round cannot be paired yet).
use gb_tournament::{Pairing, PairingError, TableResult, Tournament, pair_next_round};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventStatus {
    Registration,
    /// Registration closed, round 1 not yet paired (late entries go through the organizer).
    Closed,
    Running,
    Finished,
}

impl EventStatus {
    pub fn name(self) -> &'static str {
        match self {
            EventStatus::Registration => "registration",
            EventStatus::Closed => "closed",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
        }
    }
    pub fn parse(s: &str) -> anyhow::Result<EventStatus> {
        [EventStatus::Registration, EventStatus::Closed, EventStatus::Running, EventStatus::Finished]
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| anyhow::anyhow!("unknown tournament status {s:?}"))
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct EventView {
    pub id: String,
    pub organizer_id: String,
    pub status: EventStatus,
    /// The whole log, in the tournament file format of docs/tournaments.md (without deck lists).
    pub log: Tournament,
    pub rounds: Vec<RoundView>,
    /// Set once the last playoff match (or the last Swiss round, without a top cut) has a result.
    pub champion: Option<String>,
    /// Every round is played (the event's status becomes `finished`).
    pub over: bool,
    /// Why the next round cannot be paired now (a table still playing, no legal pairing, ...), in words.
    pub next_round_blocked: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    pub number: u32,
    /// The round clock: paired at, and time called at (the round limit; a table's extension adds to it).
    pub started_at_ms: i64,
    pub time_called_at_ms: i64,
    pub tables: Vec<TableView>,
    pub byes: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    pub table: u32,
    pub players: [String; 2],
    pub room_id: Option<String>,
    /// The result in force (a correction supersedes what the room reported).
    pub result: TableResult,
    pub extension_minutes: u32,
    /// Time has been called on this table: the end-of-round turns are being played (or are over).
    pub time_called: bool,
}

pub fn build(
    id: &str,
    organizer: &str,
    status: EventStatus,
    t: &Tournament,
    rooms: &HashMap<(u32, u32), String>,
    round_starts: &[i64],
    time_called: &HashSet<(u32, u32)>,
) -> EventView {
    let limit_ms = t.settings.round_limit_seconds() as i64 * 1000;
    let rounds = t
        .rounds
        .iter()
        .enumerate()
        .map(|(i, round)| {
            let number = i as u32 + 1;
            let started_at_ms = round_starts.get(i).copied().unwrap_or_default();
            let mut view = RoundView {
                number,
                started_at_ms,
                time_called_at_ms: started_at_ms + limit_ms,
                tables: vec![],
                byes: vec![],
            };
            for p in &round.pairings {
                match p {
                    Pairing::Bye(b) => view.byes.push(b.bye.clone()),
                    Pairing::Table(table) => {
                        let corrected =
                            t.corrections.iter().rev().find(|c| c.round == number && c.table == table.table);
                        let result = corrected.map_or(&table.result, |c| &c.result).clone();
                        let extension_minutes = super::round_clock::extension_minutes(&result);
                        view.tables.push(TableView {
                            table: table.table,
                            players: table.players.clone(),
                            room_id: rooms.get(&(number, table.table)).cloned(),
                            result,
                            extension_minutes,
                            time_called: time_called.contains(&(number, table.table)),
                        })
                    }
                }
            }
            view
        })
        .collect();
    let (champion, over, next_round_blocked) = match pair_next_round(t) {
        Ok(_) => (None, false, None),
        Err(PairingError::TournamentOver { champion, .. }) => {
            (champion, true, Some("the tournament is over".to_owned()))
        }
        Err(e) => (None, false, Some(e.to_string())),
    };
    let mut log = t.clone();
    for p in &mut log.players {
        p.deck = None;
    }
    EventView {
        id: id.to_owned(),
        organizer_id: organizer.to_owned(),
        status,
        log,
        rounds,
        champion,
        over,
        next_round_blocked,
    }
}
