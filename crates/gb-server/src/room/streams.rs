//! Versioned per-viewer streams (lila-ws style): each viewer kind (each seat of the room, and spectators) has
//! its own sequence of encoded frames, one per match version, kept in a bounded history for reconnects. A frame
//! is encoded once and its bytes shared by every connection of that kind.
use super::delta::{Seen, Spare};
use crate::protocol::{Clocks, SpectatorDelay};
pub use crate::viewer::kind::Kind;
use axum::extract::ws::Utf8Bytes;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::time::Instant;

/// The frames of one viewer kind, newest last, plus what a snapshot at the stream's head shows.
pub struct Stream {
    history: VecDeque<(u32, Utf8Bytes)>,
    cap: usize,
    /// The last version this stream has published (spectators lag behind under a delay).
    pub head: u32,
    /// What this kind holds at `head`: the snapshot's content, and the base of the next delta.
    pub seen: Option<Seen>,
    pub clocks: Option<Clocks>,
    /// What the last replaced `seen` left, for this kind's next projection to reuse.
    pub spare: Spare,
    /// `seen` is behind `head` (versions were [`Stream::pass`]ed while nobody of this kind was connected) or gone
    /// ([`Stream::rest`]).
    pub stale: bool,
}

impl Stream {
    pub fn new(cap: usize) -> Stream {
        Stream {
            history: VecDeque::new(),
            cap,
            head: 0,
            seen: None,
            clocks: None,
            spare: Spare::default(),
            stale: false,
        }
    }

    /// Starts a new game (version 0), or resumes one after a restart at version `v` with no history.
    pub fn reset(&mut self, v: u32, seen: Seen, clocks: Option<Clocks>) {
        self.history.clear();
        self.head = v;
        self.seen = Some(seen);
        self.clocks = clocks;
        self.stale = false;
    }

    /// Moves the head to version `v` without a frame: nobody of this kind is connected to be sent one, so the
    /// version is not projected (issue 14: most rooms have no spectator, and theirs was a third of every
    /// intent's projections). The history goes (a viewer who comes back gets a snapshot) and `seen` is stale
    /// until the room writes it afresh, before anyone is shown it.
    pub fn pass(&mut self, v: u32, clocks: Option<Clocks>) {
        self.history.clear();
        self.head = v;
        self.clocks = clocks;
        self.stale = true;
    }

    /// Lets go of what a finished game's stream holds while nobody watches it (the room rests, `Room::rest`): the
    /// kept frames, the view and the spare buffers. The head stays; `seen` is written afresh at the head before
    /// anyone is shown it ([`Stream::refresh`]), and a viewer resuming from an older version gets a snapshot.
    pub fn rest(&mut self) {
        self.history = VecDeque::new();
        self.seen = None;
        self.spare = Spare::default();
        self.stale = true;
    }

    /// `seen` written afresh at the head (see [`Stream::pass`]); what it held is kept for reuse.
    pub fn refresh(&mut self, seen: Seen) {
        if let Some(old) = self.seen.replace(seen) {
            self.spare.keep(old);
        }
        self.stale = false;
    }

    /// How many frames the history keeps.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// Publishes version `v`; `seen` is `None` for a `skip` (the viewer still holds what it held).
    pub fn push(&mut self, v: u32, frame: Utf8Bytes, seen: Option<Seen>, clocks: Option<Clocks>) {
        debug_assert!(!self.stale, "a frame patches what the viewer holds: a stale stream has no base for it");
        if self.history.len() == self.cap {
            self.history.pop_front();
        }
        self.history.push_back((v, frame));
        self.head = v;
        if let Some(old) = seen.and_then(|s| self.seen.replace(s)) {
            self.spare.keep(old);
        }
        self.clocks = clocks;
    }

