//! A tournament round's time, inside the table's room: the event calls time, and the room answers once the
//! end-of-round turns are over (docs/tournaments.md, "End-of-round procedure"). The room decides nothing about
//! the match: it counts the engine's turns, refuses a new game after time, and reports where the game stood;
//! the event records the result (a drawn `unfinished` game in Swiss; rounds won, then HP, in a playoff).
//!
//! The rules that read only the match are [`Play`]'s (below, unit-tested without a room); the room's methods
//! route: they add what needs the rest of the room (a concession, a new game, telling the viewers).
use super::actor::Room;
use super::clock::Flag;
use super::game::{Play, Source, TimeCall, series_winner};
use crate::protocol::{GameResult, MatchEndReason};
use gb_core::{Intent, Seat};
use tokio::sync::oneshot;

pub use super::game::{LiveGame, TimeUp};

impl Room {
    /// The event calls time on this table (again with 0 turns for sudden death): answers on `reply` once the
    /// active turn and `extra_turns` more are over, or at once when no game is in progress and none may start.
    pub(super) fn call_time(&mut self, extra_turns: u32, new_game: bool, reply: oneshot::Sender<TimeUp>) {
        self.play.call_time(extra_turns, new_game, reply);
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
        self.play.call_deciding_game(extra_turns, reply);
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

    /// The event has recorded the table's result from outside its games (docs/tournaments.md, "When the event
    /// ends a match"): the game in progress stops where it stands (the event's result, not the engine, decides
    /// it), the clock stops, a pending time call is answered, and every viewer is told why. The event tells
    /// the room again after a restart, so nothing here is stored.
    pub(super) fn end_match(&mut self, reason: MatchEndReason, reply: oneshot::Sender<()>) {
        let _ = reply.send(());
        let connected = self.connected();
        if self.play.end_match(reason, &connected) {
            self.publish(true);
        }
    }

    /// Called after every accepted intent and every new game: answers the time call once its turns are over.
    pub(super) fn check_time(&mut self) {
        self.play.check_time(self.cfg.best_of);
    }
}

impl Play {
    /// Time is called (a call made again keeps what the first one settled: no new game once refused, and the
    /// deciding game stays the deciding game).
    pub(super) fn call_time(&mut self, extra_turns: u32, new_game: bool, reply: oneshot::Sender<TimeUp>) {
        let new_game = new_game && self.time.as_ref().is_none_or(|t| t.new_game);
        let deciding_game = self.time.as_ref().is_some_and(|t| t.deciding_game);
        self.time = Some(TimeCall { extra_turns, new_game, last_turn: None, deciding_game, reply: Some(reply) });
    }

    /// Time decided the last game and levelled a playoff match: one more game may start, and it is the deciding
    /// one, with time already called on it.
    pub(super) fn call_deciding_game(&mut self, extra_turns: u32, reply: oneshot::Sender<TimeUp>) {
        let call = TimeCall { extra_turns, new_game: true, last_turn: None, deciding_game: true, reply: Some(reply) };
        self.time = Some(call);
    }

    /// The event ended the match: it stops where it stands, the clock stops under `connected`, a pending time
    /// call is answered with the finished games and no rematch stays asked. Whether it was not ended already.
    pub(super) fn end_match(&mut self, reason: MatchEndReason, connected: &[bool]) -> bool {
        if self.match_end.is_some() {
            return false;
        }
        self.match_end = Some(reason);
        if let Some(c) = self.clock.as_mut() {
            c.stop(tokio::time::Instant::now(), connected);
        }
        if let Some(reply) = self.time.as_mut().and_then(|t| t.reply.take()) {
            let _ = reply.send(TimeUp { finished: finished(&self.games), live: None });
        }
        self.rematch.fill(false);
        true
    }

