//! `gb-server` binary: parse settings, start logging, serve until SIGINT/SIGTERM.
use clap::Parser;
use gb_server::{Application, Settings, startup::cancel_on_signal, telemetry};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    telemetry::init_tracing();
    let app = Application::build(Settings::parse()).await?;
    tokio::spawn(cancel_on_signal(app.shutdown_token()));
    app.run_until_stopped().await
}
