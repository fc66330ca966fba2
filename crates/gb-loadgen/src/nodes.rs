//! The server nodes under load: one, or several of a cluster (docs/multi-node.md) given as comma-separated
//! `--addr` (and `--metrics-addr`, `--server-pid` in the same order). Tables are spread over them: table n is
//! created on node n mod N, its sockets go round-robin from there (seat A, seat B, then the spectators), so in a
//! cluster some sockets land on the room's owner and the others are relayed. With `--local` every socket of a
//! table goes to its owner instead (the baseline for what relaying costs).
use crate::{Args, procfs, scrape};
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;

pub(crate) struct Node {
    pub base: String,
    pub metrics: String,
    pub pid: String,
}

pub(crate) fn from_args(args: &Args) -> Result<Vec<Node>> {
    if args.addr.iter().any(|a| !a.ip().is_loopback()) {
        bail!("refusing to load {:?}: only loopback addresses are allowed", args.addr);
    }
    if args.metrics_addr.len() != args.addr.len() {
        bail!("one --metrics-addr per --addr, in the same order");
    }
    if !args.server_pid.is_empty() && args.server_pid.len() != args.addr.len() {
        bail!("one --server-pid per --addr, in the same order (or none: found from the ports)");
    }
    let mut nodes = Vec::new();
    for (i, (addr, metrics)) in args.addr.iter().zip(&args.metrics_addr).enumerate() {
        let pid = match args.server_pid.get(i) {
            Some(p) => p.clone(),
            None => procfs::pid_listening_on(addr.port())
                .with_context(|| format!("no pid for {addr} (pass --server-pid)"))?,
        };
        nodes.push(Node { base: format!("http://{addr}"), metrics: format!("http://{metrics}"), pid });
    }
    Ok(nodes)
}

/// Every node's `/metrics` samples, summed per series: counters and histogram buckets add up across nodes
/// (summary quantiles do not, and are only meaningful with one node).
pub(crate) async fn scrape_all(http: &reqwest::Client, nodes: &[Node]) -> BTreeMap<String, f64> {
    let mut sum = BTreeMap::new();
    for n in nodes {
        for (k, v) in scrape::scrape(http, &n.metrics).await {
            *sum.entry(k).or_insert(0.0) += v;
        }
    }
    sum
}

/// CPU seconds of each node's process so far.
pub(crate) fn cpu(nodes: &[Node]) -> Vec<Option<f64>> {
    nodes.iter().map(|n| procfs::cpu_seconds(&n.pid)).collect()
}

/// Context switches of each node's threads so far.
pub(crate) fn switches(nodes: &[Node]) -> Vec<Option<u64>> {
    nodes.iter().map(|n| procfs::context_switches(&n.pid)).collect()
}
