//! [`RoomError`]: why a room did not do what it was asked, in the room's words (the HTTP status and body they
//! become are decided in `error.rs`, `From<RoomError> for ApiError`).
use gb_core::rejection::Rejection;

/// Why a room did not do what it was asked. A closed set: every caller (lobby REST, tournaments, sockets)
/// handles the same cases.
#[derive(Debug)]
pub enum RoomError {
    /// The actor is not running (shut down, evicted, or given up after failed rebuilds).
    Stopped,
    /// The account already holds a seat here.
    AlreadySeated,
    /// Every seat is taken.
    Full,
    /// Only the room's host (its creator) may start it.
    NotHost,
    /// The room's first game has begun: it cannot be started again.
    AlreadyStarted,
    /// A start with nobody seated: at least one person must play.
    NobodySeated,
    /// A socket whose protocol is too old for this room (a free-for-all needs `PROTOCOL_VERSION`).
    ProtocolTooOld,
    /// The deck breaks deck-building rules (CR 101), with every rejection.
    InvalidDeck(Vec<Rejection>),
    /// Only the room's players may do this.
    NotSeated,
    /// A rematch while the current game still runs.
    GameNotOver,
    /// A rematch once a best of 3 has its winner.
    SeriesDecided,
    /// A rematch after a tournament round's time was called (MTR 2.4: no new game after time).
    TimeCalled,
    /// A move or a rematch once the tournament has ended the table's match.
    MatchEnded,
    /// A rematch at an event's one-game table: its match is its one game (MTR 2.2), which has been played.
    OneGameMatchPlayed,
    /// A claim of the win at an event's table: its no-show and time rules and its judges decide.
    ClaimAtEvent,
    /// A claim of the win with no two-player game of people in play.
    NoClaim,
    /// A claim of the win while the opponent is connected.
    OpponentPresent,
    /// A claim of the win before the opponent has been away for the grace period; `seconds` are left.
    ClaimTooEarly { seconds: u64 },
    /// A draw called in a rated game: there the player who left loses (docs/ratings.md); casual games only.
    DrawCasualOnly,
    /// A takeback (room/takeback.rs) in a rated game or at an event's table: only casual games have them.
    TakebackNotCasual,
    /// A takeback in a free-for-all: two-player rooms only.
    TakebackTwoPlayersOnly,
    /// A takeback asked for or answered by someone without a seat (a spectator).
    TakebackNotSeated,
    /// No action to take back: no game in play, no action yet, the last one already taken back, or it ended
    /// the game.
    TakebackNothing,
    /// The last action is the opponent's.
    TakebackNotYours,
    /// Since the action, hidden information was revealed or chance decided something (a draw, a search, a
    /// reveal, a shuffle).
    TakebackHiddenRevealed,
    /// A takeback is already asked for and not yet answered.
    TakebackPending,
    /// An answer with no takeback asked for.
    TakebackNotAsked,
    /// The player who asked for the takeback answered it.
    TakebackOwnRequest,
    /// The room could not write to the database or deal the game; the cause is logged, not shown.
    Storage(String),
}

impl std::fmt::Display for RoomError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RoomError::Stopped => "the room is not running",
            RoomError::AlreadySeated => "you already hold a seat in this room",
            RoomError::Full => "every seat is taken",
            RoomError::NotHost => "only the room's host may start it",
            RoomError::AlreadyStarted => "the room's first game has already begun",
            RoomError::NobodySeated => "nobody is seated: take a seat before starting",
            RoomError::ProtocolTooOld => "a free-for-all room needs protocol 6",
            RoomError::InvalidDeck(_) => "the deck breaks deck-building rules (CR 101)",
            RoomError::NotSeated => "only the players may ask for a rematch",
            RoomError::GameNotOver => "the current game is not over",
            RoomError::SeriesDecided => "the best of 3 is decided: no further game",
            RoomError::TimeCalled => "time has been called in this tournament round: no new game",
            RoomError::MatchEnded => "the tournament has ended this match: no further move or game",
            RoomError::OneGameMatchPlayed => {
                "this event table's match is one game, and it has been played: no rematch (MTR 2.2)"
            }
            RoomError::ClaimAtEvent => "an event's table has no claim of the win: call a judge (docs/tournaments.md)",
            RoomError::NoClaim => "no game between two people is in play here to claim",
            RoomError::OpponentPresent => "your opponent is connected: there is no win to claim",
            RoomError::DrawCasualOnly => {
                "only a casual game may be called a draw: in a rated game the player who left loses (claim the win)"
            }
            RoomError::ClaimTooEarly { seconds } => {
                return write!(f, "your opponent may still come back: you may claim the win in {seconds} s");
            }
            RoomError::TakebackNotCasual => "takebacks are for casual games: not in a rated game nor at an event",
            RoomError::TakebackTwoPlayersOnly => "takebacks are for two-player games only",
            RoomError::TakebackNotSeated => "only the players may ask for or answer a takeback",
            RoomError::TakebackNothing => "there is no action of yours to take back",
            RoomError::TakebackNotYours => "the last action is your opponent's: only your own last action",
            RoomError::TakebackHiddenRevealed => {
                "hidden information was revealed since that action (a draw, search, reveal or shuffle): no takeback"
            }
            RoomError::TakebackPending => "a takeback is already asked for: wait for the answer",
            RoomError::TakebackNotAsked => "no takeback is asked for",
            RoomError::TakebackOwnRequest => "your opponent answers your takeback request, not you",
            RoomError::Storage(cause) => return write!(f, "room storage: {cause}"),
        })
    }
}

impl std::error::Error for RoomError {}

impl From<sqlx::Error> for RoomError {
    fn from(e: sqlx::Error) -> Self {
        RoomError::Storage(format!("database: {e}"))
    }
}
