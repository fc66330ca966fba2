//! The floor under gb-server's cost per intent: a naive WebSocket room server (no rules, no views, no JSON, no
//! database; tokio-tungstenite, one reader and one writer task per socket, a room map behind a mutex) driven the
//! way `gb-loadgen` drives gb-server (rooms of two seats and S spectators, each seat answering the other after a
//! think time of 50–150 % of T), its CPU read from `/proc` over the same kind of window. What this server spends
//! per intent and per delivered frame is what the sockets, the runtime's wake-ups and the loopback TCP stack cost
//! on this machine before any game is played: issue 14's server targets are read against it (BENCHMARKS.md).
//!
//! `floor --rooms 1000 --spectators 2 --think-ms 1000 --duration-secs 30` starts the server as a child process
//! (this binary, `floor serve`, on a free loopback port), connects every socket, plays, and prints one line.
//! `--shape actor`, `durable` and `durable-inline` give the same server gb-server's shape one step at a time
//! (serve.rs): rooms as tasks, then a durable log before every frame, written by a thread or by the room.
//! Loopback only; counts and durations are capped like `gb-loadgen`'s.
use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use futures_util::{SinkExt, StreamExt};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[path = "../../procfs.rs"]
#[allow(dead_code)]
mod procfs;
mod serve;

use serve::Shape;

#[derive(Parser)]
#[command(about = "A naive WebSocket room server and its load: the floor under gb-server's cost per intent")]
struct Args {
    #[command(subcommand)]
    serve: Option<Serve>,
    /// Rooms playing at once.
    #[arg(long, default_value_t = 1000)]
    rooms: u32,
    /// Spectator sockets per room.
    #[arg(long, default_value_t = 2)]
    spectators: u32,
    /// Mean think time before a seat answers, ms (each wait is uniform in 50–150 % of it).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// The measured window, after every socket is connected and the rooms have warmed up.
    #[arg(long, default_value_t = 30)]
    duration_secs: u64,
    /// The server's runtime threads (0: one per core, as gb-server's default).
    #[arg(long, default_value_t = 0)]
    worker_threads: usize,
    /// The server's shape (serve.rs): the bare relay, rooms as tasks, or rooms as tasks with a durable log
    /// (written by a thread, or by the room itself).
    #[arg(long, value_enum, default_value_t = Shape::Inline)]
    shape: Shape,
    /// Also appends the run's figures, one JSON object, to this file (what `side_by_side` reads).
    #[arg(long)]
    json_out: Option<std::path::PathBuf>,
}

#[derive(Subcommand)]
enum Serve {
    /// Runs the server on a free loopback port and prints the port (what `floor` starts as its child).
    Serve {
        #[arg(long, default_value_t = 0)]
        worker_threads: usize,
        #[arg(long, value_enum, default_value_t = Shape::Inline)]
        shape: Shape,
        /// The SQLite file the durable shape appends to.
        #[arg(long)]
        log: Option<std::path::PathBuf>,
    },
}

/// Caps, as `gb-loadgen` has: a load test here stays on this machine, bounded in size and time.
const MAX_SOCKETS: u32 = 18_000;
const MAX_SECS: u64 = 600;
/// What a seat sends (an intent's size on the wire, about).
const INTENT_BYTES: usize = 40;

