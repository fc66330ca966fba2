//! `gb-loadgen`: drives a running gb-server on loopback with N concurrent bot matches (random legal intents
//! after a think time) and S spectators per match over real WebSockets, ramped up in waves, for a bounded
//! time; then reports throughput, server-side and client-side latency, server CPU and RSS, bandwidth and the
//! generator's own CPU, as JSON and a Markdown table row. Several comma-separated addresses load a cluster's
//! nodes (nodes.rs): frames per node, and the latency of relayed sockets beside local ones.
mod client;
mod nodes;
mod procfs;
mod report;
mod scrape;
mod stats;
mod table;

use anyhow::{Context, Result, bail};
use clap::Parser;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use tokio::time::{Instant, sleep};

// The server's allocator: thousands of decoded frames a second are built and dropped across the runtime's
// threads, where glibc's arenas cost the generator a quarter of its CPU (issue 14: the 4,000 × 2 run shares the
// server's two cores with it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug, Clone)]
#[command(about = "Load generator for gb-server (loopback only)")]
pub struct Args {
    /// Server address; must be a loopback address. Several, comma-separated: the nodes of a cluster.
    #[arg(long, default_value = "127.0.0.1:8080", value_delimiter = ',')]
    pub addr: Vec<SocketAddr>,
    /// The server's private metrics listener (its `--metrics-bind`), one per `--addr`; the server-side latency
    /// and persistence figures come from there.
    #[arg(long, default_value = "127.0.0.1:9100", value_delimiter = ',')]
    pub metrics_addr: Vec<SocketAddr>,
    /// Cluster: every socket of a table on the room's owner (no relaying), instead of round-robin over nodes.
    #[arg(long)]
    pub local: bool,
    /// Concurrent matches.
    #[arg(long, default_value_t = 50)]
    pub matches: u32,
    /// Spectators per match.
    #[arg(long, default_value_t = 0)]
    pub spectators: u32,
    /// Mean think time before each intent, in ms (jittered 50–150%); 1000 ≈ one intent per second per match.
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// Measured seconds after the ramp-up.
    #[arg(long, default_value_t = 30)]
    pub duration_secs: u64,
    /// Matches start in this many waves spread over `ramp_secs`.
    #[arg(long, default_value_t = 5)]
    pub waves: u32,
    #[arg(long, default_value_t = 10)]
    pub ramp_secs: u64,
    /// The server's pid (one per `--addr`); found from the listening port when omitted.
    #[arg(long, value_delimiter = ',')]
    pub server_pid: Vec<String>,
    /// Before the load: open this many idle spectator sockets and report the server's RSS per connection.
    #[arg(long, default_value_t = 0)]
    pub idle: u32,
    /// Append the JSON result (one line) and the Markdown row to these files.
    #[arg(long)]
    pub json_out: Option<String>,
    #[arg(long)]
    pub md_out: Option<String>,
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    if args.matches > 5000 || args.spectators > 10 || args.duration_secs > 600 || args.idle > 10_000 {
        bail!("bounded on purpose: at most 5000 matches, 10 spectators, 600 s, 10000 idle sockets");
    }
    let nodes = nodes::from_args(&args)?;
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build()?;
    let idle = match args.idle {
        0 => None,
        n => Some(idle_cost(&http, &nodes[0].base, &nodes[0].pid, n).await?),
    };

    let stats = Arc::new(stats::Stats::new(nodes.len()));
    let ramp = Duration::from_secs(args.ramp_secs);
    let start = Instant::now();
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();
    let node_ids = client::node_ids(&http, &bases).await?;
    let ctx = Arc::new(table::Ctx {
        bases,
        node_ids,
        local: args.local,
        http: http.clone(),
        think: Duration::from_millis(args.think_ms),
        spectators: args.spectators,
        deadline: start + ramp + Duration::from_secs(args.duration_secs) + Duration::from_secs(2),
        stats: stats.clone(),
    });
    let mut tasks = Vec::new();
    let waves = args.waves.max(1);
    for w in 0..waves {
        for n in (w * args.matches / waves)..((w + 1) * args.matches / waves) {
            tasks.push(tokio::spawn(table::run(ctx.clone(), u64::from(n))));
        }
        eprintln!("wave {}/{waves}: {} tables started", w + 1, tasks.len());
        sleep(ramp / waves).await;
    }
    // The measured window: after the ramp, for `duration_secs`.
    let m0 = nodes::scrape_all(&http, &nodes).await;
    if m0.is_empty() {
        eprintln!(
            "no metrics at {:?} (start the servers with --metrics-bind); server figures missing",
            args.metrics_addr
        );
    }
    let (s0, g0, t0) = (nodes::cpu(&nodes), procfs::cpu_seconds("self"), Instant::now());
    let w0 = nodes::switches(&nodes);
    stats.measuring.store(true, Relaxed);
    let end = t0 + Duration::from_secs(args.duration_secs);
    while Instant::now() < end {
        sleep(Duration::from_secs(5).min(end - Instant::now())).await;
        eprintln!(
            "{:>4.0} s: {} open sockets, {} intents, {} frames, {} games done, {} errors",
            t0.elapsed().as_secs_f64(),
            stats.open_connections.load(Relaxed),
            stats.intents_sent.load(Relaxed),
            stats.frames.load(Relaxed),
            stats.games_finished.load(Relaxed),
            stats.errors.load(Relaxed),
        );
    }
    stats.measuring.store(false, Relaxed);
    let window = t0.elapsed().as_secs_f64();
    let (s1, g1) = (nodes::cpu(&nodes), procfs::cpu_seconds("self"));
    let w1 = nodes::switches(&nodes);
    let rss: Vec<Option<u64>> = nodes.iter().map(|n| procfs::rss_bytes(&n.pid)).collect();
    let open = stats.open_connections.load(Relaxed);
    let m1 = nodes::scrape_all(&http, &nodes).await;
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(15), t).await;
    }
    let measured = report::Measured {
        window,
        node_cpu: s0.iter().zip(&s1).map(|(a, b)| a.zip(*b).map(|(a, b)| b - a)).collect(),
        gen_cpu: g0.zip(g1).map(|(a, b)| b - a),
        node_rss: rss,
        node_switches: w0.iter().zip(&w1).map(|(a, b)| a.zip(*b).map(|(a, b)| b.saturating_sub(a))).collect(),
        addrs: args.addr.iter().map(|a| a.to_string()).collect(),
        open_connections: open,
        idle,
    };
    let r = report::build(&args, &stats, &m0, &m1, &measured);
    report::emit(&args, &r)?;
    Ok(())
}

/// Server RSS growth per idle spectator socket: open `n` sockets to one room, let them settle, compare.
async fn idle_cost(http: &reqwest::Client, base: &str, pid: &str, n: u32) -> Result<(u32, f64)> {
    let (room, _, _) = client::table(http, &[base.to_owned()], &[None], 9_999_999).await?;
    let before = procfs::rss_bytes(pid).context("server RSS")?;
    let mut sockets = Vec::new();
    for _ in 0..n {
        sockets.push(client::open(base, &room, None, gb_protocol::Role::Spectator).await?);
    }
    sleep(Duration::from_secs(3)).await;
    let after = procfs::rss_bytes(pid).context("server RSS")?;
    let per = (after as f64 - before as f64) / f64::from(n);
    eprintln!("idle: {n} sockets, server RSS {before} → {after} bytes: {per:.0} bytes per idle connection");
    drop(sockets);
    sleep(Duration::from_secs(1)).await;
    Ok((n, per))
}
