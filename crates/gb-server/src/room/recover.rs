//! Crash recovery: on startup every recent room is rebuilt from the database. A game's state is never stored;
//! it is recomputed by replaying the stored setup and the accepted intents through the engine (deterministic),
//! so a room resumes at exactly its last acknowledged version.
use super::actor::RoomInit;
use super::clock::Clock;
use super::delta::{Seen, Spare, project, write_views};
use super::deps::RoomDeps;
use super::game::Game;
use super::streams::{Kind, shown_of_log};
use crate::db::matches::{LogRow, MatchRow, last_meta, log_with_meta, room_matches};
use crate::db::room_config::{RoomConfig, SeatEntry};
use crate::protocol::{Clocks, GameResult, SpectatorDelay};
use anyhow::{Context, bail};
use gb_core::{Intent, Logged, Seat, replay_logged_each};
use std::time::Duration;
use tokio::time::Instant;

/// One room exactly as its rows say: settings, seats, every game's result and the current game replayed from
/// its setup and intent log, with its clocks and recent frames. The one way a room is rebuilt: at startup, by
/// the supervisor after a failure, and (multi-node) by a node taking the room over; it reads only the database.
pub async fn load_room(deps: &RoomDeps, id: &str) -> anyhow::Result<RoomInit> {
    let row = crate::db::rooms::find_room(&deps.db, id).await?.with_context(|| format!("room {id} has no row"))?;
    from_rows(deps, id, row.config, row.seats).await
}

pub(super) async fn from_rows(
    deps: &RoomDeps,
    id: &str,
    cfg: RoomConfig,
    seats: Vec<Option<SeatEntry>>,
) -> anyhow::Result<RoomInit> {
    if seats.len() != usize::from(cfg.seats) {
        bail!("room {id} has {} seats stored for {} configured", seats.len(), cfg.seats);
    }
    let matches = room_matches(&deps.db, id).await?;
    let games = matches.iter().map(game_result).collect::<anyhow::Result<Vec<_>>>()?;
    // The last game's people, should a crash have come between its result and their rows (room/players.rs).
    // Not worth failing a rebuild over (a guest's account may be gone): logged.
    if let (Some(m), Some(g)) = (matches.last(), games.last()) {
        let rows = super::players::game_players(id, &cfg, &seats, g, m.updated_at);
        if let Err(e) = crate::db::game_players::record(&deps.db, &rows).await {
            tracing::warn!(room = %id, error = %e, "the last game's players were not recorded");
        }
    }
    let (game, history, clock) = match matches.last() {
        Some(m) => {
            let (game, history) = replay_match(deps, m, cfg.spectator_delay, seats.len()).await?;
            // A game called a draw (room/leaving.rs) is over though its engine state is not: no clock runs.
            let over = game.state.is_over() || m.result.is_some();
            let clock = match (cfg.clock, over) {
                (Some(setting), false) => Some(match last_meta(&deps.db, &m.id).await? {
                    Some(meta) => {
                        let c = clocks_of(&meta)?;
                        Clock::restore(setting, &c.remaining_ms, &c.bank_ms)
                    }
                    None => Clock::new(setting, seats.len()),
                }),
                _ => None,
            };
            (Some(game), Some(history), clock)
        }
        None => (None, None, None),
    };
    Ok(RoomInit { id: id.to_owned(), cfg, seats, games, game, history, clock, lease: None })
}

pub use super::streams::{History, Step};

/// A stored log as the engine's entries (intents and takebacks), checking it has no gaps (versions 1, 2, 3, …).
pub fn decode_log(match_id: &str, rows: &[LogRow]) -> anyhow::Result<Vec<Logged>> {
    let mut log = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        if row.version != i as i64 + 1 {
            bail!("match {match_id} log has a gap at version {}", i + 1);
        }
        let seat = usize::try_from(row.seat)
            .ok()
            .and_then(Seat::from_index)
            .with_context(|| format!("match {match_id} version {} names seat {}", row.version, row.seat))?;
        if row.intent_json == super::game::STORED {
            log.push(Logged::TakeBack(seat));
            continue;
        }
        let intent: Intent = serde_json::from_str(&row.intent_json).with_context(|| format!("match {match_id}"))?;
        log.push(Logged::Intent(seat, intent));
    }
    Ok(log)
}

