//! The event actor: the only writer of its tournament log. Each command is checked against the log first, then
//! written to the database, then applied in memory, then published: a refused command changes nothing, and
//! what the event page shows is always what is stored.
use super::tables::{self, Seated};
use super::view;
use super::{Cmd, EventHandle, Op};
use super::{EventStatus, EventView};
use crate::db::{now_ms, tournaments as db};
use crate::error::ApiError;
use crate::protocol::GameResult;
use crate::state::AppState;
use gb_tournament::{
    Correction, Game, Pairing, PairingError, Player, RosterChange, RosterChangeKind, TableResult, Tournament,
    pair_next_round,
};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

pub struct Event {
    pub(super) state: AppState,
    pub(super) id: String,
    pub(super) organizer: String,
    pub(super) status: EventStatus,
    pub(super) t: Tournament,
    /// (round, table) → the room playing it.
    pub(super) rooms: HashMap<(u32, u32), String>,
    pub round_starts: Vec<i64>,
    /// Tables time has been called on (round_clock.rs); not stored: after a restart time is called again.
    pub(super) time_called: HashSet<(u32, u32)>,
    /// Playoff tables in sudden death (level on rounds and HP when their extra turns ran out).
    pub(super) sudden_death: HashSet<(u32, u32)>,
    /// Players who asked for an intentional draw at their table, until both have (table_end.rs).
    pub(super) draw_requests: HashMap<(u32, u32), Vec<String>>,
    /// Players checked in before round 1, and the seats that have joined their table (attendance.rs; stored).
    pub checked_in: HashSet<String>,
    pub arrivals: HashMap<(u32, u32), [bool; 2]>,
}

impl Event {
    pub fn new(state: AppState, id: String, organizer: String, status: EventStatus, t: Tournament) -> Event {
        Event {
            state,
            id,
            organizer,
            status,
            t,
            rooms: HashMap::new(),
            round_starts: Vec::new(),
            time_called: HashSet::new(),
            sudden_death: HashSet::new(),
            draw_requests: HashMap::new(),
            checked_in: HashSet::new(),
            arrivals: HashMap::new(),
        }
    }

    fn view(&self) -> EventView {
        view::build(self)
    }
}

