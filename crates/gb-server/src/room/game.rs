//! The play part: the game in progress and the series' games, the clock, rematch requests, a takeback asked for,
//! a round's time call and an event's end of the match ([`Play`]), with the rules that read only them. Plain
//! values, no actor, database or socket: the room's play (room/play.rs, commit.rs, takeback.rs, round_time.rs,
//! leaving.rs) keeps a `Play` and routes commands to it.
use super::clock::{Clock, Flag};
use super::error::RoomError;
use crate::protocol::{GameEndReason, GameResult, MatchEndReason, RoundTime};
use gb_core::view::JudgeView;
use gb_core::{MatchSetup, MatchState, Seat};
use tokio::sync::oneshot;

/// The game being played (or just finished) in a room.
pub(super) struct Game {
    pub match_id: String,
    pub setup: MatchSetup,
    pub nonce: String,
    /// Its version is `state.version()`: the engine counts accepted intents, the room keeps no second count.
    pub state: MatchState,
    /// Every accepted intent with its seat, and every takeback, in order (as stored): what a late viewer's
    /// history replays.
    pub log: Vec<gb_core::Logged>,
}

/// Everything about the match a room plays: the part of the room that owns its games.
pub(super) struct Play {
    pub game: Option<Game>,
    /// The results of the series' games so far (the last one may be the game in progress).
    pub games: Vec<GameResult>,
    pub clock: Option<Clock>,
    /// Per seat: it asked for the next game.
    pub rematch: Vec<bool>,
    /// A takeback asked for and not yet answered (room/takeback.rs).
    pub takeback: Option<Asked>,
    /// The seat whose last action may be taken back now, if any (room/takeback.rs `may_take_back`).
    pub takeback_open: Option<Seat>,
    /// The next game's chooser's stated preference (`rematch {go_first}`; room/play.rs `chooser_chooses`).
    pub chooser_go_first: Option<bool>,
    /// A tournament round's time call, once the event has made one (room/round_time.rs).
    pub time: Option<TimeCall>,
    /// Set once a tournament ended the table's match (room/round_time.rs): no further move or game.
    pub match_end: Option<MatchEndReason>,
}

impl Play {
    /// A room of `seats` seats at the games `games`, the game `game` (none before the first deal) and its clock.
    pub(super) fn new(seats: usize, games: Vec<GameResult>, game: Option<Game>, clock: Option<Clock>) -> Play {
        Play {
            game,
            games,
            clock,
            rematch: vec![false; seats],
            takeback: None,
            takeback_open: None,
            chooser_go_first: None,
            time: None,
            match_end: None,
        }
    }

    /// The game was called a draw (room/leaving.rs): over, though the engine's state is not.
    pub(super) fn drawn(&self) -> bool {
        self.game.is_some() && self.games.last().is_some_and(|g| g.reason == Some(GameEndReason::Drawn))
    }

    /// A game has ended: by the rules, or called a draw.
    pub(super) fn game_over(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.state.is_over()) || self.drawn()
    }

    /// A game is being played: dealt, not over by the rules nor drawn, and no event has ended the match.
    pub(super) fn game_in_play(&self) -> bool {
        self.game.is_some() && !self.game_over() && self.match_end.is_none()
    }

    /// Whether another game may start: not once the event has ended the match, nor after time was called
    /// (except the one deciding game a playoff's time rule allows).
    pub(super) fn may_start_game(&self) -> Result<(), RoomError> {
        if self.match_end.is_some() {
            return Err(RoomError::MatchEnded);
        }
        if !self.time.as_ref().is_none_or(|t| t.new_game) {
            return Err(RoomError::TimeCalled);
        }
        Ok(())
    }

    /// Whether the next game may be asked for now, in a match of `best_of` games (`at_event`: an event's table).
    pub(super) fn may_rematch(&self, best_of: u8, at_event: bool) -> Result<(), RoomError> {
        // An ended match refuses first: its game may have stopped mid-play, so "not over" would mislead.
        self.may_start_game()?;
        if !self.game_over() {
            return Err(RoomError::GameNotOver);
        }
        if series_winner(best_of, &self.games).is_some() {
            return Err(RoomError::SeriesDecided);
        }
        // Elsewhere a one-game room plays on as long as both ask; an event's table would play games that count
        // for nothing while its players are due at their next round.
        if at_event && best_of == 1 {
            return Err(RoomError::OneGameMatchPlayed);
        }
        Ok(())
    }

    /// `seat` asks for the next game; if it is the next game's `chooser`, its `go_first` is kept too.
    pub(super) fn ask_rematch(&mut self, seat: Seat, chooser: Option<Seat>, go_first: Option<bool>) {
        self.rematch[seat.index()] = true;
        if chooser == Some(seat) && go_first.is_some() {
            self.chooser_go_first = go_first;
        }
    }

    /// The seat asking for a takeback now: a request made at an earlier version (or game) has lapsed.
    pub(super) fn takeback_asked(&self) -> Option<Seat> {
        let asked = self.takeback?;
        let v = self.game.as_ref()?.state.version();
        (asked.game == self.games.len() && asked.v == v).then_some(asked.seat)
    }
}

