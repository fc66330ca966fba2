//! When the event ends a table's match from outside its games (docs/tournaments.md, "When the event ends a
//! match"): time and its extra turns ran out, a concession, an intentional draw, a no-show, a judge's match
//! loss or disqualification, or the organizer recorded the result (a correction). The table's room is told through its handle (tables.rs), so its seats see the
//! match end with the reason and no further move or game is accepted. Rooms keep no record of it: after a
//! restart the event tells them again from its log (actor.rs).
use super::state::Event;
use super::tables;
use crate::protocol::MatchEndReason;
use crate::protocol::tournament::NO_SHOW;
use gb_tournament::outcome::{MatchOutcome, score};
use gb_tournament::{Game, JudgeAction, MatchEnd, TableResult};

/// Why `result` ended its match other than by its games, if it did. A penalty outranks how play ended.
pub(super) fn end_reason(result: &TableResult) -> Option<MatchEndReason> {
    let penalty = result.judge.iter().find_map(|j| match j {
        JudgeAction::MatchLoss { reason, .. } if reason == NO_SHOW => Some(MatchEndReason::NoShow),
        JudgeAction::MatchLoss { .. } | JudgeAction::Disqualification { .. } => Some(MatchEndReason::Judge),
        JudgeAction::TimeExtension { .. } | JudgeAction::Warning { .. } => None,
    });
    if penalty.is_some() {
        return penalty;
    }
    Some(match result.end.as_ref()? {
        MatchEnd::Time => MatchEndReason::Time,
        MatchEnd::IntentionalDraw => MatchEndReason::IntentionalDraw,
        MatchEnd::ConcededBy(_) => MatchEndReason::Concession,
    })
}

impl Event {
    /// Tells the table's room that its match is over, if `result` ended it from outside the games (or the
    /// organizer recorded it, a correction); once per room.
    pub(super) fn end_room_match(&mut self, round: u32, table: u32, result: &TableResult) {
        let corrected = self.t.corrections.iter().any(|c| c.round == round && c.table == table);
        let reason = if corrected { Some(MatchEndReason::Organizer) } else { end_reason(result) };
        let Some(reason) =
            reason.or_else(|| self.decided_by_game_loss(round, table, result).then_some(MatchEndReason::Judge))
        else {
            return;
        };
        self.end_room(round, table, reason);
    }

    /// A game loss counted in the decision (docs/tournaments.md, "Penalties"): the room, which only counts the
    /// games it played, would play on, so the event ends its match.
    fn decided_by_game_loss(&self, round: u32, table: u32, result: &TableResult) -> bool {
        let needed = u32::from(self.t.settings.games_per_match / 2 + 1);
        result.games.iter().any(|g| matches!(g, Game::GameLoss { .. }))
            && self
                .table_players(round, table)
                .is_some_and(|p| score(&p, result, needed).outcome != MatchOutcome::Pending)
    }

    /// Tells the table's room its match is over for `reason`, once per room.
    pub(super) fn end_room(&mut self, round: u32, table: u32, reason: MatchEndReason) {
        let Some(room) = self.rooms.get(&(round, table)) else { return };
        if self.rooms_ended.insert(room.clone()) {
            tables::end_match(&self.deps.rooms, room.clone(), reason);
        }
    }
}
