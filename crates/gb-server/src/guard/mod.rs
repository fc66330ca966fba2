//! What keeps one client from taking the server, shared by the HTTP API and the WebSocket handshakes through
//! `AppState`: limits per address (throttle.rs), login throttling (login_throttle.rs), password hashing on a
//! bounded pool (hashing.rs) and the public replay computed once per version off the executor (replay_cache.rs).
pub mod hashing;
pub mod login_throttle;
pub mod replay_cache;
pub mod throttle;
