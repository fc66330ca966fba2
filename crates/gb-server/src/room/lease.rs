//! The actor's side of its storage part (room/storage.rs) and lease (cluster mode, docs/multi-node.md): its
//! writes routed to the part, standing down when the node says so or a write is fenced, and the clocks a room
//! carries across an owner change.
use super::actor::{Room, RoomInit, Stop};
use super::clock::Clock;
use crate::cluster::lease::Handover;
use crate::db::matches::MatchRow;
use crate::db::status::RoomRowStatus;
use crate::seed::{StoredResult, StoredSetup};
use std::time::Duration;
use tokio::time::Instant;

impl Room {
    /// Saves the seats and the room's status (`rooms` row), fenced in cluster mode.
    pub(super) async fn save_room(&mut self, status: RoomRowStatus) -> anyhow::Result<()> {
        self.storage.save_room(&self.seats, status).await
    }

    /// Writes a new game's row (status `playing`), fenced in cluster mode.
    pub(super) async fn insert_match(&mut self, seed_hash: &str, setup: StoredSetup) -> anyhow::Result<MatchRow> {
        self.storage.insert_match(seed_hash, setup).await
    }

    /// Finishes the current game's row with its result outside the intent log (a game called a draw).
    pub(super) async fn finish_drawn(&mut self, match_id: &str, result: &StoredResult) -> anyhow::Result<()> {
        self.storage.finish_drawn(match_id, result).await
    }

    /// Stops owning the room: every local socket closes with 1012 (its client reconnects and resumes by
    /// version on the next owner). On a drain the clocks are settled into the handover and the lease released to
    /// the least-loaded other node; after a fence or a lost node lease memory may be ahead of the log, so
    /// nothing is handed over, and the lease is released only if this claim somehow still holds it (a
    /// duplicate version rather than a newer epoch), so that a sweeper rebuilds the room from the log.
    pub(super) async fn stand_down(&mut self, why: &str) -> Stop {
        let Some(lease) = self.storage.lease.clone() else { return Stop::Done };
        let handover = self.storage.hands_over().then(|| self.handover()).flatten();
        tracing::info!(room = %self.id, epoch = lease.epoch, why, handover = handover.is_some(), "room stands down");
        self.storage.release(&lease, handover.as_ref()).await;
        self.close_all();
        Stop::StandDown
    }

    /// The clocks settled now, as the next owner must restore them (running time charged up to the release).
    fn handover(&mut self) -> Option<Handover> {
        let game = self.play.game.as_ref().filter(|_| !self.game_over())?;
        let connected = self.connected();
        let clock = self.play.clock.as_mut()?;
        clock.settle(Instant::now(), &connected);
        Some(Handover { match_id: game.match_id.clone(), version: game.state.version(), clocks: clock.wire() })
    }
}

/// After a drain: the clocks exactly as the old owner settled them, if they belong to the game and version
/// just rebuilt (otherwise the rebuild's own clocks stand).
pub fn restore_handover(init: &mut RoomInit, h: &Handover) {
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
