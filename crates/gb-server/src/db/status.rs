//! The status columns' values, in one place: `rooms.status` ([`RoomRowStatus`]), `matches.status`
//! ([`MatchStatus`]) and `tournaments.status` (gb-protocol's [`EventStatus`], stored by its `name`). Rows are
//! read and written through these enums; SQL that names a status takes it from [`sql_status!`], whose literals
//! the tests check against `as_str`.
pub use gb_protocol::EventStatus;
use std::fmt;
use std::str::FromStr;

/// A status column held a value no enum here names: a row this server did not write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStatus {
    pub column: &'static str,
    pub value: String,
}

impl fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} holds an unknown status {:?}", self.column, self.value)
    }
}

impl std::error::Error for UnknownStatus {}

impl From<UnknownStatus> for sqlx::Error {
    fn from(e: UnknownStatus) -> sqlx::Error {
        sqlx::Error::ColumnDecode { index: e.column.to_owned(), source: Box::new(e) }
    }
}

/// An enum stored as its name: `as_str`, `FromStr` (an [`UnknownStatus`] naming `$column`) and `Display`.
macro_rules! stored_enum {
    ($name:ident, $column:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The stored name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownStatus;
            fn from_str(s: &str) -> Result<$name, UnknownStatus> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(UnknownStatus { column: $column, value: s.to_owned() }),
                }
            }
        }

        impl TryFrom<String> for $name {
            type Error = UnknownStatus;
            fn try_from(s: String) -> Result<$name, UnknownStatus> {
                s.parse()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// Where a room stands, as its `rooms` row says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoomRowStatus {
    /// A seat is empty (also a new room's first status).
    Waiting,
    /// A game is running.
    Playing,
    /// The last game ended; a rematch may start the next one.
    Finished,
    /// Evicted idle before any game started: it does not come back.
    Abandoned,
    /// Evicted idle after a game: it does not come back.
    Closed,
}

stored_enum!(RoomRowStatus, "rooms.status", {
    Waiting => "waiting",
    Playing => "playing",
    Finished => "finished",
    Abandoned => "abandoned",
    Closed => "closed",
});

/// Where a game stands, as its `matches` row says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchStatus {
    /// Dealt, no result yet.
    Playing,
    /// Over: `result_json` holds its result.
    Finished,
}

stored_enum!(MatchStatus, "matches.status", {
    Playing => "playing",
    Finished => "finished",
});

/// A `tournaments.status` value read back.
pub fn event_status(value: &str) -> Result<EventStatus, UnknownStatus> {
    EventStatus::parse(value).ok_or_else(|| UnknownStatus { column: "tournaments.status", value: value.to_owned() })
}

/// A status as a quoted SQL literal, for `concat!` in static SQL (sqlx and rusqlite take `&'static str`);
/// the tests check each against the enum's `as_str`.
macro_rules! sql_status {
    // The rooms not over: a restarted server or a new owner brings them back, the lobby lists them.
    (RoomRowStatus::Waiting | RoomRowStatus::Playing) => {
        "('waiting', 'playing')"
    };
    (RoomRowStatus::Waiting) => {
        "'waiting'"
    };
    (RoomRowStatus::Playing) => {
        "'playing'"
    };
    (RoomRowStatus::Finished) => {
        "'finished'"
    };
    (MatchStatus::Finished) => {
        "'finished'"
    };
    (EventStatus::Registration) => {
        "'registration'"
    };
    (EventStatus::Finished) => {
        "'finished'"
    };
}
pub(crate) use sql_status;

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(s: &str) -> String {
        format!("'{s}'")
    }

    #[test]
    fn room_statuses_round_trip() {
        for &s in RoomRowStatus::ALL {
            assert_eq!(s.as_str().parse::<RoomRowStatus>(), Ok(s));
            assert_eq!(s.to_string(), s.as_str());
        }
        let names: Vec<_> = RoomRowStatus::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(names, ["waiting", "playing", "finished", "abandoned", "closed"]);
    }

    #[test]
    fn match_statuses_round_trip() {
        for &s in MatchStatus::ALL {
            assert_eq!(s.as_str().parse::<MatchStatus>(), Ok(s));
        }
        let names: Vec<_> = MatchStatus::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(names, ["playing", "finished"]);
    }

    #[test]
    fn event_statuses_round_trip() {
        for s in [EventStatus::Registration, EventStatus::Closed, EventStatus::Running, EventStatus::Finished] {
            assert_eq!(event_status(s.name()), Ok(s));
        }
    }

    #[test]
    fn an_unknown_status_names_its_column() {
        let e = "paused".parse::<RoomRowStatus>().unwrap_err();
        assert_eq!(e.to_string(), r#"rooms.status holds an unknown status "paused""#);
        assert_eq!(event_status("open").unwrap_err().column, "tournaments.status");
        let e: sqlx::Error = "in_progress".parse::<MatchStatus>().unwrap_err().into();
        assert!(e.to_string().contains(r#"matches.status holds an unknown status "in_progress""#), "{e}");
    }

    #[test]
    fn sql_literals_match_the_enums() {
        assert_eq!(sql_status!(RoomRowStatus::Waiting), quoted(RoomRowStatus::Waiting.as_str()));
        assert_eq!(sql_status!(RoomRowStatus::Playing), quoted(RoomRowStatus::Playing.as_str()));
        assert_eq!(sql_status!(RoomRowStatus::Finished), quoted(RoomRowStatus::Finished.as_str()));
        let open = [RoomRowStatus::Waiting, RoomRowStatus::Playing].map(|s| quoted(s.as_str())).join(", ");
        assert_eq!(sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing), format!("({open})"));
        assert_eq!(sql_status!(MatchStatus::Finished), quoted(MatchStatus::Finished.as_str()));
        assert_eq!(sql_status!(EventStatus::Registration), quoted(EventStatus::Registration.name()));
        assert_eq!(sql_status!(EventStatus::Finished), quoted(EventStatus::Finished.name()));
    }
}
