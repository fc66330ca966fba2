//! CPU time and RSS of a process from `/proc`, and the pid of the process listening on a TCP port (found via
//! the socket inode in `/proc/net/tcp*` and the owners' fd links), so the tool needs no extra flags in the
//! common case.
use std::fs;

/// Clock ticks per second of `/proc/<pid>/stat` times; 100 on every Linux we run on.
const TICKS: f64 = 100.0;

/// User + system CPU seconds of `pid` ("self" for this process).
pub(crate) fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some((f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?) / TICKS)
}

/// Context switches of all of `pid`'s threads so far, voluntary + involuntary (`/proc/<pid>/task/*/status`):
/// each voluntary one is a thread going to sleep for lack of work, so their count per intent is the wake-ups
/// and thread hand-offs an intent costs (issue 14). Threads that ended before the reading are not counted.
pub(crate) fn context_switches(pid: &str) -> Option<u64> {
    let mut total = 0;
    for task in fs::read_dir(format!("/proc/{pid}/task")).ok()?.flatten() {
        let Ok(status) = fs::read_to_string(task.path().join("status")) else { continue };
        total += status
            .lines()
            .filter(|l| l.starts_with("voluntary_ctxt_switches:") || l.starts_with("nonvoluntary_ctxt_switches:"))
            .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
            .sum::<u64>();
    }
    Some(total)
}

/// Resident set size in bytes.
pub(crate) fn rss_bytes(pid: &str) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
}

/// The pid of the process with a listening socket on `port`, if we may read its fds.
pub(crate) fn pid_listening_on(port: u16) -> Option<String> {
    let mut inodes = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let Ok(text) = fs::read_to_string(table) else { continue };
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let (Some(local), Some(state), Some(inode)) = (f.get(1), f.get(3), f.get(9)) else { continue };
            let lport = local.rsplit(':').next().and_then(|p| u16::from_str_radix(p, 16).ok());
            if lport == Some(port) && *state == "0A" {
                inodes.push(format!("socket:[{inode}]"));
            }
        }
    }
    for entry in fs::read_dir("/proc").ok()?.flatten() {
        let pid = entry.file_name().to_string_lossy().into_owned();
        if !pid.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else { continue };
        for fd in fds.flatten() {
            if let Ok(link) = fs::read_link(fd.path())
                && inodes.iter().any(|i| link.to_string_lossy() == *i)
            {
                return Some(pid);
            }
        }
    }
    None
}
