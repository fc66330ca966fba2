//! Turns counters, procfs readings and two /metrics scrapes into one result: JSON (one line, appendable) and
//! a Markdown table row, with a verdict on whether the generator itself was the bottleneck.
use crate::scrape::{bucket_quantile, quantile, total};
use crate::stats::Stats;
use crate::{Args, stats};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write;

pub(crate) struct Measured {
    pub window: f64,
    /// Per node, in `--addr` order.
    pub addrs: Vec<String>,
    pub node_cpu: Vec<Option<f64>>,
    pub node_rss: Vec<Option<u64>>,
    /// Context switches of each node's threads over the window.
    pub node_switches: Vec<Option<u64>>,
    pub gen_cpu: Option<f64>,
    pub open_connections: u64,
    pub idle: Option<(u32, f64)>,
}

const LAT: &str = "gb_intent_to_last_frame_seconds";

/// p50 / p99 / max (ms) and the sample count of one client-side latency histogram.
fn client_ms(h: &std::sync::Mutex<hdrhistogram::Histogram<u64>>) -> Value {
    let h = h.lock().expect("not poisoned");
    let ms = |q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    json!({ "p50": ms(0.5), "p99": ms(0.99), "max": h.max() as f64 / 1000.0, "samples": h.len() })
}

/// Each node's share: frames its sockets received per second, its CPU (cores, µs per frame received from it).
fn per_node(s: &Stats, m: &Measured) -> Value {
    let nodes = m.addrs.iter().enumerate().map(|(i, addr)| {
        let frames = Stats::get(&s.frames_by_node[i]) as f64;
        let cpu = m.node_cpu[i];
        json!({
            "addr": addr,
            "frames_per_s": frames / m.window,
            "cpu_cores": cpu.map(|c| c / m.window),
            "rss_mb": m.node_rss[i].map(|r| r as f64 / 1048576.0),
        })
    });
    Value::from(nodes.collect::<Vec<_>>())
}

pub(crate) fn build(
    args: &Args,
    s: &Stats,
    m0: &BTreeMap<String, f64>,
    m1: &BTreeMap<String, f64>,
    m: &Measured,
) -> Value {
    let get = stats::Stats::get;
    // Totals over the nodes (one on a single server); missing if any node's reading is.
    let server_cpu: Option<f64> = m.node_cpu.iter().copied().sum();
    let rss: Option<u64> = m.node_rss.iter().copied().sum();
    let switches: Option<u64> = m.node_switches.iter().copied().sum();
    let accepted = total(m1, "gb_intents_accepted") - total(m0, "gb_intents_accepted");
    let intents = if accepted > 0.0 { accepted } else { get(&s.intents_sent) as f64 };
    let frames = get(&s.frames) as f64;
    let bytes = get(&s.bytes) as f64;
    let h = s.latency_us.lock().expect("not poisoned");
    let ms = |q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    // Older servers export a rolling summary (quantile lines); newer ones cumulative buckets, read over the window.
    let srv = |q: &str| {
        quantile(m1, LAT, q).or_else(|| bucket_quantile(m0, m1, LAT, q.parse().unwrap_or(0.5))).map(|x| x * 1000.0)
    };
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) as f64;
    let server_cores = server_cpu.map(|c| c / m.window);
    let gen_cores = m.gen_cpu.map(|c| c / m.window);
    let offered = f64::from(args.matches) * 1000.0 / args.think_ms.max(1) as f64;
    // The generator limits the run when it uses most of a core (it is single-process, multi-threaded) or when
    // it and the server together saturate the machine while the offered rate is not reached.
    let gen_bound = gen_cores.is_some_and(|g| {
        g > 0.8 * cores || (g + server_cores.unwrap_or(0.0) > 0.9 * cores && intents / m.window < 0.9 * offered)
    });
    let persist_rows = total(m1, "gb_persist_batch_size_sum");
    let persist_secs = total(m1, "gb_persist_batch_seconds_sum");
    let persist_batches = total(m1, "gb_persist_batch_size_count");
    // Since the server started, as the rows and groups are.
    let persist_inline = total(m1, "gb_persist_inline_total");
    json!({
        "matches": args.matches,
        "spectators_per_match": args.spectators,
        "think_ms": args.think_ms,
        "window_s": m.window,
        "connections_open_at_end": m.open_connections,
        "intents": intents,
        "intents_per_s": intents / m.window,
        "offered_intents_per_s": offered,
        "server_latency_ms": { "p50": srv("0.5"), "p99": srv("0.99"), "p99_9": srv("0.999"), "max": srv("1") },
        "client_latency_ms": { "p50": ms(0.5), "p99": ms(0.99), "p99_9": ms(0.999), "max": h.max() as f64 / 1000.0,
                                "samples": h.len() },
        "server_cpu_cores": server_cores,
        "server_cpu_us_per_intent": server_cpu.map(|c| c * 1e6 / intents.max(1.0)),
        "server_cpu_us_per_frame": server_cpu.map(|c| c * 1e6 / frames.max(1.0)),
        "server_intents_per_cpu_s": server_cpu.map(|c| intents / c.max(1e-9)),
        "server_context_switches_per_intent": switches.map(|w| w as f64 / intents.max(1.0)),
        "server_rss_mb": rss.map(|r| r as f64 / 1048576.0),
        "nodes": per_node(s, m),
        "local": args.local,
        "client_latency_relayed_ms": client_ms(&s.latency_relayed_us),
        "client_latency_local_ms": client_ms(&s.latency_local_us),
        "frames_delivered": frames,
        "bytes_per_connection_per_s": bytes / m.window / (m.open_connections.max(1) as f64),
        "bytes_per_frame": bytes / frames.max(1.0),
        "bytes_per_broadcast": bytes / intents.max(1.0),
        "generator_cpu_cores": gen_cores,
        "generator_bound": gen_bound,
        "machine_cores": cores,
        "errors": get(&s.errors),
        "rejected": get(&s.rejected),
        "games_finished": get(&s.games_finished),
        "idle_bytes_per_connection": m.idle.map(|(_, b)| b),
        "persist": {
            "rows": persist_rows, "batches": persist_batches,
            // Rows a room wrote itself, the SQLite writer idle (the rest went through the writer's queue).
            "inline_rows": persist_inline,
            "inline_share": persist_inline / persist_rows.max(1.0),
            "mean_batch": persist_rows / persist_batches.max(1.0),
            "rows_per_commit_second": persist_rows / persist_secs.max(1e-9),
            "latency_p99_ms": quantile(m1, "gb_persist_latency_seconds", "0.99")
                .or_else(|| bucket_quantile(m0, m1, "gb_persist_latency_seconds", 0.99))
                .map(|x| x * 1000.0),
        },
    })
}

