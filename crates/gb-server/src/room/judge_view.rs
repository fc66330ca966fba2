//! A tournament judge opens the table (docs/tournaments.md, "Judge view"): the room hands over its game with
//! nothing hidden (gb-core's `judge_view`, never a viewer's stream) and tells every viewer, players and
//! spectators, that a judge is watching; `RoomInfo.judge_watching` keeps it for those who arrive later. Only
//! the event's judge-view route asks (api/tournaments/judging.rs), after the event has checked and audited it.
use super::actor::Room;
use super::streams::Kind;
use crate::protocol::{JudgeWatching, ServerMsg};
use axum::extract::ws::Utf8Bytes;
use tokio::sync::oneshot;

pub use super::game::JudgeSight;

impl Room {
    pub(super) fn judge_view(&mut self, judge: String, reply: oneshot::Sender<JudgeSight>) {
        let game = self.play.games.len().saturating_sub(1) as u32;
        let view = self.play.game.as_ref().map(|g| gb_core::view::judge_view(&g.state));
        let _ = reply.send(JudgeSight { game, view });
        let at_ms = crate::db::now_ms();
        self.judge_watching = Some(JudgeWatching { judge: judge.clone(), at_ms });
        let frame = Utf8Bytes::from(ServerMsg::JudgeWatching { judge, at_ms }.encode());
        for kind in Kind::all(self.seats.len()) {
            self.relay_out(kind, false, &frame);
        }
        self.send_all(|_| Some(frame.clone()));
        self.publish(true);
    }
}
