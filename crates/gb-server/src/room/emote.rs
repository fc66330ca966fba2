//! Emotes (docs/protocol.md, "Emotes"): a seat's fixed short message, shown at once to the other viewers. Not
//! an intent: no version, no log, nothing stored; a refusal changes nothing and is said to the sender alone.
use super::actor::Room;
use super::streams::Kind;
use super::viewers::Viewers;
use crate::protocol::{Emote, ServerMsg};
use axum::extract::ws::Utf8Bytes;
use gb_core::Seat;
use std::time::Instant;

pub use super::viewers::{BURST, EmoteRefused, Recent, WINDOW};

impl Room {
    /// Shows `emote` from connection `conn`'s seat to every viewer, or says why not.
    pub(super) fn emote(&mut self, conn: u64, emote: Emote) -> Result<(), EmoteRefused> {
        let seat = self.viewers.admit_emote(conn, Instant::now())?;
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

impl Viewers {
    /// The seat connection `conn` sends an emote for at `now`, counted against its rate; or why it may not.
    pub(super) fn admit_emote(&mut self, conn: u64, now: Instant) -> Result<Seat, EmoteRefused> {
        let refuse = |code, message: &str| Err(EmoteRefused { code, message: message.to_owned() });
        let Some(kind) = self.kind_of_conn(conn) else {
            return refuse("not_connected", "this connection is not in the room");
        };
        let Some(seat) = kind.seat() else {
            return refuse("not_seated", "you watch this room; only its players send emotes");
        };
        if !self.emotes.admit(seat, now) {
            let message = format!("at most {BURST} emotes in {} seconds: this one was not sent", WINDOW.as_secs());
            return refuse("emote_rate_limited", &message);
        }
        Ok(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::super::viewers::tests::watching;
    use super::*;

    #[test]
    fn only_a_seated_connection_sends_emotes_and_within_its_rate() {
        let mut v = Viewers::new(2, 8, std::time::Duration::from_secs(1));
        let _b = watching(&mut v, 1, 4, Kind::of_seat(Seat::B));
        let _s = watching(&mut v, 2, 4, Kind::Spectator);
        let now = Instant::now();
        let code = |r: Result<Seat, EmoteRefused>| r.err().map(|e| e.code);
        assert_eq!(code(v.admit_emote(9, now)), Some("not_connected"));
        assert_eq!(code(v.admit_emote(2, now)), Some("not_seated"));
        for _ in 0..BURST {
            assert_eq!(v.admit_emote(1, now), Ok(Seat::B));
        }
        assert_eq!(code(v.admit_emote(1, now)), Some("emote_rate_limited"));
    }
}
