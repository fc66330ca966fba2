//! One table of the load: two random-legal-intent players with a think time and S spectators, over real
//! WebSockets; when a game ends before the deadline the table opens a new room, so N matches stay live.
use crate::client::{self, Ws};
use crate::stats::Stats;
use anyhow::{Result, bail};
use futures_util::{SinkExt, StreamExt};
use gb_core::Intent;
use gb_protocol::{ClientMsg, Received, Role, ServerMsg, ViewState};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use tokio::time::{Instant, sleep, timeout_at};
use tokio_tungstenite::tungstenite::Message;

/// How often a spectator pings (the web client's period).
const PING_EVERY: Duration = Duration::from_secs(25);

pub(crate) struct Ctx {
    /// The nodes (one on a single server); see nodes.rs for how sockets are spread.
    pub bases: Vec<String>,
    /// Each base's node id (`client::node_ids`), to find a room's owner by the node its seat calls name.
    pub node_ids: Vec<Option<String>>,
    pub local: bool,
    pub http: reqwest::Client,
    pub think: Duration,
    pub spectators: u32,
    pub deadline: Instant,
    pub stats: Arc<Stats>,
}

/// Plays games at table `n` until the deadline.
pub(crate) async fn run(ctx: Arc<Ctx>, n: u64) {
    let mut game = 0;
    while Instant::now() < ctx.deadline {
        if let Err(e) = play_one(&ctx, n, game).await {
            if ctx.stats.errors.fetch_add(1, Relaxed) < 5 {
                eprintln!("table {n}: {e:#}");
            }
            sleep(Duration::from_secs(1)).await;
        }
        game += 1;
    }
}

async fn play_one(ctx: &Arc<Ctx>, n: u64, game: u64) -> Result<()> {
    let (room, owner, [a, b]) = client::table(&ctx.http, &ctx.bases, &ctx.node_ids, n * 1000 + game).await?;
    // Socket j (seat A, seat B, then spectators) goes to the node after the owner's, round-robin: with two nodes
    // seat A and every other spectator are relayed, seat B is the owner's own.
    let node = |j: usize| if ctx.local { owner } else { (owner + 1 + j) % ctx.bases.len() };
    // Spectators first, so they see every version of the game.
    let mut watchers = Vec::new();
    for j in 0..ctx.spectators as usize {
        let ws = client::open(&ctx.bases[node(2 + j)], &room, None, Role::Spectator).await?;
        watchers.push(tokio::spawn(spectate(ws, ctx.clone(), node(2 + j))));
    }
    let wa = client::open(&ctx.bases[node(0)], &room, Some(&a), Role::Player).await?;
    let wb = client::open(&ctx.bases[node(1)], &room, Some(&b), Role::Player).await?;
    let seed = n.wrapping_mul(0x9e37_79b9) ^ game;
    let (ra, rb) = tokio::join!(
        seat(wa, ctx, seed * 2, true, (node(0), node(0) != owner)),
        seat(wb, ctx, seed * 2 + 1, false, (node(1), node(1) != owner))
    );
    for w in watchers {
        let _ = w.await;
    }
    ra.and(rb)
}

/// Reads until the game ends or the deadline; counts bytes and frames. Never parses (cheap). Pings every 25 s
/// like the web client, or the server's idle timeout (docs/limits.md) would close a silent spectator.
async fn spectate(mut ws: Ws, ctx: Arc<Ctx>, node: usize) {
    ctx.stats.connections.fetch_add(1, Relaxed);
    ctx.stats.open_connections.fetch_add(1, Relaxed);
    let mut ping = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    loop {
        let m = tokio::select! {
            m = timeout_at(ctx.deadline, ws.next()) => m,
            _ = ping.tick() => {
                if ws.send(ClientMsg::Ping.encode().into()).await.is_err() {
                    break;
                }
                continue;
            }
        };
        let Ok(Some(Ok(m))) = m else { break };
        if let Message::Text(t) = m {
            ctx.stats.frame(t.len(), node);
            if shows_outcome(&t) {
                break;
            }
        }
    }
    ctx.stats.open_connections.fetch_sub(1, Relaxed);
    let _ = ws.close(None).await;
}

/// Whether a frame shows the game's outcome, read without parsing: in a snapshot's view (or a container a patch
/// replaces whole), or as the value an update's patch op gives `/outcome` (ops are arrays on the wire,
/// `["/outcome", {...}]`, docs/protocol.md). A spectator that missed it would wait out the run, and its table
/// with it, instead of opening the next game.
fn shows_outcome(frame: &str) -> bool {
    frame.contains("\"outcome\":{") || frame.contains("[\"/outcome\",{")
}

