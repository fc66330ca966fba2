//! Emotes (docs/protocol.md, "Emotes"): a seat's fixed short message, shown at once to the other viewers. Not
//! an intent: no version, no log, nothing stored; a refusal changes nothing and is said to the sender alone.
use super::actor::Room;
use super::streams::Kind;
use crate::protocol::{Emote, ServerMsg};
use axum::extract::ws::Utf8Bytes;
use gb_core::Seat;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// At most this many emotes per seat within [`WINDOW`]: enough to greet and answer, too few to flood.
pub const BURST: usize = 3;
pub const WINDOW: Duration = Duration::from_secs(10);

/// Why an emote was not sent: the `error` frame's code and sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmoteRefused {
    pub code: &'static str,
    pub message: String,
}

impl EmoteRefused {
    pub fn frame(&self) -> ServerMsg {
        ServerMsg::error(self.code, self.message.clone())
    }
}

/// When each seat's recent emotes were sent, per seat (a sliding window, so every socket of a seat shares it).
#[derive(Default)]
pub struct Recent(Vec<VecDeque<Instant>>);

impl Recent {
    /// Counts an emote from `seat` at `now` if the seat is under its limit.
    fn admit(&mut self, seat: Seat, now: Instant) -> bool {
        if self.0.len() <= seat.index() {
            self.0.resize_with(seat.index() + 1, VecDeque::new);
        }
        let sent = &mut self.0[seat.index()];
        while sent.front().is_some_and(|&t| now.duration_since(t) >= WINDOW) {
            sent.pop_front();
        }
        if sent.len() >= BURST {
            return false;
        }
        sent.push_back(now);
        true
    }
}

impl Room {
    /// Shows `emote` from connection `conn`'s seat to every viewer, or says why not.
    pub(super) fn emote(&mut self, conn: u64, emote: Emote) -> Result<(), EmoteRefused> {
        let refuse = |code, message: &str| Err(EmoteRefused { code, message: message.to_owned() });
        let Some(kind) = self.conns.iter().find(|c| c.conn.id == conn).map(|c| c.kind) else {
            return refuse("not_connected", "this connection is not in the room");
        };
        let Some(seat) = kind.seat() else {
            return refuse("not_seated", "you watch this room; only its players send emotes");
        };
        if !self.emotes.admit(seat, Instant::now()) {
            let message = format!("at most {BURST} emotes in {} seconds: this one was not sent", WINDOW.as_secs());
            return refuse("emote_rate_limited", &message);
        }
        let name = self.seats[seat.index()].as_ref().map(|e| e.display_name.clone()).unwrap_or_default();
        let frame = Utf8Bytes::from(ServerMsg::Emote { seat, name, emote }.encode());
        // Behind a spectator delay an emote would arrive before the play it answers, so delayed spectators see
        // none; otherwise they are public words like the board.
        let shown = |k: Kind| k != Kind::Spectator || self.cfg.spectator_delay.is_none();
        let kinds: Vec<Kind> = Kind::all(self.seats.len()).filter(|&k| shown(k)).collect();
        for &kind in &kinds {
            self.relay_out(kind, false, &frame);
        }
        self.send_all(|k| kinds.contains(&k).then(|| frame.clone()));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_may_send_three_in_ten_seconds_then_again_after() {
        let (mut recent, t0) = (Recent::default(), Instant::now());
        for i in 0..BURST {
            assert!(recent.admit(Seat::A, t0 + Duration::from_secs(i as u64)));
        }
        assert!(!recent.admit(Seat::A, t0 + Duration::from_secs(5)), "the fourth within the window");
        assert!(recent.admit(Seat::B, t0 + Duration::from_secs(5)), "each seat has its own limit");
        assert!(recent.admit(Seat::A, t0 + WINDOW), "the first has left the window");
    }
}