fn main() -> Result<()> {
    let args = Args::parse();
    if let Some(Serve::Serve { worker_threads, shape, log }) = args.serve {
        return runtime(worker_threads)?.block_on(serve::serve(shape, log));
    }
    let sockets = args.rooms * (2 + args.spectators);
    if sockets > MAX_SOCKETS || args.duration_secs > MAX_SECS || args.think_ms == 0 {
        bail!("at most {MAX_SOCKETS} sockets and {MAX_SECS} s, and a think time above 0");
    }
    let exe = std::env::current_exe()?;
    // The durable shape's log, in a folder of this run's own, removed when the run ends.
    let dir = std::env::temp_dir().join(format!("gb-floor-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let shape = args.shape.name();
    let mut server = Command::new(exe)
        .args(["serve", "--worker-threads", &args.worker_threads.to_string(), "--shape", &shape, "--log"])
        .arg(dir.join("log.sqlite"))
        .stdout(Stdio::piped())
        .spawn()?;
    let mut port = String::new();
    BufReader::new(server.stdout.take().context("server stdout")?).read_line(&mut port)?;
    let addr: SocketAddr = format!("127.0.0.1:{}", port.trim()).parse().context("the server's port")?;
    let result = runtime(0)?.block_on(load(&args, addr, &server.id().to_string()));
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    let run = result?;
    println!("{}", run.line(&args));
    if let Some(path) = &args.json_out {
        use std::io::Write;
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        writeln!(file, "{}", run.json(&args))?;
    }
    Ok(())
}

/// One run's figures over the measured window.
struct Run {
    secs: f64,
    /// The server's CPU seconds, context switches, intents and delivered frames in the window.
    cpu: f64,
    switches: u64,
    intents: u64,
    deliveries: u64,
    /// The generator's (this process's) CPU seconds.
    generator_cpu: f64,
}

impl Run {
    fn us_per_intent(&self) -> f64 {
        self.cpu * 1e6 / self.intents as f64
    }

    fn us_per_frame(&self) -> f64 {
        self.cpu * 1e6 / self.deliveries as f64
    }

    fn switches_per_intent(&self) -> f64 {
        self.switches as f64 / self.intents as f64
    }

    fn line(&self, args: &Args) -> String {
        format!(
            "floor ({}) {} rooms x {} spectators, think {} ms: {:.0} intents/s, server {:.3} cores, {:.1} µs CPU per \
             intent, {:.2} µs per delivered frame, {:.2} switches per intent, generator {:.2} cores ({} intents, {} \
             deliveries)",
            args.shape.name(),
            args.rooms,
            args.spectators,
            args.think_ms,
            self.intents as f64 / self.secs,
            self.cpu / self.secs,
            self.us_per_intent(),
            self.us_per_frame(),
            self.switches_per_intent(),
            self.generator_cpu / self.secs,
            self.intents,
            self.deliveries,
        )
    }

    /// The figures of [`Run::line`] under the names `gb-loadgen`'s JSON gives the server's, so a report reads both
    /// alike.
    fn json(&self, args: &Args) -> String {
        let cores = self.generator_cpu / self.secs;
        let machine = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
        serde_json::json!({
            "floor": args.shape.name(),
            "matches": args.rooms,
            "spectators_per_match": args.spectators,
            "think_ms": args.think_ms,
            "window_s": self.secs,
            "intents": self.intents,
            "intents_per_s": self.intents as f64 / self.secs,
            "server_cpu_cores": self.cpu / self.secs,
            "server_cpu_us_per_intent": self.us_per_intent(),
            "server_cpu_us_per_frame": self.us_per_frame(),
            "server_intents_per_cpu_s": self.intents as f64 / self.cpu.max(1e-9),
            "server_context_switches_per_intent": self.switches_per_intent(),
            "frames_delivered": self.deliveries,
            "generator_cpu_cores": cores,
            // gb-loadgen's first test (report.rs `gen_bound`): the generator used most of the machine, so the
            // offered rate may not be met.
            "generator_bound": cores > 0.8 * machine,
        })
        .to_string()
    }
}

fn runtime(threads: usize) -> Result<tokio::runtime::Runtime> {
    let mut rt = tokio::runtime::Builder::new_multi_thread();
    if threads > 0 {
        rt.worker_threads(threads);
    }
    Ok(rt.enable_all().build()?)
}

/// Frames sent by seats and received by every socket, over the whole run.
#[derive(Default)]
struct Counts {
    intents: AtomicU64,
    deliveries: AtomicU64,
}

async fn load(args: &Args, addr: SocketAddr, pid: &str) -> Result<Run> {
    let counts = Arc::new(Counts::default());
    let think = Duration::from_millis(args.think_ms);
    let mut tasks = tokio::task::JoinSet::new();
    for room in 0..args.rooms {
        let seats = [Some(0u8), Some(1)].into_iter().chain((0..args.spectators).map(|_| None));
        for (i, seat) in seats.enumerate() {
            let url = format!("ws://{addr}/{room}/{}", seat.map_or("s".to_owned(), |s| s.to_string()));
            let config = WebSocketConfig::default().read_buffer_size(4096);
            let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await?;
            let seed = (u64::from(room) << 8) | i as u64;
            tasks.spawn(play(ws, seat, think, seed, counts.clone()));
        }
    }
    // Every room has had its first intent (seat 0 opens within one think time) and settled into its pace.
    tokio::time::sleep(think * 3).await;
    let read = || {
        let cpu = procfs::cpu_seconds(pid).unwrap_or(0.0);
        let switches = procfs::context_switches(pid).unwrap_or(0);
        (
            Instant::now(),
            cpu,
            switches,
            counts.intents.load(Ordering::Relaxed),
            counts.deliveries.load(Ordering::Relaxed),
        )
    };
    let (t0, cpu0, cs0, i0, d0) = read();
    let mine0 = procfs::cpu_seconds("self").unwrap_or(0.0);
    tokio::time::sleep(Duration::from_secs(args.duration_secs)).await;
    let (t1, cpu1, cs1, i1, d1) = read();
    let mine = procfs::cpu_seconds("self").unwrap_or(0.0) - mine0;
    tasks.abort_all();
    let secs = (t1 - t0).as_secs_f64();
    if i1 == i0 {
        bail!("no intent in the window");
    }
    Ok(Run { secs, cpu: cpu1 - cpu0, switches: cs1 - cs0, intents: i1 - i0, deliveries: d1 - d0, generator_cpu: mine })
}

/// One socket of the load: counts every frame it gets; a seat answers each frame that gives it the turn after its
/// think time, and seat 0 opens the room.
async fn play(
    ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    seat: Option<u8>,
    think: Duration,
    seed: u64,
    counts: Arc<Counts>,
) -> Result<()> {
    let (mut sink, mut incoming) = ws.split();
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut wait = move || {
        // xorshift: a wait uniform in 50–150 % of the think time.
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        think.mul_f64(0.5 + (rng % 1000) as f64 / 1000.0)
    };
    let intent = || Message::binary(vec![seat.unwrap_or(0); INTENT_BYTES]);
    if seat == Some(0) {
        tokio::time::sleep(wait()).await;
        sink.send(intent()).await?;
        counts.intents.fetch_add(1, Ordering::Relaxed);
    }
    while let Some(msg) = incoming.next().await {
        let Message::Binary(frame) = msg? else { continue };
        counts.deliveries.fetch_add(1, Ordering::Relaxed);
        if seat.is_some() && frame.first().copied() == seat {
            tokio::time::sleep(wait()).await;
            sink.send(intent()).await?;
            counts.intents.fetch_add(1, Ordering::Relaxed);
        }
    }
    Ok(())
}
