//! Limits per key (client address, …): each key gets a burst, then one use per refill period (GCRA, from
//! `governor`); beyond it the answer is 429 with `Retry-After`, before any work is done. Login's limits are in
//! login_throttle.rs.
use crate::error::ApiError;
use crate::settings::Limits;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

/// Keys kept before idle ones are swept, so a spray of made-up usernames cannot grow memory without bound.
const SWEEP_ABOVE: usize = 50_000;

/// One limit keyed by account, address, …: a burst, then a steady rate (GCRA), with idle keys swept.
pub struct PerKey<K: Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
    clock: DefaultClock,
}

impl<K: Hash + Eq + Clone> PerKey<K> {
    pub fn new(quota: Quota) -> PerKey<K> {
        PerKey { limiter: governor::RateLimiter::keyed(quota), clock: DefaultClock::default() }
    }

    /// Counts one use by `key`, or says how many whole seconds (rounded up, at least 1) to wait.
    pub fn take(&self, key: &K) -> Result<(), u64> {
        if self.limiter.len() > SWEEP_ABOVE {
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
        self.limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            // Whole seconds, rounded up: a client that waits this long is let in.
            (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
        })
    }
}

/// One limit per client address with its refusal: `429 {code}` "too many {what} from this address", counted in
/// `{counter}`. WebSocket opens (churn), sign-ups, guests and replays each have one.
pub struct PerAddr {
    limit: PerKey<IpAddr>,
    code: &'static str,
    what: &'static str,
    counter: &'static str,
}

impl PerAddr {
    pub fn new(quota: Quota, code: &'static str, what: &'static str, counter: &'static str) -> PerAddr {
        PerAddr { limit: PerKey::new(quota), code, what, counter }
    }

    /// Counts one use from `addr`, or refuses it with 429 and how long to wait.
    pub fn take(&self, addr: IpAddr) -> Result<(), ApiError> {
        self.limit.take(&addr).map_err(|secs| {
            metrics::counter!(self.counter).increment(1);
            ApiError::too_many(
                self.code,
                format!("too many {} from this address; try again in {secs} s", self.what),
                Duration::from_secs(secs),
            )
        })
    }
}

/// The per-address limits besides login's (docs/limits.md).
pub struct AddrLimits {
    /// WebSocket opens, so one client cannot churn connections at speed (each open and close is presence news
    /// for a room's viewers: room/presence.rs coalesces it, this bounds it at the source).
    pub ws_opens: PerAddr,
    /// Sign-ups: each hashes a password (Argon2id), and a taken name's 409 would let names be probed.
    pub signups: PerAddr,
    /// Guest accounts: each is a fresh set of per-account quotas (rooms, events).
    pub guests: PerAddr,
    /// Replays: a public replay of a long game is megabytes.
    pub replays: PerAddr,
}

impl AddrLimits {
    pub fn new(limits: &Limits) -> AddrLimits {
        let per_sec = NonZeroU32::new(limits.ws_opens_per_addr_per_sec.max(1)).expect("at least one");
        let burst = NonZeroU32::new(limits.ws_opens_per_addr_burst.max(1)).expect("at least one");
        let ws = Quota::per_second(per_sec).allow_burst(burst);
        let signups = quota(limits.register_addr_burst, Duration::from_secs(limits.register_addr_refill_secs));
        let guests = quota(limits.guest_addr_burst, Duration::from_secs(limits.guest_addr_refill_secs));
        let replays = quota(limits.replay_addr_burst, Duration::from_millis(limits.replay_addr_refill_ms));
        AddrLimits {
            ws_opens: PerAddr::new(
                ws,
                "too_many_connects",
                "WebSocket connections opened",
                "gb_ws_opens_throttled_total",
            ),
            signups: PerAddr::new(signups, "too_many_signups", "sign-ups", "signups_throttled_total"),
            guests: PerAddr::new(guests, "too_many_signups", "guest accounts", "signups_throttled_total"),
            replays: PerAddr::new(replays, "too_many_replays", "replay requests", "replays_throttled_total"),
        }
    }
}

pub(super) fn quota(burst: u32, refill: Duration) -> Quota {
    Quota::with_period(refill.max(Duration::from_millis(1)))
        .expect("a non-zero period")
        .allow_burst(NonZeroU32::new(burst.max(1)).expect("at least one"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn websocket_opens_are_limited_per_address() {
        let t =
            AddrLimits::new(&Limits { ws_opens_per_addr_burst: 3, ws_opens_per_addr_per_sec: 1, ..Limits::default() });
        let (ip, other) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        for _ in 0..3 {
            t.ws_opens.take(ip).unwrap();
        }
        let e = t.ws_opens.take(ip).unwrap_err();
        assert_eq!((e.status.as_u16(), e.code), (429, "too_many_connects"));
        assert!(e.retry_after.is_some_and(|d| d.as_secs() >= 1), "{:?}", e.retry_after);
        t.ws_opens.take(other).expect("other addresses are not affected");
    }
}
