//! Login attempts, limited per account and per client address so passwords cannot be guessed at speed (the probe
//! had 180 wrong passwords answered). Each key gets a burst, then one attempt per refill period (GCRA, from
//! `governor`); beyond it the answer is 429 with `Retry-After`, before any password is checked.
use crate::db::accounts::username_key;
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

pub struct LoginThrottle {
    by_account: PerKey<String>,
    by_addr: PerKey<IpAddr>,
}

impl LoginThrottle {
    pub fn new(limits: &Limits) -> LoginThrottle {
        LoginThrottle {
            by_account: PerKey::new(quota(limits.login_account_burst, limits.login_account_refill_secs)),
            by_addr: PerKey::new(quota(limits.login_addr_burst, limits.login_addr_refill_secs)),
        }
    }

    /// Counts one attempt from `addr` at `username`, or refuses it with 429 and how long to wait.
    pub fn attempt(&self, username: &str, addr: IpAddr) -> Result<(), ApiError> {
        Self::take(&self.by_addr, &addr, "from this address")?;
        Self::take(&self.by_account, &username_key(username.trim()), "for this account")
    }

    fn take<K: Hash + Eq + Clone>(limit: &PerKey<K>, key: &K, whose: &str) -> Result<(), ApiError> {
        limit.take(key).map_err(|secs| {
            metrics::counter!("logins_throttled_total").increment(1);
            ApiError::too_many(
                "too_many_attempts",
                format!("too many login attempts {whose}; try again in {secs} s"),
                Duration::from_secs(secs),
            )
        })
    }
}

/// WebSocket opens per client address, so one client cannot churn connections at speed (each open and close is
/// presence news for a room's viewers: room/presence.rs coalesces it, this bounds it at the source).
pub struct WsOpens(PerKey<IpAddr>);

impl WsOpens {
    pub fn new(limits: &Limits) -> WsOpens {
        let per_sec = NonZeroU32::new(limits.ws_opens_per_addr_per_sec.max(1)).expect("at least one");
        let burst = NonZeroU32::new(limits.ws_opens_per_addr_burst.max(1)).expect("at least one");
        WsOpens(PerKey::new(Quota::per_second(per_sec).allow_burst(burst)))
    }

    /// Counts one WebSocket open from `addr`, or refuses it with 429 and how long to wait.
    pub fn open(&self, addr: IpAddr) -> Result<(), ApiError> {
        self.0.take(&addr).map_err(|secs| {
            metrics::counter!("gb_ws_opens_throttled_total").increment(1);
            ApiError::too_many(
                "too_many_connects",
                format!("too many WebSocket connections opened from this address; try again in {secs} s"),
                Duration::from_secs(secs),
            )
        })
    }
}

fn quota(burst: u32, refill_secs: u64) -> Quota {
    Quota::with_period(Duration::from_secs(refill_secs.max(1)))
        .expect("a non-zero period")
        .allow_burst(NonZeroU32::new(burst.max(1)).expect("at least one"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(account: u32, addr: u32) -> Limits {
        Limits {
            login_account_burst: account,
            login_account_refill_secs: 3600,
            login_addr_burst: addr,
            login_addr_refill_secs: 3600,
            ..Limits::default()
        }
    }

    #[test]
    fn an_account_is_limited_whatever_its_spelling() {
        let t = LoginThrottle::new(&limits(2, 100));
        let ip = IpAddr::from([10, 0, 0, 1]);
        t.attempt("Ann", ip).unwrap();
        t.attempt(" ann ", ip).unwrap();
        let e = t.attempt("ANN", ip).unwrap_err();
        assert_eq!((e.status.as_u16(), e.code), (429, "too_many_attempts"));
        assert!(e.retry_after.is_some_and(|d| d.as_secs() >= 3500), "{:?}", e.retry_after);
        t.attempt("bob", ip).expect("other accounts are not affected");
    }

    #[test]
    fn websocket_opens_are_limited_per_address() {
        let t = WsOpens::new(&Limits { ws_opens_per_addr_burst: 3, ws_opens_per_addr_per_sec: 1, ..Limits::default() });
        let (ip, other) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        for _ in 0..3 {
            t.open(ip).unwrap();
        }
        let e = t.open(ip).unwrap_err();
        assert_eq!((e.status.as_u16(), e.code), (429, "too_many_connects"));
        assert!(e.retry_after.is_some_and(|d| d.as_secs() >= 1), "{:?}", e.retry_after);
        t.open(other).expect("other addresses are not affected");
    }

    #[test]
    fn an_address_is_limited_across_accounts() {
        let t = LoginThrottle::new(&limits(100, 3));
        let (ip, other) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        for name in ["a", "b", "c"] {
            t.attempt(name, ip).unwrap();
        }
        assert!(t.attempt("d", ip).unwrap_err().message.contains("from this address"));
        t.attempt("d", other).expect("other addresses are not affected");
    }
}
