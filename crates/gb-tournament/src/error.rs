//! What is wrong with a tournament file, and where: `rounds[2].pairings[0].games[1].winner: "zed" is not one of
//! this table's players (ada, bea)`.
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentError {
    /// The field, as a path into the file.
    pub path: String,
    pub message: String,
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() { f.write_str(&self.message) } else { write!(f, "{}: {}", self.path, self.message) }
    }
}

impl std::error::Error for TournamentError {}
