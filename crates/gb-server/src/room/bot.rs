//! "Play vs computer": a task that holds a seat through the same room API a person's socket uses (a `Conn`,
//! then `Intent` commands) and submits random legal intents (`gb_core::playout::RandomPolicy`) after a short
//! think delay.
use super::{Conn, Out, RoomCmd, RoomDeps};
use crate::protocol::Role;
use gb_core::Intent;
use gb_core::playout::RandomPolicy;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Connection ids for bots count down from the top so they never meet the sockets' ids.
static NEXT_BOT_CONN: AtomicU64 = AtomicU64::new(u64::MAX);

pub fn spawn_bot(deps: &RoomDeps, room: mpsc::Sender<RoomCmd>, account_id: String) {
    let think = deps.bot_think;
    let shutdown = deps.shutdown.clone();
    deps.tracker.spawn(async move {
        let id = NEXT_BOT_CONN.fetch_sub(1, Ordering::Relaxed);
        let (tx, mut rx) = mpsc::channel(1024);
        let conn = Conn {
            id,
            account: Some(account_id),
            role: Role::Player,
            last_version: None,
            game: None,
            tx,
            kill: CancellationToken::new(),
        };
        if room.send(RoomCmd::Connect(conn)).await.is_err() {
            return;
        }
        let mut policy = RandomPolicy::new(id ^ u64::from(std::process::id()));
        let mut seq = 0u32;
        let mut pending: Option<Vec<Intent>> = None;
        loop {
            let out = tokio::select! {
                out = rx.recv() => out,
                _ = shutdown.cancelled() => None,
            };
            let Some(Out::Text(frame, _)) = out else { break };
            note(&frame, &mut pending);
            if pending.is_none() || !rx.is_empty() {
                continue; // only the newest decision matters
            }
            tokio::time::sleep(think).await;
            // Whatever arrived while thinking (a room update, the game ending) may change the decision.
            while let Ok(Out::Text(frame, _)) = rx.try_recv() {
                note(&frame, &mut pending);
            }
            let Some(legal) = pending.take() else { continue };
            seq += 1;
            let intent = policy.pick(&legal);
            let cmd = RoomCmd::Intent { conn: id, seq, intent, received: std::time::Instant::now() };
            if room.send(cmd).await.is_err() {
                break;
            }
        }
    });
}

/// Updates the pending decision from a frame: frames with `legal` replace it (kept only when the bot owes
/// something beyond `concede`); other frames (`room`, `accepted`, `skip`) leave it alone.
fn note(frame: &str, pending: &mut Option<Vec<Intent>>) {
    let Ok(msg) = serde_json::from_str::<Value>(frame) else { return };
    if !matches!(msg["type"].as_str(), Some("update" | "snapshot" | "rejected")) {
        return;
    }
    let legal: Vec<Intent> = serde_json::from_value(msg["legal"].clone()).unwrap_or_default();
    *pending = legal.iter().any(|i| *i != Intent::Concede).then_some(legal);
}
