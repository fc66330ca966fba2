//! A late viewer's log (`history`, docs/protocol.md): the events of every version up to the head of its viewer
//! kind's stream — a spectator's is its delayed head — each redacted by `Events::for_viewer` exactly as that
//! kind's live `update` carried it. Built from the game's setup and intent log through gb-core's one replay path,
//! so it cannot say anything the live frames did not (and never what the spectator delay still holds back).
use super::actor::Room;
use super::streams::Kind;
use crate::protocol::{HistoryEntry, ServerMsg};
use axum::extract::ws::Utf8Bytes;
use gb_core::replay_logged_each;

impl Room {
    /// The encoded `history` for `kind`, replayed once per (game, head) of that kind's stream: the log up to a
    /// head never changes, so every viewer connecting at the same version gets the same frame.
    pub(super) fn history_frame(&mut self, kind: Kind) -> Option<Utf8Bytes> {
        let key = (self.play.games.len() as u32, self.viewers.streams[kind.index()].head);
        if let Some((k, frame)) = &self.viewers.history_frames[kind.index()]
            && *k == key
        {
            return Some(frame.clone());
        }
        let frame = Utf8Bytes::from(self.history(kind)?.encode());
        self.viewers.history_frames[kind.index()] = Some((key, frame.clone()));
        Some(frame)
    }

    /// The `history` message to send with a snapshot for `kind`, or `None` outside a game.
    pub(super) fn history(&self, kind: Kind) -> Option<ServerMsg> {
        let game = self.play.game.as_ref()?;
        let head = self.viewers.streams[kind.index()].head;
        let viewer = kind.viewer();
        let mut entries = Vec::new();
        let upto = game.log.get(..head as usize).unwrap_or(&game.log);
        let replayed = replay_logged_each(&game.setup, upto, |state, events| {
            let events = events.for_viewer(viewer);
            if !events.is_empty() {
                entries.push(HistoryEntry { v: state.version(), events });
            }
        });
        if let Err(e) = replayed {
            // The log was accepted intent by intent, so it replays; if it ever did not, the viewer gets no log
            // rather than a wrong one.
            tracing::error!(room = %self.id, error = %e, "the game's log does not replay; no history sent");
            return None;
        }
        let game_index = self.play.games.len().saturating_sub(1) as u32;
        Some(ServerMsg::History { game: game_index, v: head, entries })
    }
}
