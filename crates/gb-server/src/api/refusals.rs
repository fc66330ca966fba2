//! How an event's refusal ([`TournamentError`]) becomes an HTTP status and error code: decided here, in the API,
//! once, on the owner (forwarded calls run through the owner's router). A room's refusals map in
//! `room/refusal.rs`, below the API, because the bus's owner side answers relayed room calls with them.
use crate::error::ApiError;
use crate::tournament::TournamentError;
use axum::http::StatusCode;

/// The one place an event's refusal becomes an HTTP status and error code (docs/tournaments.md).
impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> Self {
        use TournamentError as E;
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
