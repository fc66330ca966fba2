//! The featured table (docs/tournaments.md, "Featured table"): the organizer picks one table of the round being
//! played for spectators to find first (a final, a top table). A pick is an audit entry (`feature_table`), read
//! back when the event is rebuilt, like the judges: the audit is its record. It lapses with its round.
use super::TournamentError;
use super::state::Event;
use crate::db::tournaments::AuditRow;
use crate::protocol::tournament::TableRef;
use serde_json::json;

/// The audit action of a pick (or of featuring none).
const FEATURE: &str = "feature_table";

/// The latest pick in `rows` (an event's audit log): `None` when there is none or it featured no table.
pub(super) fn from_audit(rows: &[AuditRow]) -> Option<TableRef> {
    let last = rows.iter().rev().find(|r| r.action == FEATURE)?;
    let detail = &last.detail;
    Some(TableRef { round: detail["round"].as_u64()? as u32, table: detail["table"].as_u64()? as u32 })
}

impl Event {
    /// The organizer features `table` of the round being played (`None`: no table). Written (its audit entry)
    /// before it is applied.
    pub(super) async fn feature(&mut self, organizer: &str, table: Option<u32>) -> Result<(), TournamentError> {
        let round = self.t.rounds.len() as u32;
        if round == 0 {
            return Err(TournamentError::NoRoundToFeature);
        }
        if let Some(table) = table
            && self.table_players(round, table).is_none()
        {
            return Err(TournamentError::NoSuchTable { round, table });
        }
        let detail = json!({ "round": round, "table": table });
        crate::db::tournaments::audit(&self.db, &self.id, organizer, FEATURE, &detail)
            .await
            .map_err(TournamentError::storage)?;
        self.featured = table.map(|table| TableRef { round, table });
        Ok(())
    }

    /// The featured table while its round is the one being played.
    pub(super) fn featured_now(&self) -> Option<TableRef> {
        self.featured.filter(|f| f.round == self.t.rounds.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(action: &str, detail: serde_json::Value) -> AuditRow {
        AuditRow { seq: 1, actor: "o".into(), action: action.into(), detail, created_at: 7 }
    }

    #[test]
    fn the_latest_pick_counts_and_none_clears_it() {
        let pick = |t: serde_json::Value| row(FEATURE, json!({ "round": 2, "table": t }));
        assert_eq!(from_audit(&[]), None);
        let rows = [pick(json!(3)), row("announce", json!({ "text": "hi" }))];
        assert_eq!(from_audit(&rows), Some(TableRef { round: 2, table: 3 }));
        assert_eq!(from_audit(&[pick(json!(3)), pick(serde_json::Value::Null)]), None);
        assert_eq!(from_audit(&[pick(serde_json::Value::Null), pick(json!(1))]), Some(TableRef { round: 2, table: 1 }));
    }
}
