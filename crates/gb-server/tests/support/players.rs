//! Scripted players and spectators that survive restarts and owner changes: each reconnects with what it held
//! (resume by version) to wherever `Target` says the room is served (chaos.rs, cluster.rs).
use crate::wsclient::{Lcg, Ws, choose, game_over, try_resume};
use gb_server::protocol::ViewState;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Where a client (re)connects.
#[derive(Clone)]
pub(crate) enum Target {
    /// One server, always the same address.
    Fixed(String),
    /// Cluster mode before relays: the node that owns the room now (its lease row), asked before every connect.
    Owner(gb_server::Db),
    /// Any node of a cluster (sockets for rooms owned elsewhere are relayed): the first connection goes to the
    /// node at the start index, every reconnection to the next one.
    Nodes(Arc<[String]>, Arc<AtomicUsize>),
}

impl Target {
    /// [`Target::Nodes`] starting at `bases[start]`.
    pub(crate) fn nodes(bases: &[String], start: usize) -> Target {
        Target::Nodes(bases.into(), Arc::new(AtomicUsize::new(start)))
    }

    /// The base URL to connect to, or `None` (after a short wait) while the room has no live owner.
    pub(crate) async fn base(&self, room: &str) -> Option<String> {
        let found = match self {
            Target::Fixed(base) => return Some(base.clone()),
            Target::Nodes(bases, next) => {
                return Some(bases[next.fetch_add(1, Ordering::Relaxed) % bases.len()].clone());
            }
            Target::Owner(db) => owner_base(db, room).await,
        };
        if found.is_none() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        found
    }
}

/// `http://addr` of the node owning `room` (the address its node row advertises).
pub(crate) async fn owner_base(db: &gb_server::Db, room: &str) -> Option<String> {
    let owner = gb_server::cluster::owner_of(db, room).await.ok()??;
    let gb_server::Db::Pg(pool) = db else { return None };
    let (addr,): (String,) =
        sqlx::query_as("SELECT addr FROM nodes WHERE node_id = $1").bind(&owner.node).fetch_one(pool).await.ok()?;
    Some(format!("http://{addr}"))
}

/// What one seat was told was accepted: its intent at version `v`.
pub(crate) struct Ack {
    pub v: u32,
    pub intent: Value,
    /// When the seat was told (failover timings: the first acknowledgement a new owner gave, hang.rs).
    pub at: Instant,
}

pub(crate) struct SeatReport {
    pub acks: Vec<Ack>,
    pub finished: bool,
    /// Sockets this seat opened (1 + reconnections).
    pub connects: u32,
}

/// How a seat plays: its random stream, how long it thinks, when it concedes.
pub(crate) struct Player {
    pub rng: Lcg,
    pub think: Duration,
    /// Intents sent before it concedes (so every match ends).
    pub max: u32,
    pub seq: u32,
    /// Sent and not yet acknowledged, by seq.
    pub sent: HashMap<u32, Value>,
}

impl Player {
    /// Sends a random legal intent if `frame` lists some for this seat.
    async fn act(&mut self, ws: &mut Ws, frame: &Value) {
        let Some(intent) = choose(frame, &mut self.rng) else { return };
        tokio::time::sleep(self.think).await;
        self.seq += 1;
        let intent = if self.seq > self.max { json!({ "type": "concede" }) } else { intent };
        let msg = json!({ "type": "intent", "seq": self.seq, "intent": intent });
        ws.send_raw(Message::Text(msg.to_string().into())).await;
        self.sent.insert(self.seq, intent);
    }
}

/// Plays random legal intents across restarts, reconnecting with what it held.
pub(crate) async fn play_seat(
    target: Target,
    room: String,
    cookie: String,
    mut me: Player,
    until: Instant,
) -> SeatReport {
    let mut held = ViewState::default();
    let (mut acks, mut connects) = (Vec::new(), 0);
    while Instant::now() < until {
        let Some(base) = target.base(&room).await else { continue };
        let Ok((mut ws, welcome)) = try_resume(&base, &room, Some(&cookie), "player", held.clone()).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        connects += 1;
        // Resumed at the head: nothing is sent, so a seat that owes acts on what it holds.
        if held.version().is_some_and(|v| welcome["version"] == v) {
            me.act(&mut ws, &json!({ "legal": held.legal_json() })).await;
        }
        while let Ok(Some(m)) = ws.next_within(Duration::from_secs(90)).await {
            held = ws.held();
            match m["type"].as_str() {
                Some("accepted") => {
                    let seq = m["seq"].as_u64().unwrap() as u32;
                    let intent = me.sent.remove(&seq).expect("an accepted seq was sent");
                    acks.push(Ack { v: m["v"].as_u64().unwrap() as u32, intent, at: Instant::now() });
                }
                _ if game_over(&m) => return SeatReport { acks, finished: true, connects },
                Some("update" | "snapshot" | "rejected") => me.act(&mut ws, &m).await,
                // The intent was not answered (a relay that could not reach the room's owner during a failover),
                // or its append failed (the database went away, power_loss.rs: the log decides whether it
                // landed): decide again on what it holds, as after a resume, as a player shown the error would.
                Some("error") if m["code"] == "unavailable" || m["code"] == "not_saved" => {
                    me.act(&mut ws, &json!({ "legal": held.legal_json() })).await
                }
                _ => {}
            }
        }
    }
    SeatReport { acks, finished: false, connects }
}

/// Watches until the game ends across restarts; returns how many times it was shown an older version.
pub(crate) async fn watch(target: Target, room: String, until: Instant) -> u32 {
    let (mut shown, mut backwards, mut held) = (None::<u64>, 0, ViewState::default());
    while Instant::now() < until {
        let Some(base) = target.base(&room).await else { continue };
        let Ok((mut ws, welcome)) = try_resume(&base, &room, None, "spectator", held.clone()).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let older = |v: u64, shown: Option<u64>| shown.is_some_and(|s| v < s);
        if welcome["version"].as_u64().is_some_and(|v| older(v, shown)) {
            backwards += 1;
        }
        while let Ok(Some(m)) = ws.next_within(Duration::from_secs(90)).await {
            held = ws.held();
            if let Some(v) =
                m["v"].as_u64().filter(|_| matches!(m["type"].as_str(), Some("snapshot" | "update" | "skip")))
            {
                if older(v, shown) {
                    backwards += 1;
                }
                shown = shown.max(Some(v));
            }
            if game_over(&m) {
                return backwards;
            }
        }
    }
    backwards
}
