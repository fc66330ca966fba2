//! [`TournamentError`]: why an event refused a command, in the event's own words. A closed set, like the room's
//! `RoomError`: the HTTP status and error code each becomes are decided in one place (`api/refusals.rs`,
//! `From<TournamentError> for ApiError`), never where the refusal is made. Messages name players by name (names.rs)
//! where the log's checks speak of ids, so those variants carry the finished text.
use super::EventStatus;
use gb_core::rejection::Rejection;
use std::time::Duration;

/// Why an event did not do what it was asked.
#[derive(Debug)]
pub enum TournamentError {
    /// The actor is not running (shut down, stood down, or an event another node runs, read from storage).
    Stopped,
    /// Only the organizer may do this.
    NotOrganizer,
    /// Only the organizer and the event's judges may do this (judges.rs).
    NotJudge,
    /// Registration opened or closed from the wrong status: it moves only between `from` and the other.
    WrongStatus { reopen: bool, from: EventStatus },
    /// A player's own registration once registration is closed (late entries go through the organizer).
    RegistrationClosed,
    /// Computer players enter only while registration is open, before round 1 (computers.rs).
    ComputersAfterRegistration,
    /// A late entry past the event's cutoff round (`Some(cutoff)`), or once the top cut is next (`None`).
    LateEntriesClosed { cutoff: Option<u32> },
    /// The account is already on the roster (re-adds go through the organizer).
    AlreadyRegistered,
    /// The event is over: nobody enters it.
    EventFinished,
    /// A judge of the event cannot play in it.
    JudgeCannotPlay,
    /// The deck breaks deck-building rules (CR 101), with every rejection.
    InvalidDeck(Vec<Rejection>),
    /// A drop or re-add the log refuses (the log's reason).
    BadRosterChange(String),
    /// Check-in ends when round 1 is paired (attendance.rs).
    CheckInClosed,
    /// The account is not registered for the event.
    NoSuchPlayer,
    /// Computer players are added a few at a time: `asked` is out of bounds.
    BadComputerCount { asked: u32 },
    /// The event already holds `have` computer players, and more would pass the limit.
    TooManyComputers { have: usize },
    /// A playoff correction that cannot be carried into the rounds paired since (corrections.rs), and why.
    DownstreamPlayed(String),
    /// A result or correction the log refuses (the log's reason).
    BadResult(String),
    /// No round has been paired yet.
    NoRound,
    /// No round has been paired yet, so no table can be featured (featured.rs).
    NoRoundToFeature,
    /// The round has no such table.
    NoSuchTable { round: u32, table: u32 },
    /// Pairings by hand the log refuses, or that leave a present player out (hand_pairing.rs), and why.
    BadPairing(String),
    /// Pairings by hand with rematches or second byes, each described, not confirmed.
    NeedsConfirmation(Vec<String>),
    /// The account named `name` already judges the event.
    AlreadyJudge { name: String },
    /// The account named `name` plays in the event, so it cannot judge it.
    PlayerCannotJudge { name: String },
    /// The table has no room to open for a judge.
    NoRoom { round: u32, table: u32 },
    /// The table's room could not be reached for the judge view, and why.
    RoomUnavailable(String),
    /// A time extension's minutes out of bounds, or minutes on another penalty (penalties.rs), and why.
    BadMinutes(String),
    /// A penalty's reason longer than `max` characters.
    ReasonTooLong { max: usize },
    /// A penalty for `name`, who does not play at the table named.
    NotAtTable { name: String, round: u32, table: u32 },
    /// A concession for `player`, who does not play at the table.
    ConcederNotAtTable { player: String, table: u32 },
    /// A draw asked by someone neither at the table nor the organizer.
    NotDrawParty,
    /// A penalty for `name` with no table given, who has no table in the round being played.
    NoTable { name: String },
    /// A penalty naming a round without a table, or a table without a round.
    BadTable,
    /// A re-pairing once a table of the round has a result (repair.rs).
    RoundHasResults,
    /// A Swiss pairing by hand when the next round is the playoff's.
    PlayoffRound,
    /// Round 1 paired while registration is still open.
    RegistrationOpen,
    /// Every round has been played (the pairing's reason, by name).
    TournamentOver(String),
    /// The next round cannot be paired (the pairing's reason, by name).
    CannotPair(String),
    /// A number of Swiss rounds below the `played` ones already paired, or above 40 (structure.rs).
    BadRounds { played: u32 },
    /// Ending early before any round was played.
    NoRoundPlayed,
    /// Ending early while a table of the round is still being played.
    RoundInProgress { round: u32, table: u32 },
    /// A single-elimination event has no Swiss rounds to change.
    NotSwiss,
    /// The top cut has begun: it is played to its end.
    TopCutStarted,
    /// Settings the log refuses (the log's reason).
    BadSettings(String),
    /// A table's end asked for in a round other than the one being played.
    NotCurrentRound { round: u32 },
    /// The table already has its result.
    MatchOver { table: u32 },
    /// An announcement with nothing in it.
    EmptyAnnouncement,
    /// An announcement over `max` characters.
    AnnouncementTooLong { max: usize },
    /// More than `burst` announcements a minute: the next may be made after `wait`.
    AnnouncingTooFast { burst: usize, wait: Duration },
    /// The event could not write to the database; the cause is logged, not shown.
    Storage(String),
}