/// A player: answers every decision it owes with a random legal intent (never `concede`) after the think
/// time, and times each intent from send to its own `update`. `(node, relayed)`: where its socket is, and
/// whether that node relays it (not the room's owner).
async fn seat(mut ws: Ws, ctx: &Ctx, seed: u64, counts_games: bool, (node, relayed): (usize, bool)) -> Result<()> {
    let stats = &ctx.stats;
    stats.connections.fetch_add(1, Relaxed);
    stats.open_connections.fetch_add(1, Relaxed);
    let mut rng = Lcg(seed | 1);
    let mut seq = 0u32;
    let mut sent_at: Option<Instant> = None;
    // The `{view, legal}` this seat holds: a snapshot sets it, each update's patch moves it on.
    let mut state = ViewState::default();
    let result = loop {
        let m = match timeout_at(ctx.deadline, ws.next()).await {
            Err(_) | Ok(None) => break Ok(()),
            Ok(Some(Err(e))) => break Err(e.into()),
            Ok(Some(Ok(m))) => m,
        };
        let Message::Text(t) = m else { continue };
        stats.frame(t.len(), node);
        // Only the frames a player acts on are decoded; the tag is read without parsing (serde writes it first).
        let frame = match Received::leading_type(&t).unwrap_or("") {
            "update" | "snapshot" | "rejected" | "error" | "" => Received::decode(&t)?,
            _ => continue,
        };
        // A rejection lists what we may do now; otherwise what we hold does, once the frame is folded in.
        let rejected = match frame {
            ServerMsg::Error { .. } => break Err(anyhow::anyhow!("server error frame: {t}")),
            ServerMsg::Rejected { legal, .. } => Some(legal),
            ServerMsg::Update { .. } => {
                stats.updates_seen.fetch_add(1, Relaxed);
                if let Some(t0) = sent_at.take() {
                    stats.latency(t0.elapsed().as_micros() as u64, relayed);
                }
                state.fold_owned(frame)?;
                None
            }
            ServerMsg::Snapshot { .. } => {
                state.fold_owned(frame)?;
                None
            }
            _ => continue,
        };
        if rejected.is_some() {
            stats.rejected.fetch_add(1, Relaxed);
            sent_at = None;
        } else if state.game_over() {
            if counts_games {
                stats.games_finished.fetch_add(1, Relaxed);
            }
            break Ok(());
        }
        let legal = match rejected {
            Some(legal) => legal,
            None => state.legal()?,
        };
        let legal: Vec<Intent> = legal.into_iter().filter(|i| !matches!(i, Intent::Concede)).collect();
        if legal.is_empty() {
            continue;
        }
        // Think for 50–150% of the think time, so tables do not move in lockstep.
        let think = ctx.think.mul_f64(0.5 + rng.below(1000) as f64 / 1000.0);
        if Instant::now() + think >= ctx.deadline {
            break Ok(());
        }
        sleep(think).await;
        let intent = legal[rng.below(legal.len() as u64) as usize].clone();
        seq += 1;
        let msg = ClientMsg::Intent { seq, intent }.encode();
        sent_at = Some(Instant::now());
        ws.send(msg.into()).await?;
        if stats.on() {
            stats.intents_sent.fetch_add(1, Relaxed);
        }
    };
    stats.open_connections.fetch_sub(1, Relaxed);
    let _ = ws.close(None).await;
    if let Err(e) = result {
        bail!("seat: {e}");
    }
    Ok(())
}

/// A tiny seeded picker: load needs variety, not quality.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[cfg(test)]
mod tests {
    use super::shows_outcome;
    use gb_core::playout::RandomPolicy;
    use gb_core::{MatchSetup, Viewer, apply, decks::preconstructed, legal_intents, new_match, owed_seat, view_for};
    use gb_protocol::ServerMsg;

    /// Real random games, each version's spectator update made as the server's is (the patch from the previous
    /// view to the next, RFC 6902 ops in their wire form): the end shows in the frame that ends the game and in
    /// no frame before it, and in the final snapshot.
    #[test]
    fn a_spectator_sees_the_outcome_in_the_frame_that_ends_the_game() {
        let decks = preconstructed();
        for seed in 0..3u64 {
            let setup =
                MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: seed.into(), chooser: None };
            let mut state = new_match(&setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            let doc = |state: &gb_core::MatchState| serde_json::to_value(view_for(state, Viewer::Spectator)).unwrap();
            let mut held = doc(&state);
            while let Some(seat) = owed_seat(&state) {
                let intent = policy.pick(&legal_intents(&state, seat));
                apply(&mut state, seat, &intent).unwrap();
                let next = doc(&state);
                let patch = gb_delta::diff(&held, &next);
                let update: ServerMsg = ServerMsg::Update { v: 1, events: vec![], patch, clocks: None };
                let frame = update.encode();
                assert_eq!(shows_outcome(&frame), state.is_over(), "seed {seed}: {frame}");
                held = next;
            }
            assert!(state.is_over(), "seed {seed}: random play ends the game");
            let view = view_for(&state, Viewer::Spectator);
            let snapshot: ServerMsg = ServerMsg::Snapshot { v: 1, game: 0, view, legal: vec![], clocks: None };
            assert!(shows_outcome(&snapshot.encode()));
        }
    }
}
