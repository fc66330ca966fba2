//! What an event publishes after every change: its log plus what the pages need derived from it (tables with
//! their rooms, the round clock, the champion, why the next round cannot be paired yet).
//! The published types are gb-protocol's (`crate::protocol::tournament`).
use crate::protocol::tournament::{EventStatus, EventView, RoundView, TableView};
use gb_tournament::{Pairing, PairingError, Tournament, pair_next_round};
use std::collections::{HashMap, HashSet};

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
