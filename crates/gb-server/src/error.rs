//! The one error type handlers return, rendered as gb-protocol's `ErrorBody`: `{ "error": { "code", "message", "rejections"? } }`.
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use gb_core::rejection::Rejection;
use gb_protocol::{ErrorBody, ErrorDetail, Refusal, RefusalStatus};

/// An API failure: an HTTP status, a stable machine-readable code, and a human message.
/// `rejections` carries the rules engine's reasons when a deck is refused.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub rejections: Vec<Rejection>,
    /// Sent as `Retry-After` (whole seconds) with a 429 or 503.
    pub retry_after: Option<std::time::Duration>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, code, message: message.into(), rejections: Vec::new(), retry_after: None }
    }
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "not_logged_in", "log in or play as a guest first")
    }
    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, message)
    }
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }
    /// 429: a limit was reached; the client may try again after `retry_after`.
    pub fn too_many(code: &'static str, message: impl Into<String>, retry_after: std::time::Duration) -> Self {
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, code, message);
        e.retry_after = Some(retry_after);
        e
    }
    /// A deck the rules refuse: 422 with every rejection (code, rule, message).
    pub fn invalid_deck(rejections: Vec<Rejection>) -> Self {
        let mut e =
            Self::unprocessable("invalid_deck", format!("the deck breaks {} deck-building rule(s)", rejections.len()));
        e.rejections = rejections;
        e
    }
    /// Logs the real cause and shows the client only a generic message.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "internal server error")
    }
}

impl ApiError {
    /// The JSON body this error is sent with (also relayed between nodes as is: api/room_calls.rs).
    pub fn body(&self) -> ErrorBody {
        let rejections = self.rejections.clone();
        ErrorBody { error: ErrorDetail { code: self.code.to_owned(), message: self.message.clone(), rejections } }
    }
}

/// A body check's refusal (gb-protocol's `checks`, `names`), sent as it is.
impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        let status = match r.status {
            RefusalStatus::BadRequest => StatusCode::BAD_REQUEST,
            RefusalStatus::Unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError { rejections: r.rejections, ..ApiError::new(status, r.code, r.message) }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::internal(format!("database: {e}"))
    }
}

/// The one place a room's refusal becomes an HTTP status and error code (docs/protocol.md, lobby errors).
impl From<crate::room::RoomError> for ApiError {
    fn from(e: crate::room::RoomError) -> Self {
        use crate::room::RoomError as E;
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

/// The one place an event's refusal becomes an HTTP status and error code (docs/tournaments.md).
impl From<crate::tournament::EventError> for ApiError {
    fn from(e: crate::tournament::EventError) -> Self {
        use crate::tournament::EventError as E;
        let message = e.to_string();
        let (status, code) = match e {
            E::InvalidDeck(rejections) => return ApiError::invalid_deck(rejections),
            E::AnnouncingTooFast { wait, .. } => return ApiError::too_many("announcing_too_fast", message, wait),
            E::Storage(cause) => return ApiError::internal(cause),
            E::Stopped => (StatusCode::SERVICE_UNAVAILABLE, "event_stopped"),
            E::RoomUnavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "room_unavailable"),
            E::NotOrganizer => (StatusCode::FORBIDDEN, "not_organizer"),
            E::NotJudge => (StatusCode::FORBIDDEN, "not_judge"),
            E::NotDrawParty => (StatusCode::FORBIDDEN, "not_at_table"),
            E::NoSuchPlayer => (StatusCode::NOT_FOUND, "no_such_player"),
            E::NoSuchTable { .. } => (StatusCode::NOT_FOUND, "no_such_table"),
            E::EmptyAnnouncement => (StatusCode::BAD_REQUEST, "empty_announcement"),
            E::AnnouncementTooLong { .. } => (StatusCode::BAD_REQUEST, "announcement_too_long"),
            E::BadRosterChange(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_roster_change"),
            E::BadComputerCount { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "bad_computer_count"),
            E::BadResult(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_result"),
            E::BadPairing(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_pairing"),
            E::BadMinutes(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_minutes"),
            E::ReasonTooLong { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "reason_too_long"),
            E::NotAtTable { .. } | E::ConcederNotAtTable { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "not_at_table"),
            E::BadTable => (StatusCode::UNPROCESSABLE_ENTITY, "bad_table"),
            E::BadRounds { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "bad_rounds"),
            E::BadSettings(_) => (StatusCode::UNPROCESSABLE_ENTITY, "bad_settings"),
            E::WrongStatus { .. } => (StatusCode::CONFLICT, "wrong_status"),
            E::RegistrationClosed | E::ComputersAfterRegistration => (StatusCode::CONFLICT, "registration_closed"),
            E::LateEntriesClosed { .. } => (StatusCode::CONFLICT, "late_entries_closed"),
            E::AlreadyRegistered => (StatusCode::CONFLICT, "already_registered"),
            E::EventFinished => (StatusCode::CONFLICT, "event_finished"),
            E::JudgeCannotPlay => (StatusCode::CONFLICT, "judge_cannot_play"),
            E::CheckInClosed => (StatusCode::CONFLICT, "check_in_closed"),
            E::TooManyComputers { .. } => (StatusCode::CONFLICT, "too_many_computers"),
            E::DownstreamPlayed(_) => (StatusCode::CONFLICT, "downstream_played"),
            E::NoRound | E::NoRoundToFeature => (StatusCode::CONFLICT, "no_round"),
            E::NeedsConfirmation(_) => (StatusCode::CONFLICT, "needs_confirmation"),
            E::AlreadyJudge { .. } => (StatusCode::CONFLICT, "already_judge"),
            E::PlayerCannotJudge { .. } => (StatusCode::CONFLICT, "player_cannot_judge"),
            E::NoRoom { .. } => (StatusCode::CONFLICT, "no_room"),
            E::NoTable { .. } => (StatusCode::CONFLICT, "no_table"),
            E::RoundHasResults => (StatusCode::CONFLICT, "round_has_results"),
            E::PlayoffRound => (StatusCode::CONFLICT, "playoff_round"),
            E::RegistrationOpen => (StatusCode::CONFLICT, "registration_open"),
            E::TournamentOver(_) => (StatusCode::CONFLICT, "tournament_over"),
            E::CannotPair(_) => (StatusCode::CONFLICT, "cannot_pair"),
            E::NoRoundPlayed => (StatusCode::CONFLICT, "no_round_played"),
            E::RoundInProgress { .. } => (StatusCode::CONFLICT, "round_in_progress"),
            E::NotSwiss => (StatusCode::CONFLICT, "not_swiss"),
            E::TopCutStarted => (StatusCode::CONFLICT, "top_cut_started"),
            E::NotCurrentRound { .. } => (StatusCode::CONFLICT, "not_current_round"),
            E::MatchOver { .. } => (StatusCode::CONFLICT, "match_over"),
        };
        ApiError::new(status, code, message)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        let status = r.status();
        let code = match status {
            StatusCode::PAYLOAD_TOO_LARGE => "body_too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "expected_json",
            _ => "bad_json",
        };
        ApiError::new(status, code, r.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(wait) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait.as_secs()));
        }
        response
    }
}

/// `Json<T>` whose rejections come out in our error format instead of axum's plain text.
#[derive(Debug, axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);
