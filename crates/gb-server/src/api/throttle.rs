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

pub struct LoginThrottle {
    by_account: DefaultKeyedRateLimiter<String>,
    by_addr: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
}

impl LoginThrottle {
    pub fn new(limits: &Limits) -> LoginThrottle {
        LoginThrottle {
            by_account: governor::RateLimiter::keyed(quota(
                limits.login_account_burst,
                limits.login_account_refill_secs,
            )),
            by_addr: governor::RateLimiter::keyed(quota(limits.login_addr_burst, limits.login_addr_refill_secs)),
            clock: DefaultClock::default(),
        }
    }

    /// Counts one attempt from `addr` at `username`, or refuses it with 429 and how long to wait.
    pub fn attempt(&self, username: &str, addr: IpAddr) -> Result<(), ApiError> {
        self.take(&self.by_addr, &addr, "from this address")?;
        self.take(&self.by_account, &username_key(username.trim()), "for this account")
    }

    fn take<K: Hash + Eq + Clone>(
        &self,
        limiter: &DefaultKeyedRateLimiter<K>,
        key: &K,
        whose: &str,
    ) -> Result<(), ApiError> {
        if limiter.len() > SWEEP_ABOVE {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            // Whole seconds, rounded up: a client that waits this long is let in.
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            metrics::counter!("logins_throttled_total").increment(1);
            ApiError::too_many(
                "too_many_attempts",
                format!("too many login attempts {whose}; try again in {secs} s"),
                Duration::from_secs(secs.max(1)),
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
