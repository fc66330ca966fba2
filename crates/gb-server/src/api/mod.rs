//! The JSON API under `/api`: accounts, decks, the card catalogue, rooms, replays and tournaments.
pub mod accounts;
pub mod auth;
pub mod decks;
pub mod judging;
pub mod lobby;
pub mod ops;
pub mod queue;
pub mod quota;
pub mod ratings;
mod refusals;
pub mod replay;
pub mod room_calls;
pub mod rooms;
pub mod session;
pub mod tournament_calls;
pub mod tournaments;
pub mod validate;

use crate::error::ApiError;
use crate::state::AppState;
use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};

/// The API. `state` is for the tournament routes' middleware: in cluster mode a call for an event another node
/// runs is forwarded there (tournament_calls.rs).
pub fn router(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/guest", post(auth::guest))
        .route("/register", post(auth::register))
        .route("/login", post(auth::login))
        .route("/logout", post(auth::logout))
        .route("/me", get(auth::me))
        .route("/accounts", get(accounts::search))
        .route("/session", get(auth::session))
        .route("/cards", get(cards))
        .route("/decks", get(decks::list).post(decks::create))
        .route("/decks/import", post(decks::import))
        .route("/decks/validate", post(decks::validate))
        .route("/decks/{id}", get(decks::get).put(decks::update).delete(decks::delete))
        .route("/decks/{id}/export", get(decks::export))
        .route("/rooms", get(rooms::list).post(rooms::create))
        .route("/rooms/{id}", get(rooms::get))
        .route("/rooms/{id}/seats", post(rooms::join))
        .route("/rooms/{id}/rematch", post(rooms::rematch))
        .route("/rooms/{id}/claim_win", post(rooms::claim_win))
        .route("/rooms/{id}/claim_draw", post(rooms::claim_draw))
        .route("/rooms/{id}/takeback", post(rooms::ask_takeback))
        .route("/rooms/{id}/takeback/answer", post(rooms::answer_takeback))
        .route("/rooms/{id}/start", post(rooms::start))
        .route("/matches/{id}/replay", get(replay::replay))
        .route("/queue", get(queue::get).post(queue::join).delete(queue::leave))
        .route("/leaderboard", get(ratings::leaderboard))
        .route("/players/{name}", get(ratings::player))
        .merge(tournament_routes(state))
        // JSON 404 for unknown API paths, rather than the web client's index.html.
        .fallback(|| async { ApiError::not_found("no_such_endpoint", "no such API endpoint") })
}

fn tournament_routes(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/tournaments", get(tournaments::list).post(tournaments::create))
        .route("/tournaments/{id}", get(tournaments::get))
        .route("/tournaments/{id}/registration/open", post(tournaments::open_registration))
        .route("/tournaments/{id}/registration/close", post(tournaments::close_registration))
        .route("/tournaments/{id}/registrations", post(tournaments::register))
        .route("/tournaments/{id}/late_entries", post(tournaments::late_entry))
        .route("/tournaments/{id}/computers", post(tournaments::add_computers))
        .route("/tournaments/{id}/check-in", post(tournaments::check_in))
        .route("/tournaments/{id}/players/{player}/drop", post(tournaments::drop_player))
        .route("/tournaments/{id}/players/{player}/readd", post(tournaments::readd_player))
        .route("/tournaments/{id}/rounds", post(tournaments::start_round))
        .route("/tournaments/{id}/judge", post(tournaments::judge))
        .route("/tournaments/{id}/penalties", post(judging::penalize))
        .route("/tournaments/{id}/judges", post(judging::appoint))
        .route("/tournaments/{id}/rounds/{round}/tables/{table}/judge_view", get(judging::judge_view))
        .route("/tournaments/{id}/corrections", post(tournaments::correct))
        .route("/tournaments/{id}/rounds/current/pairings", post(tournaments::repair))
        .route("/tournaments/{id}/rounds/by_hand", post(tournaments::pair_by_hand))
        .route("/tournaments/{id}/swiss_rounds", post(tournaments::set_swiss_rounds))
        .route("/tournaments/{id}/end", post(tournaments::end_event))
        .route("/tournaments/{id}/rounds/{round}/tables/{table}/concede", post(tournaments::concede))
        .route("/tournaments/{id}/rounds/{round}/tables/{table}/intentional_draw", post(tournaments::intentional_draw))
        .route("/tournaments/{id}/standings", get(tournaments::standings))
        .route("/tournaments/{id}/standings.csv", get(tournaments::standings_csv))
        .route("/tournaments/{id}/audit", get(tournaments::audit))
        .route("/tournaments/{id}/announcements", post(tournaments::announce))
        .route("/tournaments/{id}/featured", post(tournaments::feature))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), tournament_calls::forward))
}

/// The whole card catalogue (static JSON from gb-core), cacheable by the browser.
async fn cards() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "public, max-age=300")],
        gb_core::cards::catalogue_json(),
    )
}
