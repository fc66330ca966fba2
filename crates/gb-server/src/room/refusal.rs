//! How a room's refusal ([`RoomError`]) becomes an HTTP status and error code: the room's own mapping onto
//! the base `ApiError`, so the API and the bus's owner side (bus/owner.rs) answer a refused call alike.
use super::error::RoomError;
use crate::error::ApiError;
use axum::http::StatusCode;

/// The one place a room's refusal becomes an HTTP status and error code (docs/protocol.md, lobby errors).
impl From<RoomError> for ApiError {
    fn from(e: RoomError) -> Self {
        use RoomError as E;
        let message = e.to_string();
        match e {
            E::Stopped => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "room_stopped", message),
            E::AlreadySeated => ApiError::conflict("already_seated", message),
            E::Full => ApiError::conflict("room_full", message),
            E::NotHost => ApiError::new(StatusCode::FORBIDDEN, "not_host", message),
            E::AlreadyStarted => ApiError::conflict("already_started", message),
            E::NobodySeated => ApiError::conflict("nobody_seated", message),
            E::ProtocolTooOld => ApiError::conflict("protocol_too_old", message),
            E::InvalidDeck(rejections) => ApiError::invalid_deck(rejections),
            E::NotSeated => ApiError::new(StatusCode::FORBIDDEN, "not_seated", message),
            E::GameNotOver => ApiError::conflict("game_not_over", message),
            E::SeriesDecided => ApiError::conflict("series_decided", message),
            E::TimeCalled => ApiError::conflict("time_called", message),
            E::MatchEnded => ApiError::conflict("match_ended", message),
            E::OneGameMatchPlayed => ApiError::conflict("one_game_match_played", message),
            E::ClaimAtEvent => ApiError::conflict("claim_at_event", message),
            E::NoClaim => ApiError::conflict("no_claim", message),
            E::OpponentPresent => ApiError::conflict("opponent_present", message),
            E::ClaimTooEarly { .. } => ApiError::conflict("claim_too_early", message),
            E::DrawCasualOnly => ApiError::conflict("draw_casual_only", message),
            E::TakebackNotCasual => ApiError::conflict("takeback_not_casual", message),
            E::TakebackTwoPlayersOnly => ApiError::conflict("takeback_two_players_only", message),
            E::TakebackNotSeated => ApiError::new(StatusCode::FORBIDDEN, "not_seated", message),
            E::TakebackNothing => ApiError::conflict("nothing_to_take_back", message),
            E::TakebackNotYours => ApiError::conflict("takeback_not_your_action", message),
            E::TakebackHiddenRevealed => ApiError::conflict("takeback_hidden_revealed", message),
            E::TakebackPending => ApiError::conflict("takeback_pending", message),
            E::TakebackNotAsked => ApiError::conflict("no_takeback_asked", message),
            E::TakebackOwnRequest => ApiError::conflict("takeback_own_request", message),
            E::Storage(cause) => ApiError::internal(cause),
        }
    }
}
