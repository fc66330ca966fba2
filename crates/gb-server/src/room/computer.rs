//! "Play vs computer": a computer's seat is a controller the room owns, not a connection. After every change to
//! the game the room asks [`Room::prompt_computer`]; when the seat that owes the next decision is a computer's,
//! the decision starts on a copy of the state, tagged with the game and version it was taken at. Deciding runs
//! on the blocking pool behind a semaphore sized to the cores (a search takes up to ~450 ms, and many computer
//! rooms must not starve the runtime); gb-bot's `SeatState` limits the bot to what its seat may know. The answer
//! comes back as [`RoomCmd::Decided`] and is played like any intent, or dropped if play moved on meanwhile.
use super::actor::Room;
use super::cmd::RoomCmd;
use gb_core::owed_seat;
use std::time::Instant;

use super::computers::{At, DECIDERS, Decision, decide};
pub use super::computers::{engine_level, parse_level};

impl Room {
    fn at(&self) -> Option<At> {
        self.play.game.as_ref().map(|g| At { game: self.play.games.len(), version: g.state.version() })
    }

    /// Starts the owed decision if it is a computer's and none is under way. Idempotent: call it after anything
    /// that may change who owes (an accepted intent, a new game, a rebuilt room, a dropped answer).
    pub(super) fn prompt_computer(&mut self) {
        if self.storage.broken.is_some() {
            return; // memory is ahead of the log: the rebuilt room prompts from the log's state
        }
        let (Some(at), Some(game)) = (self.at(), self.play.game.as_ref()) else { return };
        let Some(seat) = owed_seat(&game.state) else { return };
        let Some(computer) = self.computers.seat(seat) else { return };
        if computer.deciding.is_some() {
            return; // its answer will be stale and dropped, and the seat prompted again then
        }
        let Some(mut bot) = computer.bot.take() else { return };
        let mut fallback = (computer.refused >= 2).then(|| gb_bot::new_bot(gb_bot::Level::Random, at.version.into()));
        computer.deciding = Some(at);
        let state = game.state.clone();
        let (room, think, shutdown) = (self.mailbox.clone(), self.deps.bot_think, self.deps.shutdown.clone());
        self.deps.tracker.spawn(async move {
            let started = Instant::now();
            let decided = async {
                let _permit = DECIDERS.acquire().await.expect("the deciders' semaphore is never closed");
                let answer = tokio::task::spawn_blocking(move || {
                    let intent = decide(fallback.as_mut().unwrap_or(&mut bot).as_mut(), &state, seat);
                    (bot, intent)
                })
                .await;
                answer.map_err(|e| tracing::error!(error = %e, "the computer failed to decide; it plays on at random"))
            };
            let answer = tokio::select! {
                a = decided => a.ok(),
                () = shutdown.cancelled() => return,
            };
            // Even the quick levels answer at a human pace.
            tokio::time::sleep(think.saturating_sub(started.elapsed())).await;
            if let Some(room) = room.upgrade() {
                let _ = room.send(RoomCmd::Decided(Decision { seat, at, answer })).await;
            }
        });
    }

    /// After a game of a series: at a table where every seat is a computer's (an event's, tournament/computers.rs)
    /// nobody is there to ask for the next game, so the room deals it as soon as a person's request would be
    /// granted (the series undecided, its games not all played, no time call or event result forbidding it).
    pub(super) async fn computers_play_on(&mut self) {
        let all_computers = self.computers.all();
        let over = self.play.game_over();
        let more = self.play.games.len() < usize::from(self.cfg.best_of)
            && super::game::series_winner(self.cfg.best_of, &self.play.games).is_none();
        if !all_computers || !over || !more || self.storage.broken.is_some() || self.play.may_start_game().is_err() {
            return;
        }
        if let Err(e) = self.start_game().await {
            self.storage.broken = Some(format!("the computers' next game did not start: {e:#}"));
        }
    }

    /// A computer's answer: played if the game is still where it was decided, dropped otherwise.
    pub(super) async fn on_decided(&mut self, d: Decision) {
        let current = self.at() == Some(d.at);
        let Some(computer) = self.computers.seat(d.seat) else { return };
        computer.deciding = None;
        let intent = match d.answer {
            Some((bot, intent)) => {
                computer.bot = Some(bot);
                Some(intent)
            }
            None => {
                computer.bot = Some(gb_bot::new_bot(gb_bot::Level::Random, u64::from(d.at.version)));
                None
            }
        };
        if let Some(intent) = intent.filter(|_| current) {
            let accepted = self.commit(d.seat, intent, super::game::Source::Room).await;
            if let Some(computer) = self.computers.seat(d.seat) {
                computer.refused = if accepted { 0 } else { computer.refused + 1 };
            }
        }
        self.prompt_computer();
    }
}
