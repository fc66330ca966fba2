//! Penalties (docs/tournaments.md, "Penalties"): warning, game loss, match loss, disqualification, and the time
//! extensions judges give, each with its IPG infraction, the reason in words and the judge who gave it. They live
//! in the log where they act (a game loss among the match's games, the others in its `judge` list); this module
//! names the infractions and lists every penalty of an event, for the event page and each player's record.
use crate::tournament::{Game, JudgeAction, Pairing, PlayerId, TableResult, Tournament};
use serde::{Deserialize, Serialize};

/// The infraction a penalty answers: the IPG's categories, as short names (`"slow_play"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Infraction {
    Tardiness,
    SlowPlay,
    GamePlayError,
    DeckProblem,
    DecklistProblem,
    OutsideAssistance,
    CommunicationViolation,
    UnsportingConductMinor,
    UnsportingConductMajor,
    ImproperlyDeterminingAWinner,
    BriberyAndWagering,
    AggressiveBehavior,
    Cheating,
    /// Not an infraction: a long ruling or a deck check took the table's time (what most time extensions say).
    RulingOrDeckCheck,
    Other,
}

impl Infraction {
    pub const ALL: [Infraction; 15] = [
        Infraction::Tardiness,
        Infraction::SlowPlay,
        Infraction::GamePlayError,
        Infraction::DeckProblem,
        Infraction::DecklistProblem,
        Infraction::OutsideAssistance,
        Infraction::CommunicationViolation,
        Infraction::UnsportingConductMinor,
        Infraction::UnsportingConductMajor,
        Infraction::ImproperlyDeterminingAWinner,
        Infraction::BriberyAndWagering,
        Infraction::AggressiveBehavior,
        Infraction::Cheating,
        Infraction::RulingOrDeckCheck,
        Infraction::Other,
    ];

    /// The name people read.
    pub fn label(self) -> &'static str {
        match self {
            Infraction::Tardiness => "Tardiness",
            Infraction::SlowPlay => "Slow play",
            Infraction::GamePlayError => "Game play error",
            Infraction::DeckProblem => "Deck problem",
            Infraction::DecklistProblem => "Deck list problem",
            Infraction::OutsideAssistance => "Outside assistance",
            Infraction::CommunicationViolation => "Communication policy violation",
            Infraction::UnsportingConductMinor => "Unsporting conduct — minor",
            Infraction::UnsportingConductMajor => "Unsporting conduct — major",
            Infraction::ImproperlyDeterminingAWinner => "Improperly determining a winner",
            Infraction::BriberyAndWagering => "Bribery and wagering",
            Infraction::AggressiveBehavior => "Aggressive behavior",
            Infraction::Cheating => "Cheating",
            Infraction::RulingOrDeckCheck => "Long ruling or deck check",
            Infraction::Other => "Other",
        }
    }
}

/// What a penalty does (docs/tournaments.md, "Penalties").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PenaltyKind {
    /// Recorded; changes no score.
    Warning,
    /// One game of the match, lost: the opponent gets a game win at that table.
    GameLoss,
    /// The match, lost 0–2 (0–1 in best of one).
    MatchLoss,
    /// A match loss, and out of the event from the next round on.
    Disqualification,
    /// Extra minutes on the table's round clock; no effect on any score.
    TimeExtension,
}

/// One penalty as the event page and a player's record show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Penalty {
    pub round: u32,
    pub table: u32,
    /// The penalized player; `None` for a time extension, which is the table's.
    pub player: Option<PlayerId>,
    pub kind: PenaltyKind,
    pub infraction: Option<Infraction>,
    pub reason: String,
    /// The judge's name; `None` for one the server recorded itself (a no-show) or an old file's.
    pub judge: Option<String>,
    /// A time extension's minutes.
    pub minutes: Option<u32>,
}

/// Every penalty of the event in round and table order, as the results in force say (a correction replaces a
/// table's result, penalties included); within a table its game losses first, then its judge actions in order.
pub fn penalties(t: &Tournament) -> Vec<Penalty> {
    let mut out = Vec::new();
    for (r, round) in t.rounds.iter().enumerate() {
        let number = r as u32 + 1;
        for pairing in &round.pairings {
            let Pairing::Table(table) = pairing else { continue };
            let corrected = t.corrections.iter().rev().find(|c| c.round == number && c.table == table.table);
            of_table(number, table.table, corrected.map_or(&table.result, |c| &c.result), &mut out);
        }
    }
    out
}

fn of_table(round: u32, table: u32, result: &TableResult, out: &mut Vec<Penalty>) {
    let entry =
        |player: Option<&PlayerId>, kind, infraction: &Option<Infraction>, reason: &str, judge: &Option<String>| {
            Penalty {
                round,
                table,
                player: player.cloned(),
                kind,
                infraction: *infraction,
                reason: reason.to_owned(),
                judge: judge.clone(),
                minutes: None,
            }
        };
    for game in &result.games {
        if let Game::GameLoss { player, reason, infraction, judge } = game {
            out.push(entry(Some(player), PenaltyKind::GameLoss, infraction, reason, judge));
        }
    }
    for action in &result.judge {
        out.push(match action {
            JudgeAction::Warning { player, reason, infraction, judge } => {
                entry(Some(player), PenaltyKind::Warning, infraction, reason, judge)
            }
            JudgeAction::MatchLoss { player, reason, infraction, judge } => {
                entry(Some(player), PenaltyKind::MatchLoss, infraction, reason, judge)
            }
            JudgeAction::Disqualification { player, reason, infraction, judge } => {
                entry(Some(player), PenaltyKind::Disqualification, infraction, reason, judge)
            }
            JudgeAction::TimeExtension { minutes, reason, infraction, judge } => Penalty {
                minutes: Some(*minutes),
                ..entry(None, PenaltyKind::TimeExtension, infraction, reason, judge)
            },
        });
    }
}

#[cfg(test)]
mod tests;