/// Setup + log → state, through gb-core's one replay path (`replay_each`). The versions clients may still ask
/// for are projected again exactly as they were sent (same views, events, legal intents and clocks): the last
/// `history` ones, and for spectators the last `history` before their head plus everything the delay still
/// holds back.
pub(super) async fn replay_match(
    deps: &RoomDeps,
    m: &MatchRow,
    delay: Option<SpectatorDelay>,
    seats: usize,
) -> anyhow::Result<(Game, History)> {
    let stored = &m.setup;
    let rows = log_with_meta(&deps.db, &m.id).await?;
    let log = decode_log(&m.id, &rows)?;
    let clocks =
        rows.iter().map(|r| r.meta_json.as_deref().map(clocks_of).transpose()).collect::<Result<Vec<_>, _>>()?;
    let replay = |each: &mut dyn FnMut(&gb_core::MatchState, &gb_core::Events)| {
        replay_logged_each(&stored.setup, &log, &mut *each).map_err(|e| anyhow::anyhow!("match {}: {e}", m.id))
    };
    let now_ms = crate::db::now_ms();
    let waited = |row: &LogRow| Duration::from_millis(u64::try_from(now_ms - row.created_at).unwrap_or(0));
    let live = rows.len() as u32;

    // First pass (only under a delay): each version's turn, to find the spectators' head.
    let spectator_head = if delay.is_none() {
        live
    } else {
        let mut turns = Vec::with_capacity(log.len());
        let last = replay(&mut |state, _| {
            if state.version() > 0 {
                turns.push(state.turn().number);
            }
        })?;
        let accepted: Vec<i64> = rows.iter().map(|r| r.created_at).collect();
        shown_of_log(delay, &accepted, &turns, last.turn().number, last.is_over(), now_ms)
    };

    // Seats need the last `history` versions, spectators the last `history` up to their head (≤ live) and all
    // held after it: one base serves both.
    let base_v = spectator_head.saturating_sub(deps.history as u32);
    let seen_at = |state: &gb_core::MatchState| Kind::all(seats).map(|k| Seen::of(state, k)).collect::<Vec<_>>();
    let mut history: Option<History> = None;
    // What each kind holds at the latest kept version: the base of its next delta.
    let mut held: Option<Vec<Seen>> = None;
    let mut spares: Vec<Spare> = Kind::all(seats).map(|_| Spare::default()).collect();
    let now = Instant::now();
    let state = replay(&mut |state, events| {
        let v = state.version();
        let vclocks = v.checked_sub(1).and_then(|i| clocks[i as usize].clone());
        if v == 0 || v == base_v {
            let base = seen_at(state);
            held = Some(base.clone());
            let base_clocks = if v == 0 { None } else { vclocks };
            history = Some(History { base_v: v, base, base_clocks, steps: Vec::new(), spectator_head });
        } else if v > base_v {
            let (h, held) = (history.as_mut().expect("v0 came first"), held.as_mut().expect("v0 came first"));
            write_views(state, Kind::all(seats).zip(spares.iter_mut()));
            let projected: Vec<_> = Kind::all(seats)
                .map(|k| project(state, events, k, &held[k.index()], v, vclocks.clone(), &mut spares[k.index()]))
                .collect();
            let turn = projected[Kind::Spectator.index()].turn;
            let frames = projected.iter().map(|p| p.frame.clone()).collect();
            let seen: Vec<_> = projected.into_iter().map(|p| p.seen).collect();
            for ((h, s), spare) in held.iter_mut().zip(&seen).zip(&mut spares) {
                if let Some(s) = s {
                    spare.hold(h, s.clone());
                }
            }
            // A stored time too far back for the monotonic clock only matters if not yet due; holding it from
            // now errs on the late side.
            let accepted = now.checked_sub(waited(&rows[v as usize - 1])).unwrap_or(now);
            h.steps.push(Step { v, turn, accepted, frames, seen, clocks: vclocks });
        }
    })?;
    let history = history.expect("replay visits version 0");
    let game = Game { match_id: m.id.clone(), setup: stored.setup.clone(), nonce: stored.nonce.clone(), state, log };
    Ok((game, history))
}

fn clocks_of(meta: &str) -> anyhow::Result<Clocks> {
    let meta: serde_json::Value = serde_json::from_str(meta)?;
    Ok(serde_json::from_value(meta["clocks"].clone())?)
}

fn game_result(m: &MatchRow) -> anyhow::Result<GameResult> {
    let result = m.result.as_ref();
    // The seed and nonce are revealed once the game is over.
    let revealed = result.map(|_| &m.setup);
    Ok(GameResult {
        match_id: m.id.clone(),
        winner: result.and_then(|r| r.winner),
        reason: result.map(|r| r.reason),
        places: result.and_then(|r| r.places.clone()),
        seed_hash: m.seed_hash.clone(),
        seed: revealed.as_ref().map(|s| s.setup.seed.to_string()),
        nonce: revealed.map(|s| s.nonce.clone()),
    })
}

/// A brand-new room with no games yet.
pub fn fresh_room(id: String, cfg: RoomConfig, seats: Vec<Option<SeatEntry>>) -> RoomInit {
    RoomInit { id, cfg, seats, games: Vec::new(), game: None, history: None, clock: None, lease: None }
}
