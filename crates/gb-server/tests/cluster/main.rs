//! Real `gb-server` processes in cluster mode on one fresh PostgreSQL database each and the real NATS (issue #15,
//! docs/multi-node.md "Tests"), one test binary: failover, split brain and drain (`failover.rs`), chaos across
//! three nodes (`chaos.rs`), the lobby through a takeover (`lobby.rs`), tournaments on several nodes
//! (`events.rs`), relayed sockets sharing one subscription per node (`fanout.rs`), every viewer kind's frames
//! alike on every node (`frames.rs`) and a takeover carrying on a series, a spectator delay and a computer
//! (`carry_on.rs`); issue 45's hazards under live play (`live.rs` the shared harness): a NATS outage
//! (`outage.rs`), a drain (`drain_live.rs`), a node and its database killed at once (`power_loss.rs`) and an owner
//! that hangs (`hang.rs`). The helpers are shared with the API tests (`../api/`) and `../support/`.
#[allow(dead_code)]
#[path = "../support/cluster.rs"]
mod cluster;
#[allow(dead_code)]
#[path = "../api/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "../support/nats.rs"]
mod nats;
#[allow(dead_code)]
#[path = "../support/players.rs"]
mod players;
#[allow(dead_code)]
#[path = "../support/process.rs"]
mod process;
#[allow(dead_code)]
#[path = "../api/wsclient.rs"]
mod wsclient;

mod carry_on;
mod chaos;
mod drain_live;
mod failover;
mod fanout;
mod frames;
mod hang;
mod live;
mod lobby;
mod outage;
mod power_loss;
mod queue;
mod tournaments;

/// One cluster of processes at a time (the tests of this binary run in parallel threads): they measure lease
/// timings (a heartbeat within 400 ms), which eighteen processes on a two-core machine would turn into
/// self-fences.
static ONE_CLUSTER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
