//! The round clock, enforced (docs/tournaments.md, "End-of-round procedure"): once a round's time (plus a
//! table's extension) has run out, the event calls time on each table still playing; its room answers after the
//! active turn and the extra turns, and the event records the table's result: in Swiss an unfinished game is a
//! drawn game (MTR 2.4); in a playoff it goes to the player with more in-game rounds won (CR 206), then more HP,
//! then sudden death (time is called again with no extra turn until one of those differs). A game time decides
//! that levels a playoff match is followed by one more game, decided the same way (time already called).
//! No path here logs a failure and drops the table: a call that does not reach the room, or a result that is
//! not stored, is forgotten, and the next tick calls time again.
use super::Cmd;
use super::state::Event;
use crate::db::now_ms;
use crate::room::round_time::{LiveGame, TimeUp};
use gb_core::Seat;
use gb_tournament::outcome::{MatchOutcome, score};
use gb_tournament::{Game, JudgeAction, MatchEnd, Pairing, PlayoffTimeRule, TableResult};
use tokio::sync::mpsc;

/// Minutes of time extension a table's judge actions grant.
pub(super) fn extension_minutes(result: &TableResult) -> u32 {
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

/// What the event asks of a table's room about time.
#[derive(Clone, Copy, Debug)]
enum Call {
    /// Time is called: the active turn and `extra_turns` more; `new_game`: a playoff level on game wins between
    /// games still plays one more game.
    Time { extra_turns: u32, new_game: bool },
    /// Time decided the game in progress against `loser` (`None`: no game in progress) and levelled the playoff
    /// match: the deciding game, time already called.
    Decide { loser: Option<Seat>, extra_turns: u32 },
}

impl Event {
    /// Calls time on every table of the current round whose clock has run out and that is still playing;
    /// says whether it called any. A table whose room did not open is the organizer's (no room to call).
    pub(super) fn tick(&mut self, tx: &mpsc::Sender<Cmd>) -> bool {
        let round = self.t.rounds.len() as u32;
        let Some(&started) = (round as usize).checked_sub(1).and_then(|i| self.round_starts.get(i)) else {
            return false;
        };
        let limit_ms = self.t.settings.round_limit_seconds() as i64 * 1000;
        let needed = self.wins_needed();
        let now = now_ms();
        let due: Vec<(u32, bool)> = self.t.rounds[round as usize - 1]
            .pairings
            .iter()
            .filter_map(|p| if let Pairing::Table(t) = p { Some(t) } else { None })
            .filter(|t| !self.time_called.contains(&(round, t.table)) && self.rooms.contains_key(&(round, t.table)))
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
            let extra_turns = u32::from(self.t.settings.end_of_round.extra_turns);
            self.call(round, table, Call::Time { extra_turns, new_game: playoff && level }, tx);
        }
        any
    }

    fn wins_needed(&self) -> u32 {
        u32::from(self.t.settings.games_per_match / 2 + 1)
    }

    /// Sends `call` to the table's room; its answer comes back as [`Cmd::TimeUp`], or [`Cmd::TimeLost`] if the
    /// room could not be reached (the next tick calls time again).
    fn call(&self, round: u32, table: u32, call: Call, tx: &mpsc::Sender<Cmd>) {
        let Some(room_id) = self.rooms.get(&(round, table)).cloned() else { return };
        let (rooms, tx) = (self.deps.rooms.clone(), tx.clone());
        self.deps.tracker().spawn(async move {
            let answer = async {
                let room = super::tables::reattach(&rooms, &room_id).await?;
                Ok::<_, anyhow::Error>(match call {
                    Call::Time { extra_turns, new_game } => room.call_time(extra_turns, new_game).await?,
                    Call::Decide { loser, extra_turns } => room.decide_by_time(loser, extra_turns).await?,
                })
            };
            let cmd = match answer.await {
                Ok(up) => Cmd::TimeUp { round, table, room: room_id, up },
                Err(e) => Cmd::TimeLost { round, table, room: room_id, why: format!("{call:?}: {e:#}") },
            };
            let _ = tx.send(cmd).await;
        });
    }

    /// A time call that did not reach the table's room, or whose result was not stored: forgotten, so the next
    /// tick calls time again (a room asked twice fixes its last turn anew).
    pub(super) fn time_lost(&mut self, round: u32, table: u32, why: &str) {
        tracing::warn!(event = %self.id, round, table, "time is called again on the next tick: {why}");
        self.time_called.remove(&(round, table));
    }

    /// Records the table's result once its end-of-round turns are over; a game time decides that levels a
    /// playoff match is recorded, then the room plays the deciding game.
    pub(super) async fn time_up(&mut self, round: u32, table: u32, up: TimeUp, tx: &mpsc::Sender<Cmd>) {
        let Some(players) = self.table_players(round, table) else { return };
        let mut result = match self.current_result(round, table) {
            Ok(r) if r.end.is_none() => r,
            _ => return, // already ended by the organizer (a concession, an intentional draw)
        };
        result.games = self.games_with_room(&players, &result.games, &up.finished);
        let needed = self.wins_needed();
        let playoff = gb_tournament::is_playoff_round(&self.t, round).unwrap_or(false);
        let extra_turns = u32::from(self.t.settings.end_of_round.extra_turns);
        let level = |r: &TableResult| {
            let s = score(&players, r, needed);
            s.outcome == MatchOutcome::Pending && s.wins[0] == s.wins[1]
        };
        let mut next = None;
        match up.live {
            // Decided by its games before the turns ran out; a game still going is past the match's end.
            _ if score(&players, &result, needed).outcome != MatchOutcome::Pending => {}
            Some(live) if playoff => {
                let Some(game) = playoff_game(&players, live, self.sudden_death.contains(&(round, table))) else {
                    // Level on rounds and HP: sudden death, decided at the end of the next turn that differs.
                    self.sudden_death.insert((round, table));
                    return self.call(round, table, Call::Time { extra_turns: 0, new_game: false }, tx);
                };
                self.sudden_death.remove(&(round, table));
                let loser = match &game {
                    Game::Win { winner, .. } => Some(if *winner == players[0] { Seat::B } else { Seat::A }),
                    _ => None,
                };
                result.games.push(game);
                if level(&result) {
                    next = Some(Call::Decide { loser, extra_turns });
                } else {
                    result.end = Some(MatchEnd::Time);
                }
            }
            Some(_) => {
                result.games.push(Game::Unfinished);
                result.end = Some(MatchEnd::Time);
            }
            // Level between games with the deciding game not started (a retried call): start it.
            None if playoff && level(&result) => next = Some(Call::Decide { loser: None, extra_turns }),
            None => result.end = Some(MatchEnd::Time),
        }
        match self.check_and_record(round, table, result).await {
            Ok(()) => {
                if let Some(call) = next {
                    self.call(round, table, call, tx);
                }
            }
            Err(e) => self.time_lost(round, table, &format!("result not recorded: {e}")),
        }
    }
}
