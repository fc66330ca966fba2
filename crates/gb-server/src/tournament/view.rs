//! What an event publishes after every change: its log plus what the pages need derived from it (tables with
//! their rooms, the round clock, who has checked in and joined their table, the champion, why the next round
//! cannot be paired yet).
//! The published types are gb-protocol's (`crate::protocol::tournament`).
use super::actor::Event;
use crate::protocol::tournament::{EventView, RoundView, TableView};
use gb_tournament::{Pairing, PairingError, pair_next_round};

pub fn build(e: &Event) -> EventView {
    let t = &e.t;
    let limit_ms = t.settings.round_limit_seconds() as i64 * 1000;
    let rounds = t
        .rounds
        .iter()
        .enumerate()
        .map(|(i, round)| {
            let number = i as u32 + 1;
            let started_at_ms = e.round_starts.get(i).copied().unwrap_or_default();
            let mut view = RoundView {
                number,
                started_at_ms,
                time_called_at_ms: started_at_ms + limit_ms,
                no_show_at_ms: e.no_show_deadline(number),
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
                            room_id: e.rooms.get(&(number, table.table)).cloned(),
                            result,
                            extension_minutes,
                            time_called: e.time_called.contains(&(number, table.table)),
                            arrived: e.arrivals.get(&(number, table.table)).copied().unwrap_or_default(),
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
        id: e.id.clone(),
        organizer_id: e.organizer.clone(),
        status: e.status,
        log,
        rounds,
        champion,
        over,
        next_round_blocked,
        checked_in: t.players.iter().filter(|p| e.checked_in.contains(&p.id)).map(|p| p.id.clone()).collect(),
        // The log is checked on every write, so this only fails for a log no command could have produced.
        provisional_bracket: gb_tournament::provisional_top_cut(t).unwrap_or_default(),
    }
}
