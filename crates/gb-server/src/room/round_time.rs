//! A tournament round's time, inside the table's room: the event calls time, and the room answers once the
//! end-of-round turns are over (docs/tournaments.md, "End-of-round procedure"). The room decides nothing about
//! the match: it counts the engine's turns, refuses a new game after time, and reports where the game stood;
//! the event records the result (a drawn `unfinished` game in Swiss; rounds won, then HP, in a playoff).
use super::actor::Room;
use super::clock::Flag;
use super::error::RoomError;
use super::game::Source;
use crate::protocol::MatchEndReason;
use gb_core::{Intent, Seat};
use tokio::sync::oneshot;

use super::game::TimeCall;
pub use super::game::{LiveGame, TimeUp};

impl Room {
    /// The event calls time on this table (again with 0 turns for sudden death): answers on `reply` once the
    /// active turn and `extra_turns` more are over, or at once when no game is in progress and none may start.
    pub(super) fn call_time(&mut self, extra_turns: u32, new_game: bool, reply: oneshot::Sender<TimeUp>) {
        let new_game = new_game && self.play.time.as_ref().is_none_or(|t| t.new_game);
        let deciding_game = self.play.time.as_ref().is_some_and(|t| t.deciding_game);
        self.play.time = Some(TimeCall { extra_turns, new_game, last_turn: None, deciding_game, reply: Some(reply) });
        self.check_time();
        self.publish(true); // the players see that time is called, and the last turn
    }

    /// Time decided the game in progress for the other seat, levelling a playoff match (docs/tournaments.md,
    /// "End-of-round procedure"): the game ends as the event decided it, by `loser`'s concession for the event
    /// (logged like a clock flag, CR 102.2, so the log replays to the same result, reason `round_time`), and one
    /// more game starts at once with time already called: `reply` is answered after its active turn and
    /// `extra_turns` more. The event's record of the decided game stands even if play ended it first.
    /// `loser` is `None` when no game is in progress (the deciding game is owed but was not started).
    pub(super) async fn decide_by_time(
        &mut self,
        loser: Option<Seat>,
        extra_turns: u32,
        reply: oneshot::Sender<TimeUp>,
    ) {
        if let Some(loser) = loser
            && self.play.match_end.is_none()
            && self.play.game.as_ref().is_some_and(|g| !g.state.is_over())
        {
            self.commit(loser, Intent::Concede, Source::Clock(Flag::RoundTime)).await;
        }
        let call = TimeCall { extra_turns, new_game: true, last_turn: None, deciding_game: true, reply: Some(reply) };
        self.play.time = Some(call);
        if self.play.match_end.is_none()
            && self.storage.broken.is_none()
            && self.play.game.as_ref().is_some_and(|g| g.state.is_over())
            && let Err(e) = self.start_game().await
        {
            // The room is rebuilt from its log; the event's next tick calls time again (round_clock.rs).
            self.storage.broken = Some(format!("the deciding game did not start: {e:#}"));
        }
        self.check_time();
        self.publish(true);
    }

    /// No new game after time (MTR 2.4), except the one a playoff needs to break a tie on game wins; none at
    /// all once the event has ended the match.
    pub(super) fn may_start_game(&self) -> Result<(), RoomError> {
        self.play.may_start_game()
    }

    /// The event has recorded the table's result from outside its games (docs/tournaments.md, "When the event
    /// ends a match"): the game in progress stops where it stands (the event's result, not the engine, decides
    /// it), the clock stops, a pending time call is answered, and every viewer is told why. The event tells
    /// the room again after a restart, so nothing here is stored.
    pub(super) fn end_match(&mut self, reason: MatchEndReason, reply: oneshot::Sender<()>) {
        let _ = reply.send(());
        if self.play.match_end.is_some() {
            return;
        }
        self.play.match_end = Some(reason);
        let connected = self.connected();
        if let Some(c) = self.play.clock.as_mut() {
            c.stop(tokio::time::Instant::now(), &connected);
        }
        if let Some(reply) = self.play.time.as_mut().and_then(|t| t.reply.take()) {
            let finished = self.play.games.iter().take_while(|g| g.reason.is_some()).cloned().collect();
            let _ = reply.send(TimeUp { finished, live: None });
        }
        self.play.rematch = vec![false; self.seats.len()];
        self.publish(true);
    }

    /// Called after every accepted intent and every new game: answers the time call once its turns are over.
    pub(super) fn check_time(&mut self) {
        let series_over =
            super::game::series_winner(self.cfg.best_of, &self.play.games).is_some() || self.cfg.best_of == 1;
        let Some(call) = self.play.time.as_mut() else { return };
        if call.reply.is_none() {
            return;
        }
        let answer = match self.play.game.as_ref() {
            Some(g) if !g.state.is_over() => {
                call.new_game = false; // the game being played is the match's last
                let turn = g.state.turn().number;
                let last = *call.last_turn.get_or_insert(turn + call.extra_turns);
                if turn <= last {
                    return;
                }
                let player = |s: gb_core::Seat| g.state.player(s);
                Some(LiveGame {
                    rounds_won: [gb_core::Seat::A, gb_core::Seat::B].map(|s| player(s).rounds_won),
                    hp: [gb_core::Seat::A, gb_core::Seat::B].map(|s| player(s).hp),
                })
            }
            // Between games: wait for the one more game a playoff may still play, unless the match is decided.
            _ if call.new_game && !series_over => return,
            _ => None,
        };
        let finished = self.play.games.iter().take_while(|g| g.reason.is_some()).cloned().collect();
        if let Some(reply) = call.reply.take() {
            let _ = reply.send(TimeUp { finished, live: answer });
        }
    }
}