fn f(v: &Value, path: &[&str], digits: usize) -> String {
    let mut x = v;
    for p in path {
        x = &x[*p];
    }
    x.as_f64().map(|n| format!("{n:.digits$}")).unwrap_or_else(|| "–".into())
}

pub(crate) const MD_HEADER: &str = "| matches | spect. | intents/s | server p50/p99/p99.9 ms | client p50/p99/p99.9 ms \
| server cores | µs CPU/intent | µs CPU/frame | switches/intent | RSS MB | B/frame | B/broadcast | B/conn/s | gen cores | gen-bound |\n\
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

pub(crate) fn markdown_row(r: &Value) -> String {
    format!(
        "| {} | {} | {} | {} / {} / {} | {} / {} / {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        r["matches"],
        r["spectators_per_match"],
        f(r, &["intents_per_s"], 0),
        f(r, &["server_latency_ms", "p50"], 2),
        f(r, &["server_latency_ms", "p99"], 2),
        f(r, &["server_latency_ms", "p99_9"], 2),
        f(r, &["client_latency_ms", "p50"], 2),
        f(r, &["client_latency_ms", "p99"], 2),
        f(r, &["client_latency_ms", "p99_9"], 2),
        f(r, &["server_cpu_cores"], 2),
        f(r, &["server_cpu_us_per_intent"], 0),
        f(r, &["server_cpu_us_per_frame"], 1),
        f(r, &["server_context_switches_per_intent"], 1),
        f(r, &["server_rss_mb"], 0),
        f(r, &["bytes_per_frame"], 0),
        f(r, &["bytes_per_broadcast"], 0),
        f(r, &["bytes_per_connection_per_s"], 0),
        f(r, &["generator_cpu_cores"], 2),
        r["generator_bound"],
    )
}

pub(crate) fn emit(args: &Args, r: &Value) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(r)?);
    println!("{MD_HEADER}\n{}", markdown_row(r));
    let append = |path: &str, text: String| -> anyhow::Result<()> {
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        writeln!(file, "{text}")?;
        Ok(())
    };
    if let Some(p) = &args.json_out {
        append(p, r.to_string())?;
    }
    if let Some(p) = &args.md_out {
        append(p, markdown_row(r))?;
    }
    Ok(())
}
