//! Counters shared by every connection task: atomics for the hot path, one mutex-guarded histogram per
//! latency (recorded once per intent, so contention stays low), and a switch that opens the measured window
//! after the ramp-up.
use hdrhistogram::Histogram;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

pub struct Stats {
    pub measuring: AtomicBool,
    pub intents_sent: AtomicU64,
    pub updates_seen: AtomicU64,
    pub frames: AtomicU64,
    pub bytes: AtomicU64,
    pub connections: AtomicU64,
    pub open_connections: AtomicU64,
    pub games_finished: AtomicU64,
    pub errors: AtomicU64,
    pub rejected: AtomicU64,
    /// Send → our own `update` of that version, in microseconds.
    pub latency_us: Mutex<Histogram<u64>>,
}

impl Stats {
    pub fn new() -> Self {
        Stats {
            measuring: AtomicBool::new(false),
            intents_sent: AtomicU64::new(0),
            updates_seen: AtomicU64::new(0),
            frames: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            connections: AtomicU64::new(0),
            open_connections: AtomicU64::new(0),
            games_finished: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
            latency_us: Mutex::new(Histogram::new_with_bounds(1, 60_000_000, 3).expect("valid bounds")),
        }
    }

    pub fn on(&self) -> bool {
        self.measuring.load(Relaxed)
    }

    /// Counts a received frame (only inside the measured window).
    pub fn frame(&self, len: usize) {
        if self.on() {
            self.frames.fetch_add(1, Relaxed);
            self.bytes.fetch_add(len as u64, Relaxed);
        }
    }

    pub fn latency(&self, us: u64) {
        if self.on() {
            let _ = self.latency_us.lock().expect("not poisoned").record(us.max(1));
        }
    }

    pub fn get(c: &AtomicU64) -> u64 {
        c.load(Relaxed)
    }
}