/// How a takeback is written in `match_intents.intent_json`: no intent reads as this JSON string.
pub const STORED: &str = "\"take_back\"";

/// A takeback asked for and not yet answered: by `seat`, of the version `v` of the room's game `game`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Asked {
    pub(super) seat: Seat,
    pub(super) game: usize,
    pub(super) v: u32,
}

/// Where the game in progress stood when its extra turns ran out: what a playoff's time rule reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveGame {
    /// In-game rounds won by seat A and B (CR 206).
    pub rounds_won: [u8; 2],
    /// Current HP of seat A and B (CR 200.1; reset every in-game round, CR 206.3).
    pub hp: [u16; 2],
}

/// The room's answer to a time call, taken at one moment: the games finished by then, and the game still in
/// progress (`None` when there is none: it ended on its own, or time came between games).
#[derive(Clone, Debug)]
pub struct TimeUp {
    pub finished: Vec<crate::protocol::GameResult>,
    pub live: Option<LiveGame>,
}

/// A time call the room is working through.
pub(super) struct TimeCall {
    /// Turns played after the active turn (MTR 2.4 "additional turns").
    pub(super) extra_turns: u32,
    /// Whether one more game may still start (a playoff match level on game wins between games); once it has
    /// started it is the last.
    pub(super) new_game: bool,
    /// The last turn number to be played, fixed when a game in progress first sees the call.
    pub(super) last_turn: Option<u32>,
    /// The game in progress was started after time decided the previous one and levelled the playoff match.
    pub(super) deciding_game: bool,
    pub(super) reply: Option<oneshot::Sender<TimeUp>>,
}

impl TimeCall {
    /// What the players are shown of it (`RoomInfo.round_time`).
    pub(super) fn shown(&self) -> RoundTime {
        RoundTime { last_turn: self.last_turn, deciding_game: self.deciding_game }
    }
}

/// The room's game as a judge sees it.
#[derive(Clone, Debug)]
pub struct JudgeSight {
    /// The game shown, from 0: the one in progress, or the last one.
    pub game: u32,
    /// `None` before the first game has started.
    pub view: Option<JudgeView>,
}

/// Where an intent came from; it decides who hears back and what the result records.
#[derive(Clone, Copy, Debug)]
pub(super) enum Source<'k> {
    /// A player's socket: answered with `accepted` or `rejected`, and its latency measured from `received`.
    /// `key`: a relayed intent's idempotency key, stored with it (`match_intents.intent_key`).
    Socket { conn: u64, seq: u32, received: std::time::Instant, key: Option<&'k str> },
    /// The room itself: a computer's seat, or the loser's turn-order preference.
    Room,
    /// A limit ran out (a clock, the disconnection bank, or abandonment): the seat concedes (CR 102.2), and the
    /// result says why.
    Clock(Flag),
}

impl Source<'_> {
    /// The socket and sequence number to answer, if a socket sent it.
    pub(super) fn reply_to(self) -> Option<(u64, u32)> {
        match self {
            Source::Socket { conn, seq, .. } => Some((conn, seq)),
            Source::Room | Source::Clock(_) => None,
        }
    }
}

