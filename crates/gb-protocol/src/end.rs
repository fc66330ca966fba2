//! Why a game ended, as rooms publish it (`GameResult.reason`) and store it (`matches.result_json`): the rules
//! engine's own reasons, plus the room's limits that end a game by the flagged seat's concession (CR 102.2).
use gb_core::EndReason;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum GameEndReason {
    /// Won two rounds (CR 206.2).
    TwoRounds,
    /// The other player conceded (CR 102.2).
    Concession,
    /// The engine's step budget ran out (a loop that never ends is decided against the seat that owed it).
    StepBudget,
    /// The seat's thinking time ran out.
    Time,
    /// The seat's disconnection bank ran out while it owed a decision.
    Disconnected,
    /// Nobody stayed connected to a game against the computer for the room's idle limit.
    Abandoned,
    /// Free-for-all: every other player was eliminated by damage (MP-30).
    LastStanding,
    /// A tournament round's time decided the game (docs/tournaments.md, "End-of-round procedure"): the seat the
    /// time rule put behind conceded it for the event, and one more game decides the playoff match.
    RoundTime,
    /// No winner: in a casual two-player game the player left behind called it a draw once their opponent had
    /// been away past the grace period (docs/protocol.md, "Leaving"). The room's result, not the rules': the
    /// game stops where it stood (the rules have no draw; a concession, CR 102.2, would name a loser).
    Drawn,
}

impl GameEndReason {
    pub const ALL: [GameEndReason; 9] = [
        GameEndReason::TwoRounds,
        GameEndReason::Concession,
        GameEndReason::StepBudget,
        GameEndReason::Time,
        GameEndReason::Disconnected,
        GameEndReason::Abandoned,
        GameEndReason::LastStanding,
        GameEndReason::RoundTime,
        GameEndReason::Drawn,
    ];

    /// The stable name, as on the wire and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameEndReason::TwoRounds => "two_rounds",
            GameEndReason::Concession => "concession",
            GameEndReason::StepBudget => "step_budget",
            GameEndReason::Time => "time",
            GameEndReason::Disconnected => "disconnected",
            GameEndReason::Abandoned => "abandoned",
            GameEndReason::LastStanding => "last_standing",
            GameEndReason::RoundTime => "round_time",
            GameEndReason::Drawn => "drawn",
        }
    }
}

impl From<EndReason> for GameEndReason {
    fn from(r: EndReason) -> Self {
        match r {
            EndReason::TwoRounds => GameEndReason::TwoRounds,
            EndReason::Concession => GameEndReason::Concession,
            EndReason::StepBudget => GameEndReason::StepBudget,
            EndReason::LastStanding => GameEndReason::LastStanding,
        }
    }
}

impl std::fmt::Display for GameEndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no end reason.
#[derive(Debug, thiserror::Error)]
#[error("unknown game end reason {0:?}")]
pub struct UnknownEndReason(pub String);

impl std::str::FromStr for GameEndReason {
    type Err = UnknownEndReason;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameEndReason::ALL.into_iter().find(|r| r.as_str() == s).ok_or_else(|| UnknownEndReason(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::GameEndReason;

    #[test]
    fn the_stored_name_is_the_wire_name_and_reads_back() {
        for r in GameEndReason::ALL {
            assert_eq!(serde_json::to_value(r).unwrap(), r.as_str(), "serde and as_str agree");
            assert_eq!(r.as_str().parse::<GameEndReason>().unwrap(), r);
        }
        assert!("flagged".parse::<GameEndReason>().is_err());
    }

    #[test]
    fn every_engine_reason_keeps_its_name() {
        use gb_core::EndReason::*;
        for r in [TwoRounds, Concession, StepBudget, LastStanding] {
            assert_eq!(serde_json::to_value(r).unwrap(), GameEndReason::from(r).as_str());
        }
    }
}
