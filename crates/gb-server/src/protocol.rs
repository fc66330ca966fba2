//! The wire types, all of gb-protocol's: `crate::protocol` keeps the server's paths short and is a room of the
//! base layer, so naming a wire type never runs through `lib.rs` (which sits on top, naming `startup` and `state`).
pub use gb_protocol::*;
