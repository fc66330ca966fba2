//! The leaderboard and profiles (docs/protocol.md, "Ratings"; docs/ratings.md): read-only views of `ratings` and
//! `rating_history`, which only the append of a rated game's deciding intent writes (db/ratings.rs), and of
//! `game_players`, each person's finished games (db/game_players.rs): recent games and favourite decks.
use super::session::CurrentAccount;
use crate::db::ratings::{self, BoardRow, Stored};
use crate::error::{ApiError, ApiResult};
use crate::protocol::{BoardEntry, DeckPlayed, Leaderboard, PlayedGameView, PlayerProfile, RatedGameView, RatingView};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use gb_rating::Rating;

/// Rated games a player needs before the leaderboard lists them (besides a deviation no longer provisional).
pub const BOARD_MIN_GAMES: i64 = 10;
/// Players listed on a leaderboard.
const BOARD_SIZE: i64 = 100;
/// Rated games a profile lists.
const PROFILE_GAMES: i64 = 50;
/// Finished games of every kind a profile lists.
const PROFILE_RECENT: i64 = 20;
/// Favourite decks a profile lists.
const PROFILE_DECKS: i64 = 5;

/// The formats of play now and of ratings.
pub const FORMATS: [&str; 2] = ["bo1", "bo3"];

/// A format named in a request, or 422 `bad_format`.
pub fn format(name: Option<&str>) -> ApiResult<&'static str> {
    let name = name.ok_or_else(|| ApiError::unprocessable("bad_format", "format is required: bo1 or bo3"))?;
    FORMATS
        .into_iter()
        .find(|f| *f == name)
        .ok_or_else(|| ApiError::unprocessable("bad_format", format!("unknown format {name:?}: bo1 or bo3")))
}

#[derive(serde::Deserialize)]
pub struct BoardQuery {
    format: Option<String>,
}

/// `GET /api/leaderboard?format=bo1`: the top established players, and the caller's own place.
pub async fn leaderboard(
    State(state): State<AppState>,
    me: Option<CurrentAccount>,
    Query(q): Query<BoardQuery>,
) -> ApiResult<Json<Leaderboard>> {
    let format = format(q.format.as_deref())?;
    let rows = ratings::leaderboard(&state.db, format, BOARD_MIN_GAMES, BOARD_SIZE).await?;
    let top = rows.iter().enumerate().map(|(i, r)| entry(r, Some(i as u32 + 1))).collect();
    let you = match me {
        None => None,
        Some(CurrentAccount(a)) => match ratings::rating_of(&state.db, &a.id, format).await? {
            None => None,
            Some(s) => {
                let listed = !s.rating.is_provisional() && s.games >= BOARD_MIN_GAMES;
                let place = match listed {
                    true => Some(
                        ratings::rated_above(&state.db, format, s.rating.rating, BOARD_MIN_GAMES).await? as u32 + 1,
                    ),
                    false => None,
                };
                let row = BoardRow {
                    account_id: a.id,
                    display_name: a.display_name,
                    username: a.username,
                    rating: s.rating.rating,
                    deviation: s.rating.deviation,
                    games: s.games,
                };
                Some(entry(&row, place))
            }
        },
    };
    Ok(Json(Leaderboard { format: format.to_owned(), min_games: BOARD_MIN_GAMES as u32, top, you }))
}

fn entry(r: &BoardRow, place: Option<u32>) -> BoardEntry {
    let shown = Rating { rating: r.rating, deviation: r.deviation, volatility: 0.0 }.shown();
    BoardEntry {
        place,
        id: r.account_id.clone(),
        display_name: r.display_name.clone(),
        username: r.username.clone(),
        rating: r.rating.round() as i32,
        shown,
        games: r.games as u32,
    }
}

/// `GET /api/players/{name}`: a profile by username, or by account id (a guest has no username).
pub async fn player(State(state): State<AppState>, Path(name): Path<String>) -> ApiResult<Json<PlayerProfile>> {
    let db = &state.db;
    let account = match crate::db::accounts::find_by_username(db, &name).await? {
        Some(a) => Some(a),
        None => crate::db::accounts::find_by_id(db, &name).await?,
    };
    let a = account.ok_or_else(|| ApiError::not_found("no_such_player", "no player has this name"))?;
    let record = ratings::record(db, &a.id).await?;
    let mut views = Vec::new();
    for f in FORMATS {
        let Some(s) = ratings::rating_of(db, &a.id, f).await? else { continue };
        let (wins, losses) = record.iter().find(|r| r.0 == f).map_or((0, 0), |r| (r.1, r.2));
        views.push(rating_view(f, &s, wins, losses));
    }
    let history = ratings::history(db, &a.id, PROFILE_GAMES).await?;
    let history = history
        .into_iter()
        .map(|h| RatedGameView {
            match_id: h.match_id,
            room_id: h.room_id,
            format: h.format,
            opponent: h.opponent_name.unwrap_or(h.opponent_id),
            won: h.won != 0,
            rating_before: h.rating_before.round() as i32,
            rating_after: h.rating_after.round() as i32,
            change: (h.rating_after - h.rating_before).round() as i32,
            at_ms: h.created_at.max(0) as u64,
        })
        .collect();
    let (games, decks) = played(db, &a.id).await?;
    Ok(Json(PlayerProfile {
        id: a.id,
        display_name: a.display_name,
        username: a.username,
        ratings: views,
        history,
        games,
        decks,
    }))
}

/// A player's latest finished games and most played decks (by name only: `game_players` holds no list).
async fn played(db: &crate::db::Db, account_id: &str) -> ApiResult<(Vec<PlayedGameView>, Vec<DeckPlayed>)> {
    use crate::db::game_players;
    let games = game_players::recent(db, account_id, PROFILE_RECENT)
        .await?
        .into_iter()
        .map(|g| PlayedGameView {
            match_id: g.match_id,
            room_id: g.room_id,
            result: g.result,
            reason: g.reason,
            deck: g.deck_name,
            opponents: serde_json::from_str(&g.opponents).unwrap_or_default(),
            rated: g.rated != 0,
            vs_computer: g.vs_computer != 0,
            at_ms: g.finished_at.max(0) as u64,
        })
        .collect();
    let decks = game_players::favourite_decks(db, account_id, PROFILE_DECKS)
        .await?
        .into_iter()
        .map(|(deck, games, wins)| DeckPlayed { deck, games: games as u32, wins: wins as u32 })
        .collect();
    Ok((games, decks))
}

fn rating_view(format: &str, s: &Stored, wins: i64, losses: i64) -> RatingView {
    RatingView {
        format: format.to_owned(),
        rating: s.rating.rating.round() as i32,
        deviation: s.rating.deviation.round() as i32,
        provisional: s.rating.is_provisional(),
        shown: s.rating.shown(),
        games: s.games as u32,
        wins: wins as u32,
        losses: losses as u32,
    }
}
