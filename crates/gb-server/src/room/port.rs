//! The room's side of the bus's narrow interface (bus/port.rs): [`RoomPort`] for a live room's handle and
//! [`LocalRooms`] for the registry, so the bus reaches rooms without importing them (issue 46). A lobby call
//! ([`RoomCall`]) runs here against the live room on this node: what the owner answers, status and JSON body,
//! whether the call came over the room's RPC subject (`Request::Rest`, bus/owner.rs) or from this node's own
//! API (api/room_calls.rs), so a client cannot tell which node it asked.
use super::deps::Rooms;
use super::error::RoomError;
use super::handle::RoomHandle;
use crate::bus::port::{Gone, LocalRooms, RoomPort};
use crate::bus::wire::RoomCall;
use crate::error::ApiError;
use crate::protocol::{Emote, JoinReply, Role, RoomInfo};
use crate::viewer::{Attached, Conn, Kind, Relayed};
use axum::http::StatusCode;
use futures_util::future::BoxFuture;

/// The owner's side: exactly what its own handler answers (status and JSON body).
pub async fn run(room: &RoomHandle, call: RoomCall) -> (StatusCode, String) {
    fn json(v: &impl serde::Serialize) -> String {
        serde_json::to_string(v).expect("lobby replies serialize")
    }
    let done = match call {
        // The published info, as a local GET reads it (no round trip through the actor).
        RoomCall::Info => Ok(json(&*room.info.borrow())),
        RoomCall::Join { account_id, display_name, deck } => {
            room.join(account_id, display_name, deck).await.map(|seat| json(&JoinReply { seat }))
        }
        RoomCall::Rematch { account_id, go_first } => then_info(room, room.rematch(account_id, go_first).await).await,
        RoomCall::Start { account_id } => then_info(room, room.start(account_id).await).await,
        RoomCall::ClaimWin { account_id, draw } => then_info(room, room.claim_win(account_id, draw).await).await,
        RoomCall::AskTakeback { account_id } => then_info(room, room.ask_takeback(account_id).await).await,
        RoomCall::AnswerTakeback { account_id, accept } => {
            then_info(room, room.answer_takeback(account_id, accept).await).await
        }
        RoomCall::SpectatorHead => room.spectator_head().await.map(|head| json(&head)),
    };
    match done {
        Ok(body) => (StatusCode::OK, body),
        Err(e) => {
            let e = ApiError::from(e);
            (e.status, json(&e.body()))
        }
    }
}

/// After a command the room accepted, its info as the actor has it now (what the local handler answers too).
async fn then_info(room: &RoomHandle, done: Result<(), RoomError>) -> Result<String, RoomError> {
    done?;
    let info = room.fetch_info().await?;
    Ok(serde_json::to_string(&info).expect("lobby replies serialize"))
}

impl RoomPort for RoomHandle {
    fn id(&self) -> &str {
        &self.id
    }
    fn kind_of(&self, account: Option<String>, role: Role) -> BoxFuture<'_, Result<Kind, Gone>> {
        Box::pin(async move { RoomHandle::kind_of(self, account, role).await.map_err(|_| Gone) })
    }
    fn attach(&self, conn: Conn) -> BoxFuture<'_, Result<Attached, Gone>> {
        Box::pin(async move { RoomHandle::attach(self, conn).await.map_err(|_| Gone) })
    }
    fn disconnect(&self, conn: u64) -> BoxFuture<'_, ()> {
        Box::pin(RoomHandle::disconnect(self, conn))
    }
    fn emote(&self, conn: u64, emote: Emote) -> BoxFuture<'_, Result<Option<String>, Gone>> {
        Box::pin(async move {
            let outcome = RoomHandle::emote(self, conn, emote).await.map_err(|_| Gone)?;
            Ok(outcome.err().map(|r| r.frame().encode()))
        })
    }
    fn relayed_intent(
        &self,
        conn: u64,
        seq: u32,
        intent: gb_core::Intent,
        key: Relayed,
    ) -> BoxFuture<'_, Result<(), Gone>> {
        Box::pin(async move { RoomHandle::relayed_intent(self, conn, seq, intent, key).await.map_err(|_| Gone) })
    }
    fn call(&self, call: RoomCall) -> BoxFuture<'_, (StatusCode, String)> {
        Box::pin(run(self, call))
    }
}

impl LocalRooms for Rooms {
    fn infos(&self) -> Vec<RoomInfo> {
        self.all().into_iter().map(|h| h.info.borrow().clone()).collect()
    }
}
