//! What an event publishes after every change: its log plus what the pages need derived from it (tables with
//! their rooms, the round clock, who has checked in and joined their table, the champion, why the next round
//! cannot be paired yet).
//! The published types are gb-protocol's (`gb_protocol::tournament`).
use super::state::Event;
use crate::protocol::tournament::{EventView, RoundView, TableView};
use gb_tournament::{Pairing, PairingError, pair_next_round};

impl Event {
    /// What the event publishes now (its watch channel carries it to pages and feeds).
    pub(super) fn view(&self) -> EventView {
        build(self)
    }
}

fn build(e: &Event) -> EventView {
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
        Err(e) => (None, false, Some(super::names::named(t, &e.to_string()))),
    };
    // Deck lists stay secret while the event runs; once over, the organizer's setting publishes some.
    let published = if over { super::deck_lists::published(t) } else { Default::default() };
    let mut log = t.clone();
    for p in &mut log.players {
        if !published.contains(p.id.as_str()) {
            p.deck = None;
        }
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
        warnings: warnings(t),
        swiss_rounds: gb_tournament::swiss_rounds(t).unwrap_or_default(),
        announcements: super::announcements::shown(&e.announcements),
        judges: e.judges.clone(),
        penalties: gb_tournament::penalties(t),
        featured: e.featured_now(),
    }
}

/// More Swiss rounds than the players present can play without a rematch or a second bye: n players can meet at
/// most n - 1 others (n even), or play n rounds with one bye each (n odd). Past that the event would stop at a
/// round nobody can pair automatically; the organizer is told from registration on (docs/tournaments.md).
fn warnings(t: &gb_tournament::Tournament) -> Vec<String> {
    let gb_tournament::Structure::Swiss { rounds: gb_tournament::SwissRounds::Fixed(rounds), .. } =
        t.settings.structure
    else {
        return vec![];
    };
    let next = t.rounds.len() as u32 + 1;
    let n = gb_tournament::players_in_round(t, next).map_or(0, |p| p.len() as u32);
    let most = if n.is_multiple_of(2) { n.saturating_sub(1) } else { n };
    if n < 2 || u32::from(rounds) <= most || next > u32::from(rounds) {
        return vec![];
    }
    vec![format!(
        "{n} players cannot play {rounds} Swiss rounds without a rematch or a second bye (at most {most}): change \
         the number of rounds, or pair the later rounds by hand"
    )]
}
