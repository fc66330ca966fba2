//! The narrow interface between the bus and the rooms it carries traffic for (issue 46: the bus sits below the
//! rooms and imports nothing from them). [`Serving`] is what the bus offers a room: a leased room running here
//! asks to be reached from other nodes (room/supervisor.rs). [`RoomPort`] is what the bus needs of one live
//! room to answer those nodes (bus/owner.rs), and [`LocalRooms`] what the lobby needs of this node's registry
//! (bus/lobby.rs); room/port.rs implements both for the room's handle and registry.
use super::wire::RoomCall;
use crate::protocol::{Emote, Role, RoomInfo};
use crate::viewer::{Attached, Conn, Kind, Relayed};
use axum::http::StatusCode;
use futures_util::future::BoxFuture;
use std::sync::Arc;

/// The room's actor is no longer there (stopped, rebuilt, moved to another node): the relay re-resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gone;

/// One live room as the bus reaches it: the same calls a local socket or handler makes, answered alike.
pub trait RoomPort: Send + Sync + 'static {
    /// The room's id (its subjects are named by it).
    fn id(&self) -> &str;
    /// The viewer kind a socket of `account` asking for `role` would get.
    fn kind_of(&self, account: Option<String>, role: Role) -> BoxFuture<'_, Result<Kind, Gone>>;
    /// Registers a remote socket (`conn.relay` set) and answers its catch-up frames (room/relay.rs).
    fn attach(&self, conn: Conn) -> BoxFuture<'_, Result<Attached, Gone>>;
    /// Socket `conn` is gone.
    fn disconnect(&self, conn: u64) -> BoxFuture<'_, ()>;
    /// Socket `conn`'s seat sends `emote`; `Ok(Some(frame))` is the refusal frame when it was not sent.
    fn emote(&self, conn: u64, emote: Emote) -> BoxFuture<'_, Result<Option<String>, Gone>>;
    /// A relayed socket's intent under its idempotency key, answered on that socket's own queue.
    fn relayed_intent(
        &self,
        conn: u64,
        seq: u32,
        intent: gb_core::Intent,
        key: Relayed,
    ) -> BoxFuture<'_, Result<(), Gone>>;
    /// A lobby call, answered exactly as this node's own handler would (status and JSON body).
    fn call(&self, call: RoomCall) -> BoxFuture<'_, (StatusCode, String)>;
}

/// This node's live rooms, as the lobby lists them.
pub trait LocalRooms: Send + Sync + 'static {
    /// The published info of every room registered here.
    fn infos(&self) -> Vec<RoomInfo>;
}

/// How a leased room running here is reached from other nodes (cluster mode). The bus offers it; rooms hold it
/// as `Arc<dyn Serving>` in `RoomDeps`, so the room knows nothing of NATS.
pub trait Serving: Send + Sync {
    /// Answers other nodes' sockets and calls for `room`, leased to `node` under `epoch`, until `unserve_room`.
    fn serve_room<'a>(
        &'a self,
        room: Arc<dyn RoomPort>,
        epoch: i64,
        node: &'a str,
    ) -> BoxFuture<'a, anyhow::Result<()>>;
    /// Stops answering for the room `room_id` under `epoch` (a later epoch's serving is left alone).
    fn unserve_room(&self, room_id: &str, epoch: i64);
}
