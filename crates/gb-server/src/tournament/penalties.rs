//! Penalties and time extensions (docs/tournaments.md, "Penalties"), given by the organizer or a judge: checked,
//! written into the table's result where they act (a game loss among its games, the others in its `judge`
//! list), then audited with the judge's name. A game loss or a time extension is for a match still being played;
//! a warning, a match loss or a disqualification may be given at any table (a match loss after the fact is how a
//! late-found infraction is ruled).
use super::TournamentError;
use super::state::Event;
use crate::protocol::tournament::{IssuePenalty, MAX_EXTENSION_MINUTES};
use gb_tournament::{Game, JudgeAction, PenaltyKind};
use serde_json::json;

/// The longest reason kept (the audit and the player's record show it whole).
const MAX_REASON: usize = 500;

/// `action` as given by the judge named `judge` (whatever the request said).
pub fn stamped(mut action: JudgeAction, judge: &str) -> JudgeAction {
    let (JudgeAction::Warning { judge: j, .. }
    | JudgeAction::MatchLoss { judge: j, .. }
    | JudgeAction::Disqualification { judge: j, .. }
    | JudgeAction::TimeExtension { judge: j, .. }) = &mut action;
    *j = Some(judge.to_owned());
    action
}

fn bad_minutes(message: String) -> TournamentError {
    TournamentError::BadMinutes(message)
}

/// A table's time extensions stay within [`MAX_EXTENSION_MINUTES`] in all.
fn check_extension(already: u32, minutes: u32, table: u32) -> Result<(), TournamentError> {
    if !(1..=MAX_EXTENSION_MINUTES).contains(&minutes) {
        return Err(bad_minutes(format!("a time extension is 1 to {MAX_EXTENSION_MINUTES} minutes, not {minutes}")));
    }
    if already.saturating_add(minutes) > MAX_EXTENSION_MINUTES {
        return Err(bad_minutes(format!(
            "table {table} already has {already} minutes of extensions: at most {MAX_EXTENSION_MINUTES} in all"
        )));
    }
    Ok(())
}

impl Event {
    /// A judge action in the log's own form (`POST /judge`), given by the judge named `judge`.
    pub(super) async fn judge_action(
        &mut self,
        round: u32,
        table: u32,
        action: JudgeAction,
        judge: &str,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let mut result = self.current_result(round, table)?;
        if let JudgeAction::TimeExtension { minutes, .. } = &action {
            check_extension(super::round_clock::extension_minutes(&result), *minutes, table)?;
        }
        let action = stamped(action, judge);
        let detail = json!({ "round": round, "table": table, "judge": action, "judge_name": judge });
        result.judge.push(action);
        self.check_and_record(round, table, result).await?;
        Ok(("judge", detail))
    }

    /// A penalty for `p.player`, given by the judge named `judge`.
    pub(super) async fn penalize(
        &mut self,
        p: IssuePenalty,
        judge: &str,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let reason = p.reason.trim().to_owned();
        if reason.chars().count() > MAX_REASON {
            return Err(TournamentError::ReasonTooLong { max: MAX_REASON });
        }
        let minutes = match (p.kind, p.minutes) {
            (PenaltyKind::TimeExtension, None) => {
                return Err(bad_minutes("a time extension says how many minutes".to_owned()));
            }
            (PenaltyKind::TimeExtension, Some(m)) => m,
            (_, Some(_)) => return Err(bad_minutes("only a time extension has minutes".to_owned())),
            (_, None) => 0,
        };
        let name = super::names::name_of(&self.t, &p.player).to_owned();
        let (round, table) = self.penalty_table(&p, &name)?;
        let players = self.table_players(round, table).ok_or(TournamentError::NoSuchTable { round, table })?;
        if !players.contains(&p.player) {
            return Err(TournamentError::NotAtTable { name, round, table });
        }
        if matches!(p.kind, PenaltyKind::GameLoss | PenaltyKind::TimeExtension) {
            self.open_table(round, table)?; // a game loss of a decided match goes to the player's next match
        }
        let mut result = self.current_result(round, table)?;
        let (player, infraction, judged) = (p.player.clone(), Some(p.infraction), Some(judge.to_owned()));
        let why = reason.clone();
        match p.kind {
            PenaltyKind::GameLoss => {
                result.games.push(Game::GameLoss { player, reason: why, infraction, judge: judged });
            }
            PenaltyKind::TimeExtension => {
                check_extension(super::round_clock::extension_minutes(&result), minutes, table)?;
                result.judge.push(JudgeAction::TimeExtension { minutes, reason: why, infraction, judge: judged });
            }
            PenaltyKind::Warning => {
                result.judge.push(JudgeAction::Warning { player, reason: why, infraction, judge: judged })
            }
            PenaltyKind::MatchLoss => {
                result.judge.push(JudgeAction::MatchLoss { player, reason: why, infraction, judge: judged })
            }
            PenaltyKind::Disqualification => {
                result.judge.push(JudgeAction::Disqualification { player, reason: why, infraction, judge: judged })
            }
        }
        self.check_and_record(round, table, result).await?;
        let detail = json!({
            "round": round, "table": table, "player": p.player, "kind": p.kind, "infraction": p.infraction,
            "infraction_label": p.infraction.label(), "reason": reason, "minutes": p.minutes, "judge_name": judge,
        });
        Ok(("penalty", detail))
    }

    /// The table named, or the player's table in the round being played.
    fn penalty_table(&self, p: &IssuePenalty, name: &str) -> Result<(u32, u32), TournamentError> {
        match (p.round, p.table) {
            (Some(r), Some(t)) => Ok((r, t)),
            (None, None) => {
                let round = self.t.rounds.len() as u32;
                let table = (1..=round).contains(&round).then(|| {
                    self.t.rounds[round as usize - 1].pairings.iter().find_map(|pairing| match pairing {
                        gb_tournament::Pairing::Table(t) if t.players.contains(&p.player) => Some(t.table),
                        _ => None,
                    })
                });
                table.flatten().map(|t| (round, t)).ok_or_else(|| TournamentError::NoTable { name: name.to_owned() })
            }
            _ => Err(TournamentError::BadTable),
        }
    }
}
