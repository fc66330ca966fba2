//! Gem Blenders Online server library: settings, database, HTTP API, rooms and live play over WebSockets,
//! and the `Application` that runs them.
pub mod api;
pub mod bus;
pub mod cluster;
pub mod db;
pub mod error;
pub mod guard;
pub mod listen;
pub mod origin;
pub mod persist;
pub mod protocol;
pub mod queue;
pub mod registry;
pub mod room;
pub mod routes;
pub mod seed;
pub mod settings;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod tournament;
pub mod viewer;
pub mod ws;

pub use db::Db;
pub use settings::Settings;
pub use startup::Application;
pub use state::AppState;
