//! Crash recovery: on startup every recent room is rebuilt from the database. A game's state is never stored;
//! it is recomputed by replaying the stored setup and the accepted intents through the engine (deterministic),
//! so a room resumes at exactly its last acknowledged version.
use super::actor::{Game, RoomInit};
use super::clock::Clock;
use super::{RoomConfig, RoomDeps, Rooms, SeatEntry, spawn_room};
use crate::db::matches::{MatchRow, intents_since, last_meta, room_matches};
use crate::protocol::GameResult;
use crate::seed::{StoredResult, StoredSetup};
use anyhow::{Context, bail};
use gb_core::{Intent, Seat, replay};

/// Rebuilds and spawns every recent room; returns how many came back. A room that fails to rebuild is logged
/// and left out rather than stopping the server.
pub async fn recover_rooms(deps: &RoomDeps, rooms: &Rooms) -> anyhow::Result<usize> {
    let rows = crate::db::rooms::recent_rooms(&deps.db).await?;
    let mut n = 0;
    for row in rows {
        match rebuild(deps, &row.id, &row.config_json, &row.seats_json).await {
            Ok(init) => {
                let version = init.game.as_ref().map_or(0, |g| g.version);
                tracing::info!(room = %row.id, version, "room recovered");
                rooms.insert(spawn_room(deps.clone(), init));
                n += 1;
            }
            Err(e) => tracing::error!(room = %row.id, error = %format!("{e:#}"), "room not recovered"),
        }
    }
    Ok(n)
}

async fn rebuild(deps: &RoomDeps, id: &str, config_json: &str, seats_json: &str) -> anyhow::Result<RoomInit> {
    let cfg: RoomConfig = serde_json::from_str(config_json).context("room config")?;
    let seats: [Option<SeatEntry>; 2] = serde_json::from_str(seats_json).context("room seats")?;
    let matches = room_matches(&deps.db, id).await?;
    let games = matches.iter().map(game_result).collect::<anyhow::Result<Vec<_>>>()?;
    let (game, clock) = match matches.last() {
        Some(m) => {
            let game = replay_match(deps, m).await?;
            let clock = match (cfg.clock, game.state.is_over()) {
                (Some(setting), false) => Some(match last_meta(&deps.db, &m.id).await? {
                    Some(meta) => {
                        let meta: serde_json::Value = serde_json::from_str(&meta)?;
                        let c: ClockMeta = serde_json::from_value(meta["clocks"].clone())?;
                        Clock::restore(setting, c.remaining_ms, c.bank_ms)
                    }
                    None => Clock::new(setting),
                }),
                _ => None,
            };
            (Some(game), clock)
        }
        None => (None, None),
    };
    Ok(RoomInit { id: id.to_owned(), cfg, seats, games, game, clock })
}

#[derive(serde::Deserialize)]
struct ClockMeta {
    remaining_ms: [u32; 2],
    bank_ms: [u32; 2],
}

/// Setup + log → state, checking the log has no gaps.
pub(super) async fn replay_match(deps: &RoomDeps, m: &MatchRow) -> anyhow::Result<Game> {
    let stored: StoredSetup = serde_json::from_str(&m.setup_json).context("match setup")?;
    let rows = intents_since(&deps.db, &m.id, 0).await?;
    let mut log = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        if r.version != i as i64 + 1 {
            bail!("match {} log has a gap at version {}", m.id, i + 1);
        }
        let seat = if r.seat == 0 { Seat::A } else { Seat::B };
        let intent: Intent = serde_json::from_str(&r.intent_json)?;
        log.push((seat, intent));
    }
    let state = replay(&stored.setup, &log).map_err(|e| anyhow::anyhow!("match {} does not replay: {e:?}", m.id))?;
    Ok(Game { match_id: m.id.clone(), setup: stored.setup, nonce: stored.nonce, state, version: log.len() as u32 })
}

fn game_result(m: &MatchRow) -> anyhow::Result<GameResult> {
    let result: Option<StoredResult> = m.result_json.as_deref().map(serde_json::from_str).transpose()?;
    let revealed = match &result {
        Some(_) => Some(serde_json::from_str::<StoredSetup>(&m.setup_json)?),
        None => None,
    };
    Ok(GameResult {
        match_id: m.id.clone(),
        winner: result.as_ref().map(|r| r.winner),
        reason: result.map(|r| r.reason),
        seed_hash: m.seed_hash.clone(),
        seed: revealed.as_ref().map(|s| s.setup.seed.to_string()),
        nonce: revealed.map(|s| s.nonce),
    })
}

/// A brand-new room with no games yet.
pub fn fresh_room(id: String, cfg: RoomConfig, seats: [Option<SeatEntry>; 2]) -> RoomInit {
    RoomInit { id, cfg, seats, games: Vec::new(), game: None, clock: None }
}
