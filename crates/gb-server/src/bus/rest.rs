//! A lobby call ([`RoomCall`]) run against the live room on this node: what the owner answers, status and JSON
//! body, whether the call came over the room's RPC subject (`Request::Rest`, owner.rs) or from this node's own
//! API (api/room_calls.rs), so a client cannot tell which node it asked.
use super::wire::RoomCall;
use crate::error::ApiError;
use crate::protocol::JoinReply;
use crate::room::{RoomError, RoomHandle};
use axum::http::StatusCode;

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
