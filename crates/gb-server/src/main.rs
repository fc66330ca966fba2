//! `gb-server` binary: parse settings, start logging, serve until SIGINT/SIGTERM.
use clap::Parser;
use gb_server::{Application, Settings, telemetry};

// Many small, short-lived buffers (frames, views) freed on other threads than they were made on: mimalloc's
// thread-free lists cost much less there than glibc's arenas (see BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    let settings = Settings::parse();
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if settings.worker_threads > 0 {
        runtime.worker_threads(settings.worker_threads);
    }
    runtime.enable_all().build()?.block_on(serve(settings))
}

async fn serve(settings: Settings) -> anyhow::Result<()> {
    telemetry::init_tracing();
    let app = Application::build(settings).await?;
    tokio::spawn(app.stop_on_signal());
    app.run_until_stopped().await
}
