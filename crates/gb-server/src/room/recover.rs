//! Crash recovery: on startup every recent room is rebuilt from the database. A game's state is never stored;
//! it is recomputed by replaying the stored setup and the accepted intents through the engine (deterministic),
//! so a room resumes at exactly its last acknowledged version.
use super::actor::{Game, RoomInit};
use super::clock::Clock;
use super::delta::{Seen, project};
use super::streams::Kind;
use super::{RoomConfig, RoomDeps, Rooms, SeatEntry, spawn_room};
use crate::db::matches::{MatchRow, last_meta, log_with_meta, room_matches};
use crate::protocol::{Clocks, GameResult};
use crate::seed::{StoredResult, StoredSetup};
use anyhow::{Context, bail};
use axum::extract::ws::Utf8Bytes;
use gb_core::{Intent, Seat, apply, new_match};

/// Rebuilds and spawns every recent room; returns how many came back. A room that fails to rebuild is logged
/// and left out rather than stopping the server.
pub async fn recover_rooms(deps: &RoomDeps, rooms: &Rooms) -> anyhow::Result<usize> {
    let rows = crate::db::rooms::recent_rooms(&deps.db).await?;
    let mut n = 0;
    for row in rows {
        match from_rows(deps, &row.id, &row.config_json, &row.seats_json).await {
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

/// One room exactly as its rows say: settings, seats, every game's result and the current game replayed from
/// its setup and intent log, with its clocks and recent frames. The one way a room is rebuilt: at startup, by
/// the supervisor after a failure, and (multi-node) by a node taking the room over; it reads only the database.
pub async fn load_room(deps: &RoomDeps, id: &str) -> anyhow::Result<RoomInit> {
    let row = crate::db::rooms::find_room(&deps.db, id).await?.with_context(|| format!("room {id} has no row"))?;
    from_rows(deps, id, &row.config_json, &row.seats_json).await
}

async fn from_rows(deps: &RoomDeps, id: &str, config_json: &str, seats_json: &str) -> anyhow::Result<RoomInit> {
    let cfg: RoomConfig = serde_json::from_str(config_json).context("room config")?;
    let seats: [Option<SeatEntry>; 2] = serde_json::from_str(seats_json).context("room seats")?;
    let matches = room_matches(&deps.db, id).await?;
    let games = matches.iter().map(game_result).collect::<anyhow::Result<Vec<_>>>()?;
    let (game, history, clock) = match matches.last() {
        Some(m) => {
            let (game, history) = replay_match(deps, m).await?;
            let clock = match (cfg.clock, game.state.is_over()) {
                (Some(setting), false) => Some(match last_meta(&deps.db, &m.id).await? {
                    Some(meta) => {
                        let c = clocks_of(&meta)?;
                        Clock::restore(setting, c.remaining_ms, c.bank_ms)
                    }
                    None => Clock::new(setting),
                }),
                _ => None,
            };
            (Some(game), Some(history), clock)
        }
        None => (None, None, None),
    };
    Ok(RoomInit { id: id.to_owned(), cfg, seats, games, game, history, clock })
}

/// The frames of the last versions of a recovered game, per viewer kind (A, B, spectator).
pub struct History {
    pub base_v: u32,
    /// What each kind holds at `base_v`.
    pub base: [Seen; 3],
    pub base_clocks: Option<Clocks>,
    pub steps: Vec<Step>,
}

pub struct Step {
    pub v: u32,
    pub turn: u32,
    pub frames: [Utf8Bytes; 3],
    /// What each kind holds at `v` (`None`: a `skip`).
    pub seen: [Option<Seen>; 3],
    pub clocks: Option<Clocks>,
}

/// Setup + log → state, checking the log has no gaps; the last `keep` versions are projected again exactly as
/// they were sent (same views, events, legal intents and clocks), so reconnects after a crash lose nothing.
pub(super) async fn replay_match(deps: &RoomDeps, m: &MatchRow) -> anyhow::Result<(Game, History)> {
    let stored: StoredSetup = serde_json::from_str(&m.setup_json).context("match setup")?;
    let rows = log_with_meta(&deps.db, &m.id).await?;
    let mut state = new_match(&stored.setup).map_err(|e| anyhow::anyhow!("match {} setup: {e:?}", m.id))?;
    let first_kept = rows.len().saturating_sub(deps.history) + 1;
    let seen = |state: &gb_core::MatchState| Kind::ALL.map(|k| Seen::of(state, k));
    let mut history = History { base_v: 0, base: seen(&state), base_clocks: None, steps: Vec::new() };
    // What each kind holds at the latest kept version: the base of its next delta.
    let mut held = history.base.clone();
    for (i, (version, seat, intent_json, meta)) in rows.iter().enumerate() {
        let v = i as u32 + 1;
        if *version != i64::from(v) {
            bail!("match {} log has a gap at version {v}", m.id);
        }
        let seat = if *seat == 0 { Seat::A } else { Seat::B };
        let intent: Intent = serde_json::from_str(intent_json)?;
        let events =
            apply(&mut state, seat, &intent).map_err(|e| anyhow::anyhow!("match {} version {v}: {e}", m.id))?;
        let clocks = meta.as_deref().map(clocks_of).transpose()?;
        if (v as usize) + 1 == first_kept {
            history = History { base_v: v, base: seen(&state), base_clocks: clocks, steps: Vec::new() };
            held = history.base.clone();
        } else if v as usize >= first_kept {
            let projected = Kind::ALL.map(|k| project(&state, &events, k, &held[k.index()], v, clocks.clone()));
            let turn = projected[Kind::Spectator.index()].turn;
            let frames = projected.each_ref().map(|p| p.frame.clone());
            let seen = projected.map(|p| p.seen);
            for (h, s) in held.iter_mut().zip(&seen) {
                if let Some(s) = s {
                    *h = s.clone();
                }
            }
            history.steps.push(Step { v, turn, frames, seen, clocks });
        }
    }
    let game =
        Game { match_id: m.id.clone(), setup: stored.setup, nonce: stored.nonce, state, version: rows.len() as u32 };
    Ok((game, history))
}

fn clocks_of(meta: &str) -> anyhow::Result<Clocks> {
    let meta: serde_json::Value = serde_json::from_str(meta)?;
    Ok(serde_json::from_value(meta["clocks"].clone())?)
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
    RoomInit { id, cfg, seats, games: Vec::new(), game: None, history: None, clock: None }
}
