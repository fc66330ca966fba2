//! Gem Blenders Online server library: settings, database, HTTP API, and the `Application` that runs them.
pub mod api;
pub mod db;
pub mod error;
pub mod origin;
pub mod routes;
pub mod settings;
pub mod startup;
pub mod state;
pub mod telemetry;

pub use db::Db;
pub use settings::Settings;
pub use startup::Application;
pub use state::AppState;
