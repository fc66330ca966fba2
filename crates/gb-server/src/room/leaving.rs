//! Leaving (docs/protocol.md, "Leaving"): a person's seat whose every socket has closed while a two-player game
//! is in play is away. Once it has been away for the grace period (`GB_LEAVE_GRACE_SECS`, 60 s by default) its
//! opponent may claim the win: the away seat concedes (CR 102.2) and the game's result says `abandoned` — in a
//! rated game a loss for the player who left (room/rated.rs rates it like any result). A reconnect inside the
//! grace period clears it; each seat's `claim_win_at_ms` tells both clients when the claim opens, so they show
//! the same countdown. Not at an event's table (its no-show and time rules, and its judges, decide) nor against
//! the computer. Kept in memory only: after a rebuild the grace period starts again, so a restart never costs
//! anyone a game.
//!
//! In a casual game the player left behind may call it a draw instead (`claim_draw`): the game stops where it
//! stood with no winner (`GameEndReason::Drawn`). The rules have no draw (a concession, CR 102.2, names a loser),
//! so this is the room's result, not the engine's, like an event ending a match: no intent is logged, the
//! match's row is finished with the result (fenced like the room's other writes), and a rebuilt room reads it
//! back and treats the game as over (`Play::drawn`, room/game.rs). A rated game refuses it (`draw_casual_only`): there a
//! player who leaves loses.
use super::actor::Room;
use super::clock::Flag;
use super::error::RoomError;
use super::game::Source;
use crate::protocol::GameEndReason;
use crate::seed::StoredResult;
use gb_core::{Intent, Seat};

impl Room {
    /// Notes when each seat went away (now, if it has no connection and was not away already); called before
    /// every `room` frame, which carries the result. Only while a claim applies: a seat that never connected
    /// before its game began is away from the game's start, not from when the room was made.
    pub(super) fn track_away(&mut self) {
        let now = crate::db::now_ms();
        let applies = self.claims_apply();
        for (i, connected) in self.connected().into_iter().enumerate() {
            if connected || !applies {
                self.away_since[i] = None;
            } else if self.away_since[i].is_none() {
                self.away_since[i] = Some(now);
            }
        }
    }

    /// Where a claim may be made at all: a two-player game of people in play, not an event's table.
    fn claims_apply(&self) -> bool {
        let people = self.seats.iter().all(|s| s.as_ref().is_some_and(|e| !e.bot));
        self.play.game_in_play() && people && !self.cfg.free_for_all() && self.cfg.event.is_none()
    }

    /// A game has ended (`Play::game_over`); kept on the room for room/lease.rs's handover.
    pub(super) fn game_over(&self) -> bool {
        self.play.game_over()
    }

    /// When `seat`'s opponent may claim the win (wall-clock ms), while `seat` is away.
    pub(super) fn claim_win_at(&self, seat: Seat) -> Option<i64> {
        if !self.claims_apply() {
            return None;
        }
        self.away_since[seat.index()].map(|since| since + self.deps.leave_grace.as_millis() as i64)
    }

    /// `account_id` claims the win (or, with `draw`, calls a draw) over an opponent away past the grace period.
    pub(super) async fn claim_win(&mut self, account_id: &str, draw: bool) -> Result<(), RoomError> {
        let seat = self.seat_of(account_id).ok_or(RoomError::NotSeated)?;
        if self.cfg.event.is_some() {
            return Err(RoomError::ClaimAtEvent);
        }
        if draw && self.cfg.rated {
            return Err(RoomError::DrawCasualOnly);
        }
        if !self.claims_apply() {
            return Err(RoomError::NoClaim);
        }
        let away = if seat == Seat::A { Seat::B } else { Seat::A }; // two-player: the other seat
        let at = self.claim_win_at(away).ok_or(RoomError::OpponentPresent)?;
        let left = at - crate::db::now_ms();
        if left > 0 {
            return Err(RoomError::ClaimTooEarly { seconds: (left as u64).div_ceil(1000) });
        }
        if draw {
            return self.call_draw(seat).await;
        }
        tracing::info!(room = %self.id, ?away, "win claimed over a seat that left");
        if !self.commit(away, Intent::Concede, Source::Clock(Flag::Abandoned)).await {
            return Err(RoomError::Storage("the claim could not be recorded".into()));
        }
        Ok(())
    }

    /// Ends the game in play as a draw called by `seat`: durable first (the match's row finished with the
    /// result), then the clock stops and every viewer is told, as a game's end is (room/commit.rs `announce`).
    /// No rating moves: only a casual game gets here.
    async fn call_draw(&mut self, seat: Seat) -> Result<(), RoomError> {
        // `claims_apply` found a game in play; the error is what it would have said without one.
        let game = self.play.game.as_ref().ok_or(RoomError::NoClaim)?;
        let result = StoredResult { winner: None, reason: GameEndReason::Drawn, places: None };
        let match_id = game.match_id.clone();
        if let Err(e) = self.finish_drawn(&match_id, &result).await {
            return Err(RoomError::Storage(format!("the draw could not be recorded: {e:#}")));
        }
        tracing::info!(room = %self.id, ?seat, "game called a draw over a seat that left");
        let connected = self.connected();
        if let Some(c) = self.play.clock.as_mut() {
            c.stop(tokio::time::Instant::now(), &connected);
        }
        self.play.takeback = None;
        self.record_result(&result);
        // A spectator delay holds nothing back once the game is over: they see where it stopped.
        self.release_spectators(None);
        self.finish().await;
        Ok(())
    }
}
