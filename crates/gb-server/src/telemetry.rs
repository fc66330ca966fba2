//! Logging (tracing + RUST_LOG) and Prometheus metrics, including the per-request HTTP middleware.
use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Instant;
use tracing_subscriber::EnvFilter;

/// Installs the global tracing subscriber; `RUST_LOG` overrides the default filter.
/// Safe to call more than once (later calls are ignored), which tests rely on.
pub fn init_tracing() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,tower_http=info,sqlx=warn"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}

static PROMETHEUS: OnceLock<PrometheusHandle> = OnceLock::new();

/// Histograms exported with buckets: intent received → last frame written, and the persistence path.
const LATENCY_HISTOGRAMS: [&str; 3] =
    ["gb_intent_to_last_frame_seconds", "gb_persist_latency_seconds", "gb_persist_batch_seconds"];
const LATENCY_BUCKETS: &[f64] = &[0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0];

/// The process-wide Prometheus handle. The recorder is global to the process, while tests run
/// several apps in one process, so it is installed exactly once and every app shares the handle.
pub fn metrics_handle() -> PrometheusHandle {
    PROMETHEUS
        .get_or_init(|| {
            // Play latencies as cumulative buckets rather than the default rolling-window summary, so a
            // scrape covers the whole run and Prometheus can aggregate them across servers.
            let mut builder = PrometheusBuilder::new();
            for name in LATENCY_HISTOGRAMS {
                builder = builder
                    .set_buckets_for_metric(Matcher::Full(name.to_owned()), LATENCY_BUCKETS)
                    .expect("non-empty buckets");
            }
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                // Someone else installed a recorder first; our handle will then render nothing.
                tracing::warn!("a global metrics recorder was already installed; /metrics will be empty");
            }
            handle
        })
        .clone()
}

/// Counts requests and their latency by route template (not raw path, to bound label cardinality).
pub async fn track_http(req: Request, next: Next) -> Response {
    let start = Instant::now();
    let path =
        req.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned()).unwrap_or_else(|| "unmatched".to_owned());
    let method = req.method().to_string();
    let response = next.run(req).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("path", path), ("status", status)];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels).record(start.elapsed().as_secs_f64());
    response
}
