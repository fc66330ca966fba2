//! File descriptors and the connection cap. With `ulimit -n 1024` (a common default) and the default cap of 8192,
//! a few addresses' half-open connections ran the process out of descriptors: `accept` failed with "Too many open
//! files" and `/healthz` from elsewhere waited seconds. At start the soft limit is raised to the hard one, and
//! the cap is lowered, with a warning, to what the descriptors allow less a reserve for everything else (the
//! database pool, NATS, files, the refused sockets held for their 503: `limits.fd_reserve`).
use crate::settings::Limits;
use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

/// Where no hard limit is set, the soft one is raised this far (Linux's default `fs.nr_open`).
const UNLIMITED_TARGET: u64 = 1 << 20;

/// Raises the descriptor limit and lowers `limits.max_connections` to fit under it.
pub fn fit(limits: &mut Limits) {
    let descriptors = raise_nofile();
    let cap = connection_cap(limits.max_connections, descriptors, limits.fd_reserve);
    if cap < limits.max_connections {
        tracing::warn!(
            configured = limits.max_connections,
            cap,
            descriptors,
            reserve = limits.fd_reserve,
            "GB_MAX_CONNECTIONS lowered to fit the file descriptor limit (raise `ulimit -n` to allow more)"
        );
        limits.max_connections = cap;
    }
}

/// Sets the soft `RLIMIT_NOFILE` to the hard one; the soft limit in force after (`None`: unlimited).
fn raise_nofile() -> Option<u64> {
    let Rlimit { current, maximum } = getrlimit(Resource::Nofile);
    let target = maximum.unwrap_or(UNLIMITED_TARGET);
    if current.is_some_and(|c| c < target) {
        match setrlimit(Resource::Nofile, Rlimit { current: Some(target), maximum }) {
            Ok(()) => tracing::info!(from = current, to = target, "file descriptor limit raised"),
            Err(e) => tracing::warn!(error = %e, current, target, "could not raise the file descriptor limit"),
        }
    }
    getrlimit(Resource::Nofile).current
}

/// The most connections `descriptors` allow with `reserve` kept back (at least half of them go to
/// connections, however large the reserve).
fn connection_cap(configured: usize, descriptors: Option<u64>, reserve: usize) -> usize {
    let Some(descriptors) = descriptors else { return configured };
    let descriptors = usize::try_from(descriptors).unwrap_or(usize::MAX);
    configured.min(descriptors.saturating_sub(reserve).max(descriptors / 2)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_keeps_a_reserve() {
        assert_eq!(connection_cap(8192, Some(1024), 256), 768);
        assert_eq!(connection_cap(8192, Some(300), 256), 150, "at least half the descriptors");
        assert_eq!(connection_cap(500, Some(65536), 256), 500, "a cap that fits is kept");
        assert_eq!(connection_cap(8192, None, 256), 8192);
    }
}