/// The seat that has won a best of 3: the first to two game wins. A one-game room has no series: each rematch is
/// a new single game.
pub(crate) fn series_winner(best_of: u8, games: &[GameResult]) -> Option<Seat> {
    if best_of != 3 {
        return None;
    }
    // A best of 3 is two-player only (a free-for-all room has best_of 1).
    [Seat::A, Seat::B].into_iter().find(|&s| games.iter().filter(|g| g.winner == Some(s)).count() >= 2)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use gb_core::new_match;

    /// A two-player game just dealt from the preconstructed decks.
    pub(in crate::room) fn dealt() -> Game {
        let decks = gb_core::decks::preconstructed();
        let setup =
            MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: 7u64.into(), chooser: None };
        let state = new_match(&setup).expect("preconstructed decks start a match");
        Game { match_id: "m1".into(), setup, nonce: String::new(), state, log: Vec::new() }
    }

    /// A stored game result: `reason` `None` while the game is in progress.
    pub(in crate::room) fn result(winner: Option<Seat>, reason: Option<GameEndReason>) -> GameResult {
        serde_json::from_value(serde_json::json!({
            "match_id": "m", "winner": winner, "reason": reason, "seed_hash": "", "seed": null, "nonce": null,
        }))
        .expect("a stored game result reads")
    }

    fn time_call(new_game: bool) -> TimeCall {
        TimeCall { extra_turns: 0, new_game, last_turn: None, deciding_game: false, reply: None }
    }

    #[test]
    fn before_the_first_deal_nothing_is_in_play_and_a_game_may_start() {
        let play = Play::new(2, Vec::new(), None, None);
        assert!(!play.game_in_play() && !play.game_over() && !play.drawn());
        assert!(play.may_start_game().is_ok());
        assert_eq!(play.rematch, vec![false, false]);
    }

    #[test]
    fn a_dealt_game_is_in_play_until_the_event_ends_the_match() {
        let mut play = Play::new(2, vec![result(None, None)], Some(dealt()), None);
        assert!(play.game_in_play());
        play.match_end = Some(MatchEndReason::Time);
        assert!(!play.game_in_play(), "the event's result stops the game where it stands");
        assert!(matches!(play.may_start_game(), Err(RoomError::MatchEnded)));
    }

    #[test]
    fn a_drawn_game_is_over_though_the_engine_plays_on() {
        let play = Play::new(2, vec![result(None, Some(GameEndReason::Drawn))], Some(dealt()), None);
        assert!(play.drawn() && play.game_over() && !play.game_in_play());
    }

    #[test]
    fn time_called_refuses_a_new_game_unless_one_more_is_allowed() {
        let mut play = Play::new(2, Vec::new(), None, None);
        play.time = Some(time_call(false));
        assert!(matches!(play.may_start_game(), Err(RoomError::TimeCalled)));
        play.time = Some(time_call(true));
        assert!(play.may_start_game().is_ok());
    }

    #[test]
    fn a_takeback_request_lapses_once_the_game_moves_on() {
        let mut play = Play::new(2, vec![result(None, None)], Some(dealt()), None);
        let v = play.game.as_ref().map(|g| g.state.version()).unwrap();
        play.takeback = Some(Asked { seat: Seat::B, game: 1, v });
        assert_eq!(play.takeback_asked(), Some(Seat::B));
        play.takeback = Some(Asked { seat: Seat::B, game: 1, v: v + 1 });
        assert_eq!(play.takeback_asked(), None, "asked at another version");
        play.games.push(result(None, None));
        play.takeback = Some(Asked { seat: Seat::B, game: 1, v });
        assert_eq!(play.takeback_asked(), None, "asked in an earlier game");
    }

    #[test]
    fn the_next_game_is_asked_for_only_after_a_game_and_while_the_match_goes_on() {
        let won = |s| result(Some(s), Some(GameEndReason::Concession));
        let playing = Play::new(2, vec![result(None, None)], Some(dealt()), None);
        assert!(matches!(playing.may_rematch(1, false), Err(RoomError::GameNotOver)));
        let drawn = Play::new(2, vec![result(None, Some(GameEndReason::Drawn))], Some(dealt()), None);
        assert!(drawn.may_rematch(1, false).is_ok(), "a drawn game is over");
        assert!(matches!(drawn.may_rematch(1, true), Err(RoomError::OneGameMatchPlayed)));
        let games = vec![won(Seat::A), won(Seat::A), result(None, Some(GameEndReason::Drawn))];
        let mut decided = Play::new(2, games, Some(dealt()), None);
        assert!(matches!(decided.may_rematch(3, false), Err(RoomError::SeriesDecided)));
        decided.match_end = Some(MatchEndReason::Time);
        assert!(matches!(decided.may_rematch(3, false), Err(RoomError::MatchEnded)), "an ended match first");
    }

    #[test]
    fn only_the_next_games_chooser_says_who_goes_first() {
        let mut play = Play::new(2, Vec::new(), None, None);
        play.ask_rematch(Seat::A, Some(Seat::B), Some(true));
        assert_eq!((play.rematch.clone(), play.chooser_go_first), (vec![true, false], None));
        play.ask_rematch(Seat::B, Some(Seat::B), Some(false));
        assert_eq!((play.rematch.clone(), play.chooser_go_first), (vec![true, true], Some(false)));
    }

    #[test]
    fn a_best_of_three_is_won_with_two_games() {
        let a = || result(Some(Seat::A), None);
        let b = || result(Some(Seat::B), None);
        assert_eq!(series_winner(3, &[a(), b()]), None);
        assert_eq!(series_winner(3, &[a(), b(), a()]), Some(Seat::A));
        assert_eq!(series_winner(1, &[a(), a()]), None, "a one-game room has no series");
    }
}
