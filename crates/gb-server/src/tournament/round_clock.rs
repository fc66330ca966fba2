//! The round clock, enforced (docs/tournaments.md, "End-of-round procedure"): once a round's time (plus a
//! table's extension) has run out, the event calls time on each table still playing; its room answers after the
//! active turn and the extra turns, and the event records the table's result: in Swiss an unfinished game is a
//! drawn game (MTR 2.4); in a playoff it goes to the player with more in-game rounds won (CR 206), then more HP,
//! then sudden death (time is called again with no extra turn until one of those differs).
use super::Cmd;
use super::actor::Event;
use crate::db::now_ms;
use crate::room::round_time::{LiveGame, TimeUp};
use gb_tournament::outcome::{MatchOutcome, score};
use gb_tournament::{Game, JudgeAction, MatchEnd, Pairing, PlayoffTimeRule, TableResult};
use tokio::sync::mpsc;

/// Minutes of time extension a table's judge actions grant.
pub fn extension_minutes(result: &TableResult) -> u32 {
    result.judge.iter().map(|j| if let JudgeAction::TimeExtension { minutes, .. } = j { *minutes } else { 0 }).sum()
}

/// What the time rule makes of the game in progress, or `None` when sudden death must go on.
fn playoff_game(players: &[String; 2], live: LiveGame, sudden_death: bool) -> Option<Game> {
    let leader = |v: [u16; 2]| match v[0].cmp(&v[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    let (seat, rule) = match (leader(live.rounds_won.map(u16::from)), leader(live.hp)) {
        (Some(s), _) => (s, PlayoffTimeRule::RoundsWon),
        (None, Some(s)) => (s, PlayoffTimeRule::Hp),
        (None, None) => return None,
    };
    let rule = if sudden_death { PlayoffTimeRule::SuddenDeath } else { rule };
    Some(Game::Win { winner: players[seat].clone(), decided_by: Some(rule) })
}

impl Event {
    /// Calls time on every table of the current round whose clock has run out and that is still playing;
    /// says whether it called any.
    pub(super) fn tick(&mut self, tx: &mpsc::Sender<Cmd>) -> bool {
        let round = self.t.rounds.len() as u32;
        let Some(&started) = (round as usize).checked_sub(1).and_then(|i| self.round_starts.get(i)) else {
            return false;
        };
        let limit_ms = self.t.settings.round_limit_seconds() as i64 * 1000;
        let needed = u32::from(self.t.settings.games_per_match / 2 + 1);
        let now = now_ms();
        let due: Vec<(u32, bool)> = self.t.rounds[round as usize - 1]
            .pairings
            .iter()
            .filter_map(|p| if let Pairing::Table(t) = p { Some(t) } else { None })
            .filter(|t| !self.time_called.contains(&(round, t.table)))
            .filter_map(|t| {
                let s = score(&t.players, &t.result, needed);
                let deadline = started + limit_ms + i64::from(extension_minutes(&t.result)) * 60_000;
                (s.outcome == MatchOutcome::Pending && now >= deadline).then_some((t.table, s.wins[0] == s.wins[1]))
            })
            .collect();
        let playoff = gb_tournament::is_playoff_round(&self.t, round).unwrap_or(false);
        let any = !due.is_empty();
        for (table, level) in due {
            self.time_called.insert((round, table));
            // A playoff match level on game wins between games still plays one more game (then decided as above).
            let extra = u32::from(self.t.settings.end_of_round.extra_turns);
            self.call_time(round, table, extra, playoff && level, tx);
        }
        any
    }

    /// Asks the table's room to call time; its answer comes back as [`Cmd::TimeUp`].
    fn call_time(&self, round: u32, table: u32, extra_turns: u32, new_game: bool, tx: &mpsc::Sender<Cmd>) {
        let Some(room_id) = self.rooms.get(&(round, table)).cloned() else {
            tracing::warn!(event = %self.id, round, table, "time called on a table without a room");
            return;
        };
        let (state, tx, event) = (self.state.clone(), tx.clone(), self.id.clone());
        self.state.tracker.spawn(async move {
            let answer = async {
                let room = super::tables::reattach(&state, &room_id).await?;
                Ok::<_, anyhow::Error>(room.call_time(extra_turns, new_game).await?)
            };
            match answer.await {
                Ok(up) => {
                    let _ = tx.send(Cmd::TimeUp { round, table, room: room_id.clone(), up }).await;
                }
                Err(e) => tracing::error!(%event, round, table, "time not called: {e:#}"),
            }
        });
    }

    /// Records the table's result once its end-of-round turns are over.
    pub(super) async fn time_up(&mut self, round: u32, table: u32, up: TimeUp, tx: &mpsc::Sender<Cmd>) {
        let Some(players) = self.table_players(round, table) else { return };
        let mut result = match self.current_result(round, table) {
            Ok(r) if r.end.is_none() => r,
            _ => return, // already ended by the organizer (a concession, an intentional draw)
        };
        result.games = self.games_from_room(&players, &up.finished);
        let needed = u32::from(self.t.settings.games_per_match / 2 + 1);
        if score(&players, &result, needed).outcome != MatchOutcome::Pending {
            // Decided by its games before the turns ran out; a game still going is past the match's end.
            if let Err(e) = self.check_and_record(round, table, result).await {
                tracing::error!(event = %self.id, round, table, "result not recorded: {}", e.message);
            }
            return;
        }
        let playoff = gb_tournament::is_playoff_round(&self.t, round).unwrap_or(false);
        if let Some(live) = up.live {
            let game = if playoff {
                let sudden = self.sudden_death.contains(&(round, table));
                match playoff_game(&players, live, sudden) {
                    Some(g) => g,
                    None => {
                        // Level on rounds and HP: sudden death, decided at the end of the next turn that differs.
                        self.sudden_death.insert((round, table));
                        return self.call_time(round, table, 0, false, tx);
                    }
                }
            } else {
                Game::Unfinished
            };
            result.games.push(game);
        }
        result.end = Some(MatchEnd::Time);
        if let Err(e) = self.check_and_record(round, table, result).await {
            tracing::error!(event = %self.id, round, table, "time result not recorded: {}", e.message);
        }
    }
}
