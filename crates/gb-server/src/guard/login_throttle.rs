//! Login attempts. The per-address limit is the main brake: every attempt from an address counts, right or
//! wrong (the probe had 180 wrong passwords answered). Per account only failures count, and only strangers'
//! ones: an address or a device (the `gb_device` cookie) that logged in to the account before is not held to
//! that budget, so one wrong guess per refill period from elsewhere cannot keep the owner out (the probe's
//! lockout). Both refuse with 429 `too_many_attempts` and `Retry-After`, before any password is checked.
//! Known places are kept in memory: a restart, or more than `SWEEP_ABOVE` remembered accounts, forgets them.
use super::throttle::{PerAddr, quota};
use crate::db::accounts::username_key;
use crate::error::ApiError;
use crate::settings::Limits;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Accounts remembered (known places, failure budgets) before the map is swept.
const SWEEP_ABOVE: usize = 50_000;
/// Addresses and devices remembered per account, the most recent first.
const KNOWN_PER_ACCOUNT: usize = 8;

pub struct LoginThrottle {
    by_addr: PerAddr,
    failures: Failures,
    known: Mutex<HashMap<String, Known>>,
}

/// Where an account logged in from before.
#[derive(Default)]
struct Known {
    addrs: VecDeque<IpAddr>,
    /// SHA-256 of `gb_device` tokens.
    devices: VecDeque<String>,
}

/// One attempt let through: whose, and whether from a known place.
pub struct Attempt {
    key: String,
    known: bool,
}

impl LoginThrottle {
    pub fn new(limits: &Limits) -> LoginThrottle {
        let addr = quota(limits.login_addr_burst, Duration::from_secs(limits.login_addr_refill_secs));
        LoginThrottle {
            by_addr: PerAddr::new(addr, "too_many_attempts", "login attempts", "logins_throttled_total"),
            failures: Failures {
                burst: limits.login_account_burst.max(1),
                period: Duration::from_secs(limits.login_account_refill_secs.max(1)),
                next: Mutex::default(),
            },
            known: Mutex::default(),
        }
    }

    /// Counts one attempt from `addr` (with the hashed `gb_device` token, if any) at `username`, or refuses it.
    pub fn attempt(&self, username: &str, addr: IpAddr, device: Option<&str>) -> Result<Attempt, ApiError> {
        self.by_addr.take(addr)?;
        let key = username_key(username.trim());
        let known = self.known.lock().expect("not poisoned").get(&key).is_some_and(|k| {
            k.addrs.contains(&addr) || device.is_some_and(|d| k.devices.iter().any(|known| known == d))
        });
        if !known && let Some(wait) = self.failures.wait(&key) {
            metrics::counter!("logins_throttled_total").increment(1);
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            return Err(ApiError::too_many(
                "too_many_attempts",
                format!("too many failed login attempts for this account; try again in {secs} s"),
                Duration::from_secs(secs.max(1)),
            ));
        }
        Ok(Attempt { key, known })
    }

    /// A wrong password: a stranger's counts against the account's budget.
    pub fn failed(&self, attempt: &Attempt) {
        if !attempt.known {
            self.failures.add(&attempt.key);
        }
    }

    /// A right password: `addr` and `device` (hashed) are known places of the account from now on.
    pub fn succeeded(&self, attempt: &Attempt, addr: IpAddr, device: &str) {
        let mut known = self.known.lock().expect("not poisoned");
        if known.len() > SWEEP_ABOVE {
            known.clear();
        }
        let k = known.entry(attempt.key.clone()).or_default();
        remember(&mut k.addrs, addr);
        remember(&mut k.devices, device.to_owned());
    }
}

fn remember<T: PartialEq>(list: &mut VecDeque<T>, item: T) {
    list.retain(|x| *x != item);
    list.push_front(item);
    list.truncate(KNOWN_PER_ACCOUNT);
}

/// Failures per account as a GCRA: `burst` failures, then one more per `period`. `next` holds each account's
/// theoretical arrival time; unlike `governor` it can be read without spending, since a success spends nothing.
struct Failures {
    burst: u32,
    period: Duration,
    next: Mutex<HashMap<String, Instant>>,
}

impl Failures {
    /// How long until `key` may fail once more; `None` if it may now.
    fn wait(&self, key: &str) -> Option<Duration> {
        let now = Instant::now();
        let next = self.next.lock().expect("not poisoned").get(key).copied()?.max(now);
        let allowed = self.period * (self.burst - 1);
        (next - now).checked_sub(allowed).filter(|w| !w.is_zero())
    }

    fn add(&self, key: &str) {
        let now = Instant::now();
        let mut next = self.next.lock().expect("not poisoned");
        if next.len() > SWEEP_ABOVE {
            next.retain(|_, at| *at > now);
        }
        let at = next.entry(key.to_owned()).or_insert(now);
        *at = (*at).max(now) + self.period;
    }
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
    fn an_accounts_failures_are_limited_whatever_its_spelling() {
        let t = LoginThrottle::new(&limits(2, 100));
        let ip = IpAddr::from([10, 0, 0, 1]);
        for name in ["Ann", " ann "] {
            let a = t.attempt(name, ip, None).unwrap();
            t.failed(&a);
        }
        let e = t.attempt("ANN", ip, None).err().unwrap();
        assert_eq!((e.status.as_u16(), e.code), (429, "too_many_attempts"));
        assert!(e.retry_after.is_some_and(|d| d.as_secs() >= 3500), "{:?}", e.retry_after);
        t.attempt("bob", ip, None).expect("other accounts are not affected");
    }

    #[test]
    fn successes_spend_nothing_and_known_places_pass() {
        let t = LoginThrottle::new(&limits(1, 100));
        let (home, phone, stranger) =
            (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 9]), IpAddr::from([10, 0, 0, 2]));
        for _ in 0..3 {
            let a = t.attempt("ann", home, None).unwrap();
            t.succeeded(&a, home, "device-hash");
        }
        let a = t.attempt("ann", stranger, None).unwrap();
        t.failed(&a);
        assert!(t.attempt("ann", stranger, None).is_err(), "the stranger's budget is spent");
        t.attempt("ann", home, None).expect("a known address passes");
        t.attempt("ann", phone, Some("device-hash")).expect("a known device passes from anywhere");
    }

    #[test]
    fn an_address_is_limited_across_accounts() {
        let t = LoginThrottle::new(&limits(100, 3));
        let (ip, other) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        for name in ["a", "b", "c"] {
            t.attempt(name, ip, None).unwrap();
        }
        assert!(t.attempt("d", ip, None).err().unwrap().message.contains("from this address"));
        t.attempt("d", other, None).expect("other addresses are not affected");
    }
}