/// Starts the actor; `rooms` are the tables' rooms to watch again after a restart.
pub fn spawn(state: &AppState, mut event: Event, rooms: Vec<(u32, u32, String)>) -> EventHandle {
    let (tx, mut rx) = mpsc::channel::<Cmd>(256);
    for (round, table, room) in &rooms {
        event.rooms.insert((*round, *table), room.clone());
    }
    let (view_tx, view) = watch::channel(Arc::new(event.view()));
    let handle = EventHandle { id: event.id.clone(), tx: tx.clone(), view };
    state.events.insert(handle.clone());
    let shutdown = state.shutdown.clone();
    state.tracker.spawn(async move {
        for (round, table, room) in rooms {
            match tables::reattach(&event.state, &room).await {
                Ok(h) => tables::watch(&event.state, h, round, table, tx.clone()),
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
                        if event.call_no_shows().await || called {
                            view_tx.send_replace(Arc::new(event.view()));
                        }
                    }
                    continue;
                }
                () = shutdown.cancelled() => return,
            };
            let reply = match cmd {
                Cmd::TimeUp { round, table, up } => {
                    event.time_up(round, table, up, &tx).await;
                    None
                }
                Cmd::Op { actor, op, reply } => Some((reply, event.apply(&actor, op, &tx).await)),
                Cmd::Arrived { round, table, room, seat } => {
                    if event.rooms.get(&(round, table)) != Some(&room) {
                        continue; // the old room of a re-paired table
                    }
                    if let Err(e) = event.arrived(round, table, seat).await {
                        tracing::error!(event = %event.id, round, table, "arrival not recorded: {e:#}");
                    }
                    None
                }
                Cmd::RoomGames { round, table, room, games } => {
                    if event.rooms.get(&(round, table)) != Some(&room) {
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
                match db::set_status(&event.state.db, &event.id, EventStatus::Finished.name()).await {
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
        }
    });
    handle
}

fn forbidden() -> ApiError {
    ApiError::new(axum::http::StatusCode::FORBIDDEN, "not_organizer", "only the event's organizer may do this")
}

impl Event {
    async fn apply(&mut self, actor: &str, op: Op, tx: &mpsc::Sender<Cmd>) -> Result<(), ApiError> {
        if op.organizer_only(actor) && actor != self.organizer {
            return Err(forbidden());
        }
        let next_round = self.t.rounds.len() as u32 + 1;
        let (action, detail) = match op {
            Op::OpenRegistration | Op::CloseRegistration => {
                let open = matches!(op, Op::OpenRegistration);
                let (from, to) = if open {
                    (EventStatus::Closed, EventStatus::Registration)
                } else {
                    (EventStatus::Registration, EventStatus::Closed)
                };
                if self.status != from {
                    let msg = format!(
                        "registration can only be {} while the event is {}",
                        if open { "reopened" } else { "closed" },
                        from.name()
                    );
                    return Err(ApiError::conflict("wrong_status", msg));
                }
                db::set_status(&self.state.db, &self.id, to.name()).await.map_err(ApiError::internal)?;
                self.status = to;
                (if open { "open_registration" } else { "close_registration" }, json!({}))
            }
            Op::Register { name, deck } => {
                if self.status != EventStatus::Registration {
                    return Err(ApiError::conflict(
                        "registration_closed",
                        "registration is closed: ask the organizer for a late entry",
                    ));
                }
                self.enter(actor, name, deck, 1).await?;
                return Ok(()); // a player's own registration is not an override
            }
            Op::LateEntry { account_id, name, deck } => {
                self.enter(&account_id, name, deck, next_round).await?;
                if next_round == 1 {
                    self.check_in(&account_id).await?; // entered by the organizer in person
                }
                ("late_entry", json!({ "player": account_id, "entered_round": next_round }))
            }
            Op::Drop { player, reason } => self.roster(player, reason, RosterChangeKind::Drop, next_round).await?,
            Op::Readd { player, reason } => self.roster(player, reason, RosterChangeKind::Readd, next_round).await?,
            Op::StartRound => self.start_round().await?,
            Op::Judge { round, table, action } => {
                let mut result = self.current_result(round, table)?;
                let detail = json!({ "round": round, "table": table, "judge": action });
                result.judge.push(action);
                self.check_and_record(round, table, result).await?;
                ("judge", detail)
            }
            Op::Correct { round, table, result, reason } => {
                self.current_result(round, table)?;
                let c = Correction { round, table, result, reason, before_round: Some(next_round) };
                let mut t = self.t.clone();
                t.corrections.push(c.clone());
                gb_tournament::standings(&t).map_err(|e| ApiError::unprocessable("bad_result", e.to_string()))?;
                db::add_correction(&self.state.db, &self.id, &c).await.map_err(ApiError::internal)?;
                self.t = t;
                ("correction", json!({ "round": round, "table": table, "result": c.result, "reason": c.reason }))
            }
            Op::Repair { pairings, reason } => self.repair(pairings, reason).await?,
            Op::CheckIn { player } => {
                self.check_in(&player).await?;
                if player == actor {
                    return Ok(()); // a player's own check-in is not an override
                }
                ("check_in", json!({ "player": player }))
            }
            Op::Concede { round, table, player } => self.concede(round, table, player).await?,
            Op::IntentionalDraw { round, table } => {
                match self.intentional_draw(actor, actor == self.organizer, round, table).await? {
                    Some(done) => done,
                    None => return Ok(()), // waits for the other player's request
                }
            }
        };
        db::audit(&self.state.db, &self.id, actor, action, &detail).await.map_err(ApiError::internal)?;
        if matches!(action, "start_round" | "repair_round") {
            self.open_rooms(tx).await;
        }
        Ok(())
    }

    async fn enter(
        &mut self,
        account: &str,
        name: String,
        deck: gb_core::DeckList,
        round: u32,
    ) -> Result<(), ApiError> {
        if self.t.players.iter().any(|p| p.id == account) {
            // Re-registering after a drop would reset nothing and could farm byes: re-adds go through the organizer.
            return Err(ApiError::conflict("already_registered", "this account is already registered"));
        }
        if self.status == EventStatus::Finished {
            return Err(ApiError::conflict("event_finished", "the event is over"));
        }
        deck.validate().map_err(ApiError::invalid_deck)?;
        let deck = serde_json::to_string(&deck).map_err(ApiError::internal)?;
        let player = Player { id: account.to_owned(), name, entered_round: round, deck: Some(deck) };
        db::add_player(&self.state.db, &self.id, &player, Some(account)).await.map_err(ApiError::internal)?;
        self.t.players.push(player);
        Ok(())
    }

    pub(super) async fn roster(
        &mut self,
        player: String,
        reason: String,
        change: RosterChangeKind,
        before_round: u32,
    ) -> Result<(&'static str, serde_json::Value), ApiError> {
        // MTR 2.10: a drop after the round is paired takes effect from the next round; the match in hand stands.
        let c = RosterChange { before_round, player, change, reason };
        let mut t = self.t.clone();
        t.roster.push(c.clone());
        gb_tournament::standings(&t).map_err(|e| ApiError::unprocessable("bad_roster_change", e.to_string()))?;
        db::add_roster_change(&self.state.db, &self.id, &c).await.map_err(ApiError::internal)?;
        self.t = t;
        let action = if change == RosterChangeKind::Drop { "drop" } else { "readd" };
        Ok((action, json!({ "player": c.player, "before_round": before_round, "reason": c.reason })))
    }

    async fn start_round(&mut self) -> Result<(&'static str, serde_json::Value), ApiError> {
        if self.status == EventStatus::Registration {
            return Err(ApiError::conflict("registration_open", "close registration before pairing round 1"));
        }
        // Round 1 of an event requiring check-in is paired without those who did not (attendance.rs).
        let unchecked = self.unchecked_drops();
        let mut t = self.t.clone();
        t.roster.extend(unchecked.iter().cloned());
        let plan = pair_next_round(&t).map_err(|e| match e {
            PairingError::TournamentOver { .. } => ApiError::conflict("tournament_over", e.to_string()),
            _ => ApiError::conflict("cannot_pair", e.to_string()),
        })?;
        for c in &unchecked {
            db::add_roster_change(&self.state.db, &self.id, c).await.map_err(ApiError::internal)?;
            self.t.roster.push(c.clone());
        }
        db::insert_round(&self.state.db, &self.id, plan.round, &plan.pairings).await.map_err(ApiError::internal)?;
        db::set_status(&self.state.db, &self.id, EventStatus::Running.name()).await.map_err(ApiError::internal)?;
        self.status = EventStatus::Running;
        self.t.rounds.push(gb_tournament::Round { pairings: plan.pairings.clone() });
        self.round_starts.push(now_ms());
        let dropped: Vec<&String> = unchecked.iter().map(|c| &c.player).collect();
        let mut detail = json!({ "round": plan.round, "phase": plan.phase, "explanation": plan.explanation });
        if !dropped.is_empty() {
            detail["not_checked_in"] = json!(dropped);
        }
        Ok(("start_round", detail))
    }

    /// Opens a room for every table of the round just paired. A failure leaves that table without a room (the
    /// event page shows it) rather than undoing a pairing players have already seen.
    async fn open_rooms(&mut self, tx: &mpsc::Sender<Cmd>) {
        let round = self.t.rounds.len() as u32;
        let tables: Vec<_> = self.t.rounds[round as usize - 1]
            .pairings
            .iter()
            .filter_map(|p| if let Pairing::Table(t) = p { Some((t.table, t.players.clone())) } else { None })
            .collect();
        for (table, players) in tables {
            let opened = async {
                let seats = players.clone().map(|id| self.seated(&id));
                let [a, b] = seats;
                let room = tables::open(&self.state, &self.t.settings, [a?, b?]).await?;
                db::set_room(&self.state.db, &self.id, round, table, &room.id).await?;
                anyhow::Ok(room)
            };
            match opened.await {
                Ok(room) => {
                    self.rooms.insert((round, table), room.id.clone());
                    tables::watch(&self.state, room, round, table, tx.clone());
                }
                Err(e) => tracing::error!(event = %self.id, round, table, "table room not opened: {e:#}"),
            }
        }
    }

    fn seated(&self, id: &str) -> anyhow::Result<Seated> {
        let p = self.t.players.iter().find(|p| p.id == id).ok_or_else(|| anyhow::anyhow!("no player {id}"))?;
        let deck = serde_json::from_str(p.deck.as_deref().unwrap_or_default())?;
        Ok(Seated { account_id: p.id.clone(), name: p.name.clone(), deck })
    }

    /// The table's result as the round records it (a correction is a separate entry and does not change it).
    pub(super) fn current_result(&self, round: u32, table: u32) -> Result<TableResult, ApiError> {
        self.t
            .rounds
            .get(round as usize - 1)
            .filter(|_| round >= 1)
            .and_then(|r| {
                r.pairings.iter().find_map(|p| match p {
                    Pairing::Table(t) if t.table == table => Some(t.result.clone()),
                    _ => None,
                })
            })
            .ok_or_else(|| ApiError::not_found("no_such_table", format!("round {round} has no table {table}")))
    }

    /// Checks a table's new result against the whole log (standings must still compute), then stores it.
    pub(super) async fn check_and_record(
        &mut self,
        round: u32,
        table: u32,
        result: TableResult,
    ) -> Result<(), ApiError> {
        let mut t = self.t.clone();
        for p in &mut t.rounds[round as usize - 1].pairings {
            if let Pairing::Table(tb) = p
                && tb.table == table
            {
                tb.result = result.clone();
            }
        }
        gb_tournament::standings(&t).map_err(|e| ApiError::unprocessable("bad_result", e.to_string()))?;
        db::record_result(&self.state.db, &self.id, round, table, &result).await.map_err(ApiError::internal)?;
        self.t = t;
        Ok(())
    }

    /// A room's finished games become the table's games: seat A is the pairing's first player (tables.rs seats
    /// them in that order). Judge actions and a recorded match end stay as they are; once time has ended the
    /// match (round_clock.rs), later play in the room does not count.
    async fn room_games(&mut self, round: u32, table: u32, games: &[GameResult]) -> anyhow::Result<()> {
        let mut result = self.current_result(round, table).map_err(|e| anyhow::anyhow!(e.message))?;
        if result.end.is_some() {
            return Ok(()); // ended by time, a concession or an intentional draw: later play does not count
        }
        let players = self.table_players(round, table).ok_or_else(|| anyhow::anyhow!("no table {table}"))?;
        result.games = self.games_from_room(&players, games);
        self.check_and_record(round, table, result).await.map_err(|e| anyhow::anyhow!(e.message))
    }

    pub(super) fn table_players(&self, round: u32, table: u32) -> Option<[String; 2]> {
        self.t.rounds.get((round as usize).checked_sub(1)?)?.pairings.iter().find_map(|p| match p {
            Pairing::Table(t) if t.table == table => Some(t.players.clone()),
            _ => None,
        })
    }

    /// The room's finished games as the table's games, up to the one that decides the match (later games are
    /// friendly games).
    pub(super) fn games_from_room(&self, players: &[String; 2], games: &[GameResult]) -> Vec<Game> {
        let needed = usize::from(self.t.settings.games_per_match / 2 + 1);
        let mut wins = [0usize; 2];
        let mut out = Vec::new();
        for g in games {
            if wins.iter().any(|&w| w >= needed) {
                break;
            }
            out.push(match g.winner {
                Some(seat) => {
                    wins[seat.index()] += 1;
                    Game::Win { winner: players[seat.index()].clone(), decided_by: None }
                }
                None => Game::Draw,
            });
        }
        out
    }
}