impl TournamentError {
    /// A storage failure, for `map_err` on a write.
    pub fn storage(cause: impl std::fmt::Display) -> Self {
        TournamentError::Storage(format!("{cause:#}"))
    }
}

impl std::fmt::Display for TournamentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use TournamentError as E;
        f.write_str(match self {
            E::Stopped => "the event is not running",
            E::NotOrganizer => "only the event's organizer may do this",
            E::NotJudge => "only the event's organizer and its judges may do this",
            E::WrongStatus { reopen, from } => {
                let verb = if *reopen { "reopened" } else { "closed" };
                return write!(f, "registration can only be {verb} while the event is {}", from.name());
            }
            E::RegistrationClosed => "registration is closed: ask the organizer for a late entry",
            E::ComputersAfterRegistration => "computer players enter while registration is open, before round 1",
            E::LateEntriesClosed { cutoff: None } => "the Swiss rounds are over: nobody enters the top cut late",
            E::LateEntriesClosed { cutoff: Some(last) } => {
                return write!(f, "late entries closed after round {last} (the event's cutoff)");
            }
            E::AlreadyRegistered => "this account is already registered",
            E::EventFinished => "the event is over",
            E::JudgeCannotPlay => "this account judges the event",
            E::InvalidDeck(rejections) => {
                return write!(f, "the deck breaks {} deck-building rule(s)", rejections.len());
            }
            E::CheckInClosed => "check-in ends when round 1 is paired",
            E::NoSuchPlayer => "this account is not registered for the event",
            E::BadComputerCount { asked } => {
                let most = super::computers::MAX_PER_REQUEST;
                return write!(f, "add 1 to {most} computer players at a time (asked for {asked})");
            }
            E::TooManyComputers { have } => {
                let most = super::computers::MAX_PER_EVENT;
                return write!(f, "an event holds at most {most} computer players ({have} entered already)");
            }
            E::BadRosterChange(why)
            | E::DownstreamPlayed(why)
            | E::BadResult(why)
            | E::BadPairing(why)
            | E::RoomUnavailable(why)
            | E::BadMinutes(why)
            | E::TournamentOver(why)
            | E::CannotPair(why)
            | E::BadSettings(why) => why,
            E::NoRound => "no round has been paired yet",
            E::NoRoundToFeature => "no round has been paired yet: there is no table to feature",
            E::NoSuchTable { round, table } => return write!(f, "round {round} has no table {table}"),
            E::NeedsConfirmation(exceptions) => {
                return write!(f, "{}; confirm with a reason to pair them anyway", exceptions.join("; "));
            }
            E::AlreadyJudge { name } => return write!(f, "{name} already judges this event"),
            E::PlayerCannotJudge { name } => return write!(f, "{name} plays in this event"),
            E::NoRoom { round, table } => return write!(f, "table {table} of round {round} has no room to open"),
            E::ReasonTooLong { max } => return write!(f, "a reason has at most {max} characters"),
            E::NotAtTable { name, round, table } => {
                return write!(f, "{name} does not play at table {table} in round {round}");
            }
            E::ConcederNotAtTable { player, table } => return write!(f, "{player} does not play at table {table}"),
            E::NotDrawParty => "only the table's players or the organizer may record its draw",
            E::NoTable { name } => return write!(f, "{name} has no table in the round being played"),
            E::BadTable => "give both round and table, or neither",
            E::RoundHasResults => "a table of this round has a result: correct results instead of re-pairing",
            E::PlayoffRound => "a playoff round is paired by its bracket (MTR 10.4)",
            E::RegistrationOpen => "close registration before pairing round 1",
            E::BadRounds { played } => {
                return write!(f, "the Swiss rounds are at least the {played} already paired, and at most 40");
            }
            E::NoRoundPlayed => "no round has been played: there is nothing to end",
            E::RoundInProgress { round, table } => {
                return write!(f, "round {round} is still being played (table {table}): record its results first");
            }
            E::NotSwiss => "a single-elimination event is played to its final",
            E::TopCutStarted => "the top cut is a fixed bracket played to its end",
            E::NotCurrentRound { round } => return write!(f, "round {round} is not the round being played"),
            E::MatchOver { table } => return write!(f, "table {table} already has its result"),
            E::EmptyAnnouncement => "an announcement says something",
            E::AnnouncementTooLong { max } => return write!(f, "an announcement has at most {max} characters"),
            E::AnnouncingTooFast { burst, wait } => {
                return write!(f, "at most {burst} announcements a minute: wait {} s", wait.as_secs() + 1);
            }
            E::Storage(cause) => return write!(f, "event storage: {cause}"),
        })
    }
}

impl std::error::Error for TournamentError {}
