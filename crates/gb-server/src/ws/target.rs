//! What a socket talks to: a room running on this node, or one owned by another node and reached through the
//! bus (bus/relay.rs). One closed enum with the room's socket methods, so the socket loop does not branch.
use crate::bus::relay::Session;
use crate::protocol::ServerMsg;
use crate::room::{Conn, RoomError, RoomHandle};
use crate::state::AppState;

pub enum Target {
    Local(RoomHandle),
    /// Before `hello` there is no session yet.
    Remote {
        room: String,
        state: AppState,
        session: Option<Session>,
    },
}

impl Target {
    /// The room `id` as this node can serve it: in memory here, or owned by a live node elsewhere.
    pub async fn find(state: &AppState, id: &str) -> Option<Target> {
        if let Some(h) = state.rooms.get(id) {
            return Some(Target::Local(h));
        }
        if !state.bus.enabled() {
            return None;
        }
        let owner = state.bus.owner(&state.db, id, false).await?;
        // Owned here but not registered yet (a claim lands a moment before its room): the client retries.
        let here = state.cluster.as_ref().is_some_and(|c| c.node_id() == owner.node);
        (!here).then(|| Target::Remote { room: id.to_owned(), state: state.clone(), session: None })
    }

    /// Registers the socket that has said `hello`.
    pub async fn connect(&mut self, conn: Conn) -> Result<(), RoomError> {
        match self {
            Target::Local(h) => h.connect(conn).await,
            Target::Remote { room, state, session } => {
                *session = Some(Session::start(state.bus.clone(), state.db.clone(), room.clone(), conn));
                Ok(())
            }
        }
    }

    /// A seat's intent, answered on the socket.
    pub async fn intent(&mut self, conn: u64, seq: u32, intent: gb_core::Intent) -> Result<(), RoomError> {
        match self {
            Target::Local(h) => h.intent(conn, seq, intent).await,
            Target::Remote { session: Some(s), .. } => {
                s.intent(seq, intent).await;
                Ok(())
            }
            Target::Remote { session: None, .. } => Err(RoomError::Stopped),
        }
    }

    /// A seat's emote; `Some` is the refusal to tell the socket (room/emote.rs).
    pub async fn emote(&mut self, conn: u64, emote: crate::protocol::Emote) -> Result<Option<ServerMsg>, RoomError> {
        match self {
            Target::Local(h) => Ok(h.emote(conn, emote).await?.err().map(|r| r.frame())),
            Target::Remote { session: Some(s), .. } => Ok(s.emote(emote).await),
            Target::Remote { session: None, .. } => Err(RoomError::Stopped),
        }
    }

    /// The socket has closed.
    pub async fn disconnect(&mut self, conn: u64) {
        match self {
            Target::Local(h) => h.disconnect(conn).await,
            Target::Remote { session, .. } => {
                if let Some(s) = session.take() {
                    s.close().await;
                }
            }
        }
    }
}
