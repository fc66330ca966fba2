//! Live play across three nodes for the cluster hazard tests (issue 45: outage.rs, drain_live.rs, power_loss.rs,
//! hang.rs), shaped like chaos.rs: each match's spectator on its owner, seat A on the next node and seat B on the
//! one after (both seats relayed), scripted clients that reconnect to the next node and resume by version.
//! `finish` checks every match as chaos.rs does (docs/multi-node.md "Tests"): each acknowledged intent is in the
//! log at its version (I1), versions 1..N with epochs never decreasing (I2), no intent key and no acknowledged
//! version twice (I6), every match finished, no spectator went backwards, no client saw a version gap.
use crate::cluster::{LogRow, Node, check_log, index_of, log, match_id, seated};
use crate::players::{Player, SeatReport, Target, play_seat, watch};
use crate::wsclient::Lcg;
use gb_server::Db;
use serde_json::Value;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

/// Every socket comes from 127.0.0.1, and a stopped node's clients all reconnect at once.
pub(crate) const LIMITS: [(&str, &str); 2] =
    [("GB_MAX_CONNECTIONS_PER_ADDR", "8192"), ("GB_WS_OPENS_PER_ADDR_BURST", "1000000")];

pub(crate) struct Table {
    pub room: String,
    pub match_id: String,
    /// The node that owned the room when play began.
    pub owner: usize,
    seats: [JoinHandle<SeatReport>; 2],
    /// The node each seat's first socket is on.
    pub seat_nodes: [usize; 2],
    spectator: JoinHandle<u32>,
}

/// One finished match: what its seats were told, its log, and the epochs in it.
pub(crate) struct Played {
    pub room: String,
    pub reports: Vec<SeatReport>,
    pub rows: Vec<LogRow>,
    pub epochs: Vec<i64>,
    pub seat_nodes: [usize; 2],
}

/// `matches` rooms created on each node in turn (placement spreads them), seated, and their clients started:
/// seats think `think` between frames and concede after 30 intents, so every match ends.
pub(crate) async fn start_tables(store: &Db, nodes: &[Node], matches: usize, think: Duration, seed: u64) -> Vec<Table> {
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();
    let mut rooms = Vec::new();
    let numbered: Vec<usize> = (0..matches).collect();
    for chunk in numbered.chunks(10) {
        let made = chunk.iter().map(|i| seated(store, &nodes[i % nodes.len()], Value::Null));
        rooms.extend(futures_util::future::join_all(made).await);
    }
    let until = Instant::now() + Duration::from_secs(90);
    let mut tables = Vec::new();
    for (i, (room, [a, b], owner)) in rooms.into_iter().enumerate() {
        let match_id = match_id(&owner, &room).await;
        let o = index_of(nodes, &owner);
        let seats = [(a, 1), (b, 2)].map(|(guest, k)| {
            let rng = Lcg(seed + 2 * i as u64 + k as u64);
            let me = Player { rng, think, max: 30, seq: 0, sent: HashMap::new() };
            tokio::spawn(play_seat(Target::nodes(&bases, o + k), room.clone(), guest.cookie, me, until))
        });
        let spectator = tokio::spawn(watch(Target::nodes(&bases, o), room.clone(), until));
        let seat_nodes = [(o + 1) % nodes.len(), (o + 2) % nodes.len()];
        tables.push(Table { room, match_id, owner: o, seats, seat_nodes, spectator });
    }
    tables
}

/// Waits until every match has at least `rows` versions in its log (30 s at most): play is under way everywhere.
pub(crate) async fn under_way(store: &Db, tables: &[Table], rows: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    for t in tables {
        while log(store, &t.match_id).await.len() < rows {
            assert!(Instant::now() < deadline, "{} never reached {rows} versions", t.match_id);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The rooms `node_addr` (`127.0.0.1:port`) owns now, with their epochs.
pub(crate) async fn owned_by(store: &Db, node_addr: &str) -> Vec<(String, i64)> {
    let Db::Pg(pool) = store else { unreachable!() };
    sqlx::query_as(
        "SELECT l.room_id, l.epoch FROM room_leases l JOIN nodes n ON n.node_id = l.owner_node \
         WHERE n.addr = $1 AND n.expires_at > clock_timestamp()",
    )
    .bind(node_addr)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The node owning the most rooms of `tables` now (its index).
pub(crate) async fn busiest(store: &Db, nodes: &[Node], tables: &[Table]) -> usize {
    let mut best = (0, 0);
    for (i, n) in nodes.iter().enumerate() {
        let owned = owned_by(store, n.base.trim_start_matches("http://")).await;
        let ours = owned.iter().filter(|(r, _)| tables.iter().any(|t| &t.room == r)).count();
        if ours > best.1 {
            best = (i, ours);
        }
    }
    best.0
}

/// Waits for every match to end and checks it (I1, I2, I6, finished, spectator, no gap).
pub(crate) async fn finish(store: &Db, tables: Vec<Table>) -> Vec<Played> {
    let mut played = Vec::new();
    let mut unfinished = Vec::new();
    for t in tables {
        let mut reports = Vec::new();
        for s in t.seats {
            reports.push(s.await.expect("a seat's client (a version gap fails its fold)"));
        }
        assert_eq!(t.spectator.await.expect("the spectator's client"), 0, "the spectator never went backwards");
        let epochs = check_log(store, &t.match_id, &reports).await;
        let rows = log(store, &t.match_id).await;
        if !reports.iter().all(|r| r.finished) {
            let seats: Vec<String> =
                reports.iter().map(|r| format!("{} acks/{} sockets", r.acks.len(), r.connects)).collect();
            unfinished.push(format!("{} ({} versions, epochs {epochs:?}, seats {seats:?})", t.match_id, rows.len()));
        }
        played.push(Played { room: t.room, reports, rows, epochs, seat_nodes: t.seat_nodes });
    }
    assert!(unfinished.is_empty(), "{} matches did not finish: {unfinished:#?}", unfinished.len());
    played
}

/// Acknowledged intents in all, and how many matches changed owner.
pub(crate) fn totals(played: &[Played]) -> (usize, usize) {
    let acked = played.iter().flat_map(|p| &p.reports).map(|r| r.acks.len()).sum();
    (acked, played.iter().filter(|p| p.epochs.len() > 1).count())
}
