//! Counters shared by every connection task: atomics for the hot path, one mutex-guarded histogram per
//! latency (recorded once per intent, so contention stays low), and a switch that opens the measured window
//! after the ramp-up.
use hdrhistogram::Histogram;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

pub(crate) struct Stats {
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
    /// The same, for seats whose socket is on a node other than the room's owner (relayed), and for the others.
    pub latency_relayed_us: Mutex<Histogram<u64>>,
    pub latency_local_us: Mutex<Histogram<u64>>,
    /// Frames received on sockets to each node.
    pub frames_by_node: Vec<AtomicU64>,
}

impl Stats {
    pub(crate) fn new(nodes: usize) -> Self {
        let histogram = || Mutex::new(Histogram::new_with_bounds(1, 60_000_000, 3).expect("valid bounds"));
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
            latency_us: histogram(),
            latency_relayed_us: histogram(),
            latency_local_us: histogram(),
            frames_by_node: (0..nodes).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    pub(crate) fn on(&self) -> bool {
        self.measuring.load(Relaxed)
    }

    /// Counts a received frame (only inside the measured window).
    pub(crate) fn frame(&self, len: usize, node: usize) {
        if self.on() {
            self.frames.fetch_add(1, Relaxed);
            self.frames_by_node[node].fetch_add(1, Relaxed);
            self.bytes.fetch_add(len as u64, Relaxed);
        }
    }

    pub(crate) fn latency(&self, us: u64, relayed: bool) {
        if self.on() {
            let _ = self.latency_us.lock().expect("not poisoned").record(us.max(1));
            let by = if relayed { &self.latency_relayed_us } else { &self.latency_local_us };
            let _ = by.lock().expect("not poisoned").record(us.max(1));
        }
    }

    pub(crate) fn get(c: &AtomicU64) -> u64 {
        c.load(Relaxed)
    }
}