    /// Answers the time call once its turns are over (a match of `best_of` games): the game in progress fixes
    /// its last turn when it first sees the call; between games the answer waits for the one more game a
    /// playoff may still play, unless the match is decided.
    pub(super) fn check_time(&mut self, best_of: u8) {
        let series_over = series_winner(best_of, &self.games).is_some() || best_of == 1;
        let Some(call) = self.time.as_mut() else { return };
        if call.reply.is_none() {
            return;
        }
        let answer = match self.game.as_ref() {
            Some(g) if !g.state.is_over() => {
                call.new_game = false; // the game being played is the match's last
                let turn = g.state.turn().number;
                let last = *call.last_turn.get_or_insert(turn + call.extra_turns);
                if turn <= last {
                    return;
                }
                let player = |s: Seat| g.state.player(s);
                Some(LiveGame {
                    rounds_won: [Seat::A, Seat::B].map(|s| player(s).rounds_won),
                    hp: [Seat::A, Seat::B].map(|s| player(s).hp),
                })
            }
            _ if call.new_game && !series_over => return,
            _ => None,
        };
        if let Some(reply) = call.reply.take() {
            let _ = reply.send(TimeUp { finished: finished(&self.games), live: answer });
        }
    }
}

/// The series' games that have a result, in order (a game in progress has none yet).
fn finished(games: &[GameResult]) -> Vec<GameResult> {
    games.iter().take_while(|g| g.reason.is_some()).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::super::game::tests::{dealt, result};
    use super::*;
    use crate::protocol::GameEndReason;

    fn called(play: &mut Play, extra_turns: u32, new_game: bool) -> oneshot::Receiver<TimeUp> {
        let (tx, rx) = oneshot::channel();
        play.call_time(extra_turns, new_game, tx);
        rx
    }

    /// Plays the game on (never conceding) until its turn number passes `turn`.
    fn play_past(play: &mut Play, turn: u32) {
        let state = &mut play.game.as_mut().expect("a game is dealt").state;
        while state.turn().number <= turn && !state.is_over() {
            let seat = gb_core::owed_seat(state).expect("someone owes a decision");
            let legal = gb_core::legal_intents(state, seat);
            let intent = legal.into_iter().find(|i| *i != Intent::Concede).expect("something but conceding");
            gb_core::apply_listed(state, seat, &intent);
        }
    }

    #[test]
    fn a_game_in_progress_is_answered_once_its_extra_turns_are_over() {
        let mut play = Play::new(2, vec![result(None, None)], Some(dealt()), None);
        let mut rx = called(&mut play, 1, true);
        play.check_time(1);
        let turn = play.game.as_ref().map(|g| g.state.turn().number).unwrap();
        let call = play.time.as_ref().expect("time is called");
        assert_eq!(call.last_turn, Some(turn + 1), "the last turn is fixed when the game first sees the call");
        assert!(!call.new_game, "the game being played is the match's last");
        play_past(&mut play, turn);
        play.check_time(1);
        assert!(rx.try_recv().is_err(), "the extra turn is still being played");
        play_past(&mut play, turn + 1);
        assert!(!play.game_over(), "the game plays on past its last turn");
        play.check_time(1);
        let up = rx.try_recv().expect("answered once the last turn is past");
        assert!(up.finished.is_empty(), "the game in progress has no result yet");
        assert!(up.live.is_some_and(|l| l.hp.iter().all(|&hp| hp > 0)), "it tells where the game stands");
    }

    #[test]
    fn between_games_a_playoff_waits_for_its_deciding_game_unless_the_series_is_won() {
        let won = |s| result(Some(s), Some(GameEndReason::Concession));
        let mut play = Play::new(2, vec![won(Seat::A), won(Seat::B)], None, None);
        let mut rx = called(&mut play, 0, true);
        play.check_time(3);
        assert!(rx.try_recv().is_err(), "level at one game each: one more may still be played");
        let mut one_game = Play::new(2, vec![won(Seat::A)], None, None);
        let mut rx1 = called(&mut one_game, 0, true);
        one_game.check_time(1);
        let up = rx1.try_recv().expect("a one-game match has nothing left to play");
        assert_eq!((up.finished.len(), up.live), (1, None));
        drop(rx);
    }

    #[test]
    fn time_called_again_keeps_a_refused_new_game_refused() {
        let mut play = Play::new(2, Vec::new(), None, None);
        let _first = called(&mut play, 3, false);
        let _again = called(&mut play, 0, true);
        let call = play.time.as_ref().unwrap();
        assert!(!call.new_game && call.extra_turns == 0 && call.last_turn.is_none());
        let (tx, _rx) = oneshot::channel();
        play.call_deciding_game(1, tx);
        let _later = called(&mut play, 0, true);
        assert!(play.time.as_ref().is_some_and(|t| t.deciding_game && t.new_game), "still the deciding game");
    }

    #[test]
    fn the_event_ends_a_match_once_and_answers_the_time_call() {
        let mut play = Play::new(2, vec![result(None, None)], Some(dealt()), None);
        play.rematch = vec![true, false];
        let mut rx = called(&mut play, 5, false);
        assert!(play.end_match(MatchEndReason::Time, &[true, true]));
        let up = rx.try_recv().expect("the pending call is answered at once");
        assert_eq!((up.finished.len(), up.live), (0, None));
        assert_eq!(play.rematch, vec![false, false]);
        assert!(!play.game_in_play());
        assert!(!play.end_match(MatchEndReason::Time, &[true, true]), "told again after a restart: nothing new");
    }
}