    /// The frames after version `after` up to the head, or `None` when they are no longer all kept (or the
    /// client claims a version this stream never published), in which case the caller sends a snapshot.
    pub fn since(&self, after: u32) -> Option<Vec<Utf8Bytes>> {
        if after > self.head {
            return None;
        }
        if after == self.head {
            return Some(Vec::new());
        }
        let first = self.history.front()?.0;
        if after + 1 < first {
            return None;
        }
        Some(self.history.iter().filter(|(v, _)| *v > after).map(|(_, f)| f.clone()).collect())
    }
}

/// A spectator frame held back by the room's spectator delay.
pub struct Held {
    pub v: u32,
    pub turn: u32,
    pub at: Instant,
    pub frame: Utf8Bytes,
    /// What spectators hold at `v`; `None` for a `skip`.
    pub seen: Option<Seen>,
    pub clocks: Option<Clocks>,
}

/// The spectator delay rule: may spectators see a version accepted `waited` ago during turn `its_turn`, now
/// that play is in turn `live_turn`? The live room and recovery (from stored times) both ask this.
pub fn due(delay: Option<SpectatorDelay>, waited: Duration, its_turn: u32, live_turn: u32, game_over: bool) -> bool {
    game_over
        || match delay {
            None => true,
            Some(SpectatorDelay::Seconds(s)) => waited >= Duration::from_secs(u64::from(s)),
            Some(SpectatorDelay::Turns(n)) => live_turn >= its_turn.saturating_add(n),
        }
}

/// How many versions of a stored log spectators have been shown: the delay rule applied to each intent's stored
/// time (`accepted_ms`, milliseconds since the epoch) and turn, in order. Recovery rebuilds the spectators' head
/// with it, and the public replay of a live match whose room is not in memory stops there.
pub fn shown_of_log(
    delay: Option<SpectatorDelay>,
    accepted_ms: &[i64],
    turns: &[u32],
    live_turn: u32,
    game_over: bool,
    now_ms: i64,
) -> u32 {
    let waited = |at: i64| Duration::from_millis(u64::try_from(now_ms - at).unwrap_or(0));
    let shown = accepted_ms.iter().zip(turns).take_while(|(at, t)| due(delay, waited(**at), **t, live_turn, game_over));
    shown.count() as u32
}

/// The spectator delay queue: frames leave it in order once their delay has passed.
#[derive(Default)]
pub struct DelayQueue {
    held: VecDeque<Held>,
}

impl DelayQueue {
    pub fn hold(&mut self, h: Held) {
        self.held.push_back(h);
    }

    pub fn clear(&mut self) {
        self.held.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }

    /// What spectators will hold once everything held is released (the base of the next spectator delta).
    pub fn newest_seen(&self) -> Option<&Seen> {
        self.held.iter().rev().find_map(|h| h.seen.as_ref())
    }

    /// Frames due at `now` in the current `turn`; with `game_over` everything is due (nothing left to hide).
    pub fn release(&mut self, delay: Option<SpectatorDelay>, now: Instant, turn: u32, game_over: bool) -> Vec<Held> {
        let mut out = Vec::new();
        while let Some(h) = self.held.front() {
            if !due(delay, now.saturating_duration_since(h.at), h.turn, turn, game_over) {
                break;
            }
            out.extend(self.held.pop_front());
        }
        out
    }

    /// When the next held frame becomes due under a seconds delay (turn delays are released by play itself).
    pub fn next_due(&self, delay: Option<SpectatorDelay>) -> Option<Instant> {
        match delay {
            Some(SpectatorDelay::Seconds(s)) => self.held.front().map(|h| h.at + Duration::from_secs(u64::from(s))),
            _ => None,
        }
    }
}

/// The frames of the last versions of a recovered game, per viewer kind (indexed by `Kind::index`).
pub struct History {
    pub base_v: u32,
    /// What each kind holds at `base_v`.
    pub base: Vec<Seen>,
    pub base_clocks: Option<Clocks>,
    pub steps: Vec<Step>,
    /// The last version spectators had been shown: the delay rule applied to the stored intents' times and
    /// turns. Later steps are held again until their own time comes; earlier ones were already public.
    pub spectator_head: u32,
}

