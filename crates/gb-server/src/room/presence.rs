//! Presence: who is connected is news for every viewer of a room (the `room` frame: seats' `connected`, the
//! spectator count), but one client opening and closing sockets in a loop must not turn that into a frame per
//! churn for everyone (the probe: 4,827 churns in 20 s became 9,571 `room` frames, 6.8 MB, per viewer). So a
//! connection change is announced at once only if no `room` frame went out in the last interval; otherwise it
//! is marked pending and one frame carrying the latest info goes out when the interval ends (latest wins).
//! Every other `room` frame (a seat taken, a game started or ended) still goes out at once and also carries
//! the presence, so it clears what was pending.
use super::actor::Room;
use tokio::time::Instant;

impl Room {
    /// A viewer connected or left: the lobby's copy is refreshed now; viewers are told now or, under churn,
    /// once at the end of the interval.
    pub(super) fn presence_changed(&mut self) {
        if self.viewers.presence.changed(Instant::now()) {
            self.publish(true);
        } else {
            self.publish(false);
        }
    }

    /// The run loop's timer: announce a pending change whose interval has ended.
    pub(super) fn flush_presence(&mut self) {
        if self.viewers.presence.due().is_some_and(|at| at <= Instant::now()) {
            self.publish(true);
        }
    }
}
