//! [`Serving`]: how a leased room running here is reached from other nodes (cluster mode). The room owns this
//! narrow interface; the bus implements it (bus/owner.rs answers the room's RPC subject) and the application
//! hands it in through `RoomDeps`, so the room knows nothing of NATS.
use super::handle::RoomHandle;
use futures_util::future::BoxFuture;

pub trait Serving: Send + Sync {
    /// Answers other nodes' sockets and calls for `room`, leased to `node` under `epoch`, until `unserve_room`.
    fn serve_room<'a>(&'a self, room: RoomHandle, epoch: i64, node: &'a str) -> BoxFuture<'a, anyhow::Result<()>>;
    /// Stops answering for the room `room_id` under `epoch` (a later epoch's serving is left alone).
    fn unserve_room(&self, room_id: &str, epoch: i64);
}
