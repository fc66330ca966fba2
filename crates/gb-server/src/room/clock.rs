//! Per-seat clocks, one per seat of the room (two, or 3–6 in a free-for-all, MP-19). A clock runs only while its
//! seat owes a decision (`gb_core::owed_seat`); a separate disconnection bank drains while the owing seat has no
//! live connection, so walking away cannot stall a game. `connected` is indexed by seat like the clocks.
use crate::protocol::{ClockSetting, Clocks, GameEndReason};
use gb_core::Seat;
use std::time::Duration;
use tokio::time::Instant;

/// Why a seat lost on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// The thinking time ran out.
    Time,
    /// The disconnection bank ran out while the seat owed a decision.
    Disconnected,
    /// Nobody stayed connected to a game against the computer for the room's idle limit.
    Abandoned,
    /// A tournament round's time decided the game against the seat (room/round_time.rs).
    RoundTime,
}

impl Flag {
    /// How the game's result records it.
    pub fn reason(self) -> GameEndReason {
        match self {
            Flag::Time => GameEndReason::Time,
            Flag::Disconnected => GameEndReason::Disconnected,
            Flag::Abandoned => GameEndReason::Abandoned,
            Flag::RoundTime => GameEndReason::RoundTime,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Clock {
    setting: ClockSetting,
    remaining: Vec<Duration>,
    bank: Vec<Duration>,
    running: Option<(Seat, Instant)>,
}

fn ms(d: u32) -> Duration {
    Duration::from_millis(u64::from(d))
}

impl Clock {
    /// A fresh clock for each of `seats` seats.
    pub fn new(setting: ClockSetting, seats: usize) -> Clock {
        let (initial, bank) = match setting {
            ClockSetting::Chess { initial_ms, disconnect_bank_ms, .. } => (initial_ms, disconnect_bank_ms),
            ClockSetting::PerTurn { limit_ms, disconnect_bank_ms } => (limit_ms, disconnect_bank_ms),
        };
        Clock { setting, remaining: vec![ms(initial); seats], bank: vec![ms(bank); seats], running: None }
    }

    /// A clock rebuilt after a restart from the values persisted with the last accepted intent. The time the
    /// server was down is not charged to anyone.
    pub fn restore(setting: ClockSetting, remaining_ms: &[u32], bank_ms: &[u32]) -> Clock {
        let (remaining, bank) =
            (remaining_ms.iter().map(|&d| ms(d)).collect(), bank_ms.iter().map(|&d| ms(d)).collect());
        Clock { setting, remaining, bank, running: None }
    }

    /// Charges `seat` time it spent outside any running clock (a crashed owner's last stretch, cluster mode):
    /// thinking time only, its disconnection bank untouched (it counts as connected).
    pub fn charge(&mut self, seat: Seat, d: Duration) {
        let i = seat.index();
        self.remaining[i] = self.remaining[i].saturating_sub(d);
    }

    /// Charges the running seat for the time since the last settlement. Call before anything that changes who
    /// owes or who is connected, so each stretch is charged under the right conditions.
    pub fn settle(&mut self, now: Instant, connected: &[bool]) {
        if let Some((seat, since)) = self.running.as_mut() {
            let elapsed = now.saturating_duration_since(*since);
            let i = seat.index();
            self.remaining[i] = self.remaining[i].saturating_sub(elapsed);
            if !connected[i] {
                self.bank[i] = self.bank[i].saturating_sub(elapsed);
            }
            *since = now;
        }
    }

    /// After an accepted intent by `mover`: increment (chess), refill (per turn), and start `owed`'s clock.
    pub fn after_intent(&mut self, now: Instant, mover: Seat, owed: Option<Seat>, connected: &[bool]) {
        self.settle(now, connected);
        let was = self.running.map(|(s, _)| s);
        if let ClockSetting::Chess { increment_ms, .. } = self.setting
            && was == Some(mover)
        {
            self.remaining[mover.index()] += ms(increment_ms);
        }
        self.start(now, owed, was);
    }

    /// Starts `owed`'s clock (at the start of a game, or after a restart).
    pub fn start(&mut self, now: Instant, owed: Option<Seat>, was: Option<Seat>) {
        if let (ClockSetting::PerTurn { limit_ms, .. }, Some(s)) = (self.setting, owed)
            && was != Some(s)
        {
            self.remaining[s.index()] = ms(limit_ms);
        }
        self.running = owed.map(|s| (s, now));
    }

    pub fn stop(&mut self, now: Instant, connected: &[bool]) {
        self.settle(now, connected);
        self.running = None;
    }

    /// When the running seat will flag if nothing happens, and why.
    pub fn deadline(&self, connected: &[bool]) -> Option<(Instant, Seat, Flag)> {
        let (seat, since) = self.running?;
        let i = seat.index();
        let time = (since + self.remaining[i], seat, Flag::Time);
        if connected[i] {
            return Some(time);
        }
        let bank = (since + self.bank[i], seat, Flag::Disconnected);
        Some(if bank.0 < time.0 { bank } else { time })
    }

    /// The seat that has run out by `now`, if any.
    pub fn flagged(&mut self, now: Instant, connected: &[bool]) -> Option<(Seat, Flag)> {
        self.settle(now, connected);
        let (seat, _) = self.running?;
        let i = seat.index();
        if self.remaining[i].is_zero() {
            Some((seat, Flag::Time))
        } else if !connected[i] && self.bank[i].is_zero() {
            Some((seat, Flag::Disconnected))
        } else {
            None
        }
    }

    /// The state as sent to clients (settle first for an up-to-date figure).
    pub fn wire(&self) -> Clocks {
        let clamp = |d: Duration| u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
        Clocks {
            remaining_ms: self.remaining.iter().copied().map(clamp).collect(),
            bank_ms: self.bank.iter().copied().map(clamp).collect(),
            running: self.running.map(|(s, _)| s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::time::advance;

    const BOTH: &[bool] = &[true, true];

    #[tokio::test(start_paused = true)]
    async fn chess_clock_runs_only_for_the_owing_seat_and_adds_increment() {
        let mut c =
            Clock::new(ClockSetting::Chess { initial_ms: 10_000, increment_ms: 1_000, disconnect_bank_ms: 5_000 }, 2);
        c.start(Instant::now(), Some(Seat::A), None);
        advance(Duration::from_secs(3)).await;
        c.after_intent(Instant::now(), Seat::A, Some(Seat::B), BOTH);
        assert_eq!(c.wire().remaining_ms, [8_000, 10_000]);
        advance(Duration::from_secs(2)).await;
        c.settle(Instant::now(), BOTH);
        assert_eq!(c.wire().remaining_ms, [8_000, 8_000], "A's clock is stopped while B owes");
        assert_eq!(c.wire().running, Some(Seat::B));
    }

    #[tokio::test(start_paused = true)]
    async fn flags_on_time_and_on_disconnection_bank() {
        let mut c = Clock::new(ClockSetting::PerTurn { limit_ms: 4_000, disconnect_bank_ms: 1_500 }, 2);
        c.start(Instant::now(), Some(Seat::B), None);
        let (at, seat, flag) = c.deadline(BOTH).unwrap();
        assert_eq!((seat, flag), (Seat::B, Flag::Time));
        assert_eq!(at - Instant::now(), Duration::from_secs(4));
        let away = &[true, false];
        assert_eq!(c.deadline(away).unwrap().2, Flag::Disconnected);
        advance(Duration::from_millis(1_500)).await;
        assert_eq!(c.flagged(Instant::now(), away), Some((Seat::B, Flag::Disconnected)));
        let mut c = Clock::new(ClockSetting::PerTurn { limit_ms: 4_000, disconnect_bank_ms: 1_500 }, 2);
        c.start(Instant::now(), Some(Seat::A), None);
        advance(Duration::from_millis(3_999)).await;
        assert_eq!(c.flagged(Instant::now(), BOTH), None);
        advance(Duration::from_millis(1)).await;
        assert_eq!(c.flagged(Instant::now(), BOTH), Some((Seat::A, Flag::Time)));
    }

    #[tokio::test(start_paused = true)]
    async fn per_turn_limit_refills_when_the_seat_starts_owing() {
        let mut c = Clock::new(ClockSetting::PerTurn { limit_ms: 4_000, disconnect_bank_ms: 0 }, 2);
        c.start(Instant::now(), Some(Seat::A), None);
        advance(Duration::from_secs(3)).await;
        c.after_intent(Instant::now(), Seat::A, Some(Seat::A), BOTH);
        assert_eq!(c.wire().remaining_ms[0], 1_000, "still A's run of decisions");
        c.after_intent(Instant::now(), Seat::A, Some(Seat::B), BOTH);
        advance(Duration::from_secs(1)).await;
        c.after_intent(Instant::now(), Seat::B, Some(Seat::A), BOTH);
        assert_eq!(c.wire().remaining_ms, [4_000, 3_000]);
    }

    /// Four seats (MP-19): each seat has its own clock and bank; only the owing seat's runs, and a seat away
    /// drains only its own bank.
    #[tokio::test(start_paused = true)]
    async fn four_seats_each_have_their_own_clock_and_bank() {
        let mut c =
            Clock::new(ClockSetting::Chess { initial_ms: 10_000, increment_ms: 0, disconnect_bank_ms: 3_000 }, 4);
        let away_c = &[true, true, false, true];
        c.start(Instant::now(), Some(Seat::B), None);
        advance(Duration::from_secs(2)).await;
        c.after_intent(Instant::now(), Seat::B, Some(Seat::C), away_c);
        assert_eq!(c.wire().remaining_ms, [10_000, 8_000, 10_000, 10_000]);
        assert_eq!(c.deadline(away_c).unwrap().1, Seat::C);
        assert_eq!(c.deadline(away_c).unwrap().2, Flag::Disconnected, "C's bank is shorter than its clock");
        advance(Duration::from_secs(1)).await;
        c.after_intent(Instant::now(), Seat::C, Some(Seat::D), away_c);
        let w = c.wire();
        assert_eq!((w.remaining_ms[2], w.bank_ms[2]), (9_000, 2_000), "C was away while it owed");
        assert_eq!(w.bank_ms, [3_000, 3_000, 2_000, 3_000], "no other seat's bank moved");
        assert_eq!(w.running, Some(Seat::D));
        advance(Duration::from_secs(10)).await;
        assert_eq!(c.flagged(Instant::now(), away_c), Some((Seat::D, Flag::Time)), "D flags, not C");
        let back = Clock::restore(c.setting, &w.remaining_ms, &w.bank_ms);
        assert_eq!(back.wire().remaining_ms, w.remaining_ms, "a restored clock keeps every seat's time");
    }
}
