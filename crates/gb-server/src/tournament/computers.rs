//! Computer players in an event (docs/tournaments.md, "Computer players"): for a rehearsal or a test the
//! organizer fills seats with the server's computer player while registration is open. Each is a player of the
//! log like any other, marked `computer`, with a name that says what it is ("Computer 3 (Hard)") and a
//! preconstructed deck. It has no account: nobody can sign in as it or take its seat. It is checked in as it
//! enters, and its tables' rooms play its seat themselves (room/computer.rs), so it always arrives and never
//! no-shows; results reach the event like any table's.
use super::TournamentError;
use super::state::Event;
use crate::db::tournaments as db;
use crate::protocol::BotLevel;
use crate::protocol::tournament::EventStatus;
use gb_tournament::Player;
use serde_json::json;

/// Computers one request may add.
pub(super) const MAX_PER_REQUEST: u32 = 16;
/// Computers an event may hold: enough to fill a rehearsal, few enough that their games cannot crowd out people's
/// (each of their decisions runs on the computers' shared pool, room/computer.rs).
pub(super) const MAX_PER_EVENT: usize = 64;

/// How people call a level (the lobby's picker says the same).
pub(super) fn label(level: BotLevel) -> &'static str {
    match level {
        BotLevel::Random => "Easy",
        BotLevel::Greedy => "Medium",
        BotLevel::Search => "Hard",
    }
}

/// A level as stored (`tournament_players.computer_level`): its wire name.
pub(super) fn stored_level(level: BotLevel) -> String {
    serde_json::to_value(level).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

/// The level a computer player of `event` is played at, as stored.
pub(super) async fn level_of(db: &crate::db::Db, event: &str, player: &str) -> anyhow::Result<BotLevel> {
    let stored = db::computer_level(db, event, player).await?;
    let stored = stored.ok_or_else(|| anyhow::anyhow!("{player} has no computer level"))?;
    Ok(serde_json::from_value(serde_json::Value::String(stored))?)
}

impl Event {
    /// Enters `count` computers at `level`, each checked in at once. Refused, changing nothing, unless
    /// registration is open and the count is within bounds.
    pub(super) async fn add_computers(
        &mut self,
        count: u32,
        level: BotLevel,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        if self.status != EventStatus::Registration {
            return Err(TournamentError::ComputersAfterRegistration);
        }
        if !(1..=MAX_PER_REQUEST).contains(&count) {
            return Err(TournamentError::BadComputerCount { asked: count });
        }
        let have = self.t.players.iter().filter(|p| p.computer).count();
        if have + count as usize > MAX_PER_EVENT {
            return Err(TournamentError::TooManyComputers { have });
        }
        let decks = gb_core::decks::preconstructed();
        let mut added = Vec::new();
        for n in have + 1..=have + count as usize {
            // The shipped decks in turn, so a field of computers plays all of them.
            let (deck_name, deck) = &decks[(n - 1) % decks.len()];
            let player = Player {
                id: format!("computer-{}", uuid::Uuid::new_v4().simple()),
                name: format!("Computer {n} ({})", label(level)),
                entered_round: 1,
                deck: Some(serde_json::to_string(deck).map_err(TournamentError::storage)?),
                computer: true,
            };
            db::add_computer(&self.db, &self.id, &player, &stored_level(level))
                .await
                .map_err(TournamentError::storage)?;
            added.push(json!({ "player": player.id, "name": player.name, "deck": deck_name }));
            let id = player.id.clone();
            self.t.players.push(player);
            self.check_in(&id).await?;
        }
        let detail = json!({ "count": count, "level": level, "players": added });
        Ok(("add_computers", detail))
    }
}
