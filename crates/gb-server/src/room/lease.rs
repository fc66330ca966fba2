//! The room's side of its lease (cluster mode, docs/multi-node.md): standing down when the node says so or an
//! append is fenced, and the clocks a room carries across an owner change.
use super::actor::{Room, RoomInit, Stop};
use super::clock::Clock;
use crate::cluster::lease;
use crate::protocol::Clocks;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use tokio::time::Instant;

/// What a draining owner leaves in `room_leases.handover_json`: the clocks settled at release, for the game
/// and version they belong to (a claimer restores them only if the log is still there).
#[derive(Serialize, Deserialize)]
struct Handover {
    match_id: String,
    version: u32,
    clocks: Clocks,
}

/// How long a stand-down waits for the database before leaving the lease to expire instead.
const RELEASE_TIMEOUT: Duration = Duration::from_secs(2);

impl Room {
    /// Stops owning the room: every local socket closes with 1012 (its client reconnects and resumes by
    /// version on the next owner). On a drain the clocks are settled into the handover and the lease released to
    /// the least-loaded other node; after a fence or a lost node lease memory may be ahead of the log, so
    /// nothing is handed over, and the lease is released only if this claim somehow still holds it (a
    /// duplicate version rather than a newer epoch), so that a sweeper rebuilds the room from the log.
    pub(super) async fn stand_down(&mut self, why: &str) -> Stop {
        let Some(lease) = self.lease.clone() else { return Stop::Done };
        let handover = (lease.is_handover() && !self.fenced).then(|| self.handover_json()).flatten();
        tracing::info!(room = %self.id, epoch = lease.epoch, why, handover = handover.is_some(), "room stands down");
        let db = self.deps.db.clone();
        let release = async {
            let next = match lease.is_handover() {
                true => lease::least_loaded(&db, Some(&lease.node)).await?,
                false => None,
            };
            lease::release(&db, &self.id, &lease.node, lease.epoch, handover.as_deref(), next.as_deref()).await
        };
        match tokio::time::timeout(RELEASE_TIMEOUT, release).await {
            Ok(Ok(released)) => tracing::debug!(room = %self.id, released, "lease released"),
            Ok(Err(e)) => tracing::warn!(room = %self.id, error = %e, "lease not released; it will expire"),
            Err(_) => tracing::warn!(room = %self.id, "lease release timed out; it will expire"),
        }
        self.close_all();
        Stop::StandDown
    }

    /// The clocks settled now, as the next owner must restore them (running time charged up to the release).
    fn handover_json(&mut self) -> Option<String> {
        let game = self.play.game.as_ref().filter(|_| !self.game_over())?;
        let connected = self.connected();
        let clock = self.play.clock.as_mut()?;
        clock.settle(Instant::now(), &connected);
        let h = Handover { match_id: game.match_id.clone(), version: game.state.version(), clocks: clock.wire() };
        serde_json::to_string(&h).ok()
    }
}

/// After a drain: the clocks exactly as the old owner settled them, if they belong to the game and version
/// just rebuilt (otherwise the rebuild's own clocks stand).
pub fn restore_handover(init: &mut RoomInit, json: &str) {
    let Ok(h) = serde_json::from_str::<Handover>(json) else { return };
    let (Some(game), Some(setting)) = (init.game.as_ref(), init.cfg.clock) else { return };
    if game.match_id == h.match_id && game.state.version() == h.version {
        init.clock = Some(Clock::restore(setting, &h.clocks.remaining_ms, &h.clocks.bank_ms));
    }
}

/// After a crash: the seat owing a decision is charged the time from the last accepted intent to the dead
/// owner's last heartbeat (it was provably alive and the seat could play); the outage after it is free.
/// Charging past zero flags the seat at once (the rebuilt room's clock deadline is now).
pub async fn charge_outage(db: &crate::db::Db, init: &mut RoomInit, prev_heartbeat_ms: i64) {
    let Some(game) = init.game.as_ref().filter(|g| !g.state.is_over()) else { return };
    let Some(seat) = gb_core::owed_seat(&game.state) else { return };
    let Some(clock) = init.clock.as_mut() else { return };
    let last = match crate::db::matches::last_activity_ms(db, &game.match_id).await {
        Ok(Some(ms)) => ms,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(error = %e, "outage not charged: last intent time unknown");
            return;
        }
    };
    let charge = Duration::from_millis(u64::try_from(prev_heartbeat_ms - last).unwrap_or(0));
    clock.charge(seat, charge);
}

impl RoomInit {
    /// The version its current game was rebuilt at (0 without a game), for logs.
    pub fn version(&self) -> u32 {
        self.game.as_ref().map_or(0, |g| g.state.version())
    }
}