pub struct Step {
    pub v: u32,
    pub turn: u32,
    /// When the intent was accepted (its stored time), so a delay counts from then, not from the restart.
    pub accepted: Instant,
    pub frames: Vec<Utf8Bytes>,
    /// What each kind holds at `v` (`None`: a `skip`).
    pub seen: Vec<Option<Seen>>,
    pub clocks: Option<Clocks>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use gb_core::Seat;

    fn f(s: &str) -> Utf8Bytes {
        Utf8Bytes::from(s.to_owned())
    }

    fn held(v: u32, turn: u32, at: Instant) -> Held {
        let seen = Some(Seen::of(&sample_state(), Kind::Spectator));
        Held { v, turn, at, frame: f(&v.to_string()), seen, clocks: None }
    }

    fn sample_state() -> gb_core::MatchState {
        let decks = gb_core::decks::preconstructed();
        let setup = gb_core::MatchSetup {
            decks: vec![decks[0].1.clone(), decks[1].1.clone()],
            seed: 1u64.into(),
            chooser: None,
        };
        gb_core::new_match(&setup).expect("shipped decks are legal")
    }

    #[tokio::test(start_paused = true)]
    async fn delay_releases_by_seconds_by_turns_and_at_game_over() {
        let t0 = Instant::now();
        let secs = Some(SpectatorDelay::Seconds(2));
        let mut q = DelayQueue::default();
        q.hold(held(1, 1, t0));
        q.hold(held(2, 1, t0 + Duration::from_secs(1)));
        assert!(q.release(secs, t0 + Duration::from_millis(1999), 1, false).is_empty());
        assert_eq!(q.next_due(secs), Some(t0 + Duration::from_secs(2)));
        let out: Vec<u32> = q.release(secs, t0 + Duration::from_secs(2), 1, false).iter().map(|h| h.v).collect();
        assert_eq!(out, [1]);
        assert_eq!(q.release(secs, t0 + Duration::from_secs(3), 1, false).len(), 1);

        let turns = Some(SpectatorDelay::Turns(1));
        q.hold(held(3, 4, t0));
        q.hold(held(4, 5, t0));
        assert!(q.release(turns, t0, 4, false).is_empty(), "turn 4 is still being played");
        assert_eq!(q.release(turns, t0, 5, false).len(), 1, "turn 5 began: turn 4's versions are out");
        assert_eq!(q.next_due(turns), None, "turn delays have no timer");
        assert_eq!(q.release(turns, t0, 5, true).len(), 1, "everything is released when the game ends");
    }

    #[test]
    fn kinds_index_the_spectators_then_each_seat() {
        let kinds: Vec<Kind> = Kind::all(4).collect();
        assert_eq!(kinds.len(), 5, "N + 1 kinds for N seats");
        assert!(kinds.iter().enumerate().all(|(i, k)| k.index() == i), "all() is in index order");
        assert_eq!(kinds[3], Kind::Seat(Seat::C));
        assert_eq!(Kind::all(2).collect::<Vec<_>>(), [Kind::Spectator, Kind::A, Kind::B]);
    }

    #[test]
    fn since_gives_exactly_the_missed_frames_or_none_when_too_far_behind() {
        let mut s = Stream::new(3);
        for v in 1..=5 {
            s.history.push_back((v, f(&v.to_string())));
            if s.history.len() > 3 {
                s.history.pop_front();
            }
            s.head = v;
        }
        assert_eq!(s.since(5).unwrap().len(), 0);
        let got: Vec<String> = s.since(2).unwrap().iter().map(|b| b.to_string()).collect();
        assert_eq!(got, ["3", "4", "5"]);
        assert!(s.since(1).is_none(), "version 2 is no longer kept");
        assert!(s.since(6).is_none(), "a version from the future gets a snapshot");
    }
}
