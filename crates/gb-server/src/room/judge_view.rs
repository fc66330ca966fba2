//! A tournament judge opens the table (docs/tournaments.md, "Judge view"): the room hands over its game with
//! nothing hidden (gb-core's `judge_view`, never a viewer's stream) and tells every viewer, players and
//! spectators, that a judge is watching; `RoomInfo.judge_watching` keeps it for those who arrive later. Only
//! the event's judge-view route asks (api/tournaments/judging.rs), after the event has checked and audited it.
use super::actor::Room;
use tokio::sync::oneshot;

pub use super::game::JudgeSight;

impl Room {
    /// Hands `judge` the game with nothing hidden, then tells every viewer a judge is watching (room/announce.rs
    /// keeps it for those who arrive later).
    pub(super) fn judge_view(&mut self, judge: String, reply: oneshot::Sender<JudgeSight>) {
        let game = self.play.games.len().saturating_sub(1) as u32;
        let view = self.play.game.as_ref().map(|g| gb_core::view::judge_view(&g.state));
        let _ = reply.send(JudgeSight { game, view });
        let frame = self.notices.judge_opened(judge, crate::db::now_ms());
        self.tell_everyone(&frame);
        self.publish(true);
    }
}
