//! The event actor: the only writer of its tournament log. Each command is checked against the log first, then
//! written to the database, then applied in memory, then published: a refused command changes nothing, and
//! what the event page shows is always what is stored. This file holds only the mailbox loop; the event's
//! state is in `state.rs`, and what each command does is in `commands.rs` (organizer and player operations),
//! `rounds.rs` (pairing a round and opening its rooms) and `results.rs` (a table's result, however it arrives).
use super::EventStatus;
use super::state::Event;
use super::tables;
use super::{Cmd, TournamentHandle};
use crate::db::tournaments as db;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

/// Starts the actor and registers it; `rooms` are the tables' rooms to watch again after a restart.
pub(super) fn spawn(mut event: Event, rooms: Vec<(u32, u32, String)>) -> TournamentHandle {
    let (tx, mut rx) = mpsc::channel::<Cmd>(256);
    for (round, table, room) in &rooms {
        event.rooms.insert((*round, *table), room.clone());
    }
    let (view_tx, view) = watch::channel(Arc::new(event.view()));
    let handle = TournamentHandle { id: event.id.clone(), tx: tx.clone(), view };
    event.deps.tournaments.insert(handle.clone());
    let shutdown = event.deps.shutdown().clone();
    let tracker = event.deps.tracker().clone();
    tracker.spawn(async move {
        let _ended = event.ended.clone().drop_guard();
        for (round, table, room) in rooms {
            match tables::reattach(&event.deps.rooms, &room).await {
                Ok(h) => {
                    tables::watch(&event.deps.rooms, h, round, table, tx.clone());
                    if let Ok(result) = event.current_result(round, table) {
                        event.end_room_match(round, table, &result);
                    }
                }
                Err(e) => tracing::error!(event = %event.id, round, table, %room, "table room not recovered: {e:#}"),
            }
        }
        let mut clock = tokio::time::interval(std::time::Duration::from_secs(1));
        clock.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            let cmd = tokio::select! {
                cmd = rx.recv() => match cmd { Some(c) => c, None => return },
                _ = clock.tick() => {
                    // Rooms answer later as TimeUp; the view only learns which tables time was called on.
                    if event.status == EventStatus::Running {
                        let called = event.tick(&tx);
                        let heard = event.announcements.len();
                        event.announce_time_calls().await;
                        let announced = event.announcements.len() > heard;
                        if event.call_no_shows().await || called || announced {
                            view_tx.send_replace(Arc::new(event.view()));
                        }
                    }
                    continue;
                }
                () = shutdown.cancelled() => return,
                () = super::lease::stopped(&event.lease) => {
                    event.stand_down(&tx, "the node stops the event").await;
                    return;
                }
            };
            let reply = match cmd {
                Cmd::TimeUp { round, table, room, up } => {
                    if !event.is_current_room(round, table, &room) {
                        continue; // the old room of a re-paired table: its time and games no longer count
                    }
                    event.time_up(round, table, up, &tx).await;
                    None
                }
                Cmd::TimeLost { round, table, room, why } => {
                    if event.is_current_room(round, table, &room) {
                        event.time_lost(round, table, &why);
                    }
                    continue;
                }
                Cmd::Op { actor, op, reply } => Some((reply, event.apply(&actor, op, &tx).await)),
                Cmd::Arrived { round, table, room, seat } => {
                    if !event.is_current_room(round, table, &room) {
                        continue; // the old room of a re-paired table
                    }
                    if let Err(e) = event.arrived(round, table, seat).await {
                        tracing::error!(event = %event.id, round, table, "arrival not recorded: {e:#}");
                    }
                    None
                }
                Cmd::RoomGames { round, table, room, games } => {
                    if !event.is_current_room(round, table, &room) {
                        continue; // a table re-paired since: its old room no longer counts
                    }
                    if let Err(e) = event.room_games(round, table, &games).await {
                        tracing::error!(event = %event.id, round, table, "room result not recorded: {e:#}");
                    }
                    None
                }
            };
            let mut view = event.view();
            if view.over && event.status == EventStatus::Running {
                match db::set_status(&event.db, &event.id, EventStatus::Finished).await {
                    Ok(()) => event.status = EventStatus::Finished,
                    Err(e) => tracing::error!(event = %event.id, "status not saved: {e:#}"),
                }
                view.status = event.status;
            }
            // Published before the reply, so the caller's answer (read from the view) shows its own change.
            view_tx.send_replace(Arc::new(view));
            if let Some((reply, done)) = reply {
                let _ = reply.send(done);
            }
            if event.db.fenced_out() {
                event.stand_down(&tx, "a write was fenced: another node owns the event").await;
                return;
            }
        }
    });
    handle
}
