//! Presence: who is connected is news for every viewer of a room (the `room` frame: seats' `connected`, the
//! spectator count), but one client opening and closing sockets in a loop must not turn that into a frame per
//! churn for everyone (the probe: 4,827 churns in 20 s became 9,571 `room` frames, 6.8 MB, per viewer). So a
//! connection change is announced at once only if no `room` frame went out in the last interval; otherwise it
//! is marked pending and one frame carrying the latest info goes out when the interval ends (latest wins).
//! Every other `room` frame (a seat taken, a game started or ended) still goes out at once and also carries
//! the presence, so it clears what was pending.
//!
//! This is the coalescing rule alone, kept by the viewers part (room/viewers.rs); the room's `presence_changed`
//! and `flush_presence` (room/outbox.rs) act on it.
use std::time::Duration;

/// The coalescing state of one room's presence announcements.
pub(super) struct Presence {
    interval: Duration,
    /// When the last `room` frame went out to the viewers.
    last_sent: Option<tokio::time::Instant>,
    /// A connection change not yet announced.
    pending: bool,
}

impl Presence {
    pub(super) fn new(interval: Duration) -> Presence {
        Presence { interval, last_sent: None, pending: false }
    }

    /// A connection changed at `now`: whether to announce it now (else it is pending until `due`).
    pub(super) fn changed(&mut self, now: tokio::time::Instant) -> bool {
        let quiet = self.last_sent.is_none_or(|t| now >= t + self.interval);
        self.pending = !quiet;
        quiet
    }

    /// A `room` frame went out at `now` (it carries the latest presence).
    pub(super) fn sent(&mut self, now: tokio::time::Instant) {
        self.last_sent = Some(now);
        self.pending = false;
    }

    /// When the pending change is to be announced, if one is.
    pub(super) fn due(&self) -> Option<tokio::time::Instant> {
        self.pending.then(|| self.last_sent.map_or_else(tokio::time::Instant::now, |t| t + self.interval))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn churn_is_announced_once_per_interval_with_the_latest_state() {
        let second = Duration::from_secs(1);
        let mut p = Presence::new(second);
        let t0 = tokio::time::Instant::now();
        assert!(p.changed(t0), "the first change after a quiet spell goes out at once");
        p.sent(t0);
        for ms in 1..1000 {
            assert!(!p.changed(t0 + Duration::from_millis(ms)), "churn within the interval waits");
        }
        assert_eq!(p.due(), Some(t0 + second), "one announcement when the interval ends");
        p.sent(t0 + second);
        assert_eq!(p.due(), None, "the frame sent carried the latest state: nothing is left pending");
        assert!(p.changed(t0 + 2 * second), "a change after a quiet interval goes out at once again");
    }

    #[tokio::test(start_paused = true)]
    async fn any_room_frame_clears_a_pending_change() {
        let mut p = Presence::new(Duration::from_secs(1));
        let t0 = tokio::time::Instant::now();
        p.sent(t0);
        assert!(!p.changed(t0 + Duration::from_millis(10)));
        p.sent(t0 + Duration::from_millis(20));
        assert_eq!(p.due(), None);
    }
}
