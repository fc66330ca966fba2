//! One intent through the room, in three steps: **accept** (the engine checks and applies it, the clock is
//! charged; synchronous), **persist** (the group-commit writer makes the version durable), **announce** (the
//! sender's `accepted`, every viewer's frame, the result, the computer's next decision). A rejection stops at
//! accept and changes nothing; a failed write stops at persist, tells nobody, and marks the room for a rebuild
//! from its log (the log is the truth). So a version is durable before any viewer hears of it.
use super::actor::Room;
use super::clock::Flag;
use crate::db::matches::AppendRow;
use crate::db::status::RoomRowStatus;
use crate::protocol::ServerMsg;
use crate::seed::StoredResult;
use gb_core::{Events, Intent, Seat, apply, owed_seat};
use tokio::time::Instant;

pub(super) use super::game::Source;

/// An intent the engine has applied and the clock charged for (or a takeback, room/takeback.rs), not yet durable.
pub(super) struct Accepted {
    pub seat: Seat,
    /// The log entry as stored (`match_intents.intent_json`).
    pub stored: String,
    pub v: u32,
    pub events: Events,
    pub result: Option<StoredResult>,
    /// The rated result this game's end decides (room/rated.rs), written with it.
    pub rated: Option<crate::db::ratings::RatedGame>,
}

impl Room {
    /// Accepts, persists, then announces; returns whether the intent became a version.
    pub(super) async fn commit(&mut self, seat: Seat, intent: Intent, source: Source<'_>) -> bool {
        let open_before = self.play.takeback_open;
        let Some(accepted) = self.accept(seat, intent, source) else { return false };
        if !self.persist(&accepted, source).await {
            return false;
        }
        self.announce(accepted, source).await;
        // A takeback asked for lapses with the next version (room/takeback.rs): everyone's `room` frame showed
        // the request. Who may ask for one may change: the seats are told (a `room` frame only then, so a game
        // where none is offered sends none).
        if self.play.takeback.take().is_some() {
            self.publish(true);
        } else if self.play.takeback_open != open_before {
            self.publish_to_seats();
        }
        true
    }

    /// The engine's verdict and the clock's charge. A rejection is answered to its socket (with the legal
    /// intents) and changes nothing: gb-core checks before it applies, so no copy is kept to roll back.
    fn accept(&mut self, seat: Seat, intent: Intent, source: Source<'_>) -> Option<Accepted> {
        // A game called a draw is over though the engine would play on (room/leaving.rs): nothing more is logged.
        if self.play.drawn() {
            return None;
        }
        // Where the randomness stood, to tell afterwards whether this intent may be taken back (casual only).
        let offered = self.takebacks_apply().is_ok();
        let game = self.play.game.as_mut()?;
        let mark = offered.then(|| gb_core::RngMark::of(&game.state));
        let events = match apply(&mut game.state, seat, &intent) {
            Ok(ev) => {
                game.log.push(gb_core::Logged::Intent(seat, intent.clone()));
                let open = mark.is_some_and(|m| gb_core::takes_back(&m, &game.state, &ev));
                self.play.takeback_open = open.then_some(seat);
                ev
            }
            Err(rejection) => {
                metrics::counter!("gb_intents_rejected", "code" => rejection.code).increment(1);
                if let Some((conn, seq)) = source.reply_to() {
                    let legal = super::delta::wire_legal(&game.state, seat);
                    self.send_to(conn, &ServerMsg::Rejected { seq, rejection, legal });
                }
                return None;
            }
        };
        let (v, owed, outcome) = (game.state.version(), owed_seat(&game.state), game.state.outcome());
        // A free-for-all's places, the winner first (MP-30); `None` before the end and in the two-player game.
        let places = game.state.places();
        let connected = self.connected();
        if let Some(c) = self.play.clock.as_mut() {
            let now = Instant::now();
            match outcome {
                Some(_) => c.stop(now, &connected),
                None => c.after_intent(now, seat, owed, &connected),
            }
        }
        let flag = match source {
            Source::Clock(flag) => Some(flag),
            Source::Socket { .. } | Source::Room => None,
        };
        let result = outcome.map(|o| StoredResult {
            winner: Some(o.winner),
            reason: flag.map_or(o.reason.into(), Flag::reason),
            places,
        });
        let rated = result.as_ref().and_then(|r| self.rated_result(r.winner?));
        let stored = serde_json::to_string(&intent).expect("intents serialize");
        Some(Accepted { seat, stored, v, events, result, rated })
    }

    /// Makes the version durable (room/storage.rs records a fenced or failed append). A failed one is told to
    /// its sender as `not_saved`; a fenced one to nobody.
    pub(super) async fn persist(&mut self, a: &Accepted, source: Source<'_>) -> bool {
        let game = self.play.game.as_ref().expect("accepted in a game");
        let flag = match source {
            Source::Clock(flag) => Some(flag.reason()),
            Source::Socket { .. } | Source::Room => None,
        };
        let meta = self.play.clock.as_ref().map(|c| serde_json::json!({ "clocks": c.wire(), "flag": flag }));
        let row = AppendRow {
            match_id: game.match_id.clone(),
            version: i64::from(a.v),
            seat: a.seat.index() as i64,
            intent_json: a.stored.clone(),
            meta_json: meta.map(|m| m.to_string()),
            finish: a.result.as_ref().map(|r| serde_json::to_string(r).expect("results serialize")),
            epoch: self.storage.epoch(),
            intent_key: match source {
                Source::Socket { key, .. } => key.map(str::to_owned),
                Source::Room | Source::Clock(_) => None,
            },
            rated: a.rated.clone(),
        };
        let result = self.deps.persist.append(row).await;
        let Err(failed) = self.storage.appended(a.v, result) else { return true };
        if let (Some(e), Some((conn, _))) = (failed, source.reply_to()) {
            self.send_to(conn, &ServerMsg::error("not_saved", format!("the intent could not be saved: {e}")));
        }
        false
    }

    /// A relay's retry whose key is already in the log (under any owner of the room) gets its original
    /// `accepted` again and is not applied twice. Checked in the actor, after every earlier intent of this room
    /// is durable: a first attempt on this owner is in the log by now, and one an earlier owner appended landed
    /// before this owner's claim (the fence refuses it after). If the log cannot be read, nothing is applied.
    pub(super) async fn answered_before(&mut self, conn: u64, seq: u32, key: &str) -> bool {
        match self.storage.intent_by_key(key).await {
            Ok(None) => false,
            Ok(Some(v)) => {
                metrics::counter!("gb_intent_retries_answered_total").increment(1);
                self.send_to(conn, &ServerMsg::Accepted { seq, v: v as u32 });
                true
            }
            Err(e) => {
                self.send_to(conn, &ServerMsg::error("unavailable", format!("the log cannot be read: {e}")));
                true
            }
        }
    }

    /// Tells everyone of a durable version: the sender first, then every viewer kind's frame, the result.
    /// A game's result is recorded, and the listing copy that `GET /api/rooms/{id}` reads refreshed, before
    /// anyone hears of its last version: whoever has seen the game end reads its winner and places at once.
    pub(super) async fn announce(&mut self, a: Accepted, source: Source<'_>) {
        metrics::counter!("gb_intents_accepted").increment(1);
        if let Some(r) = &a.result {
            self.record_result(r);
            self.publish(false);
        }
        if let Some((conn, seq)) = source.reply_to() {
            self.send_to(conn, &ServerMsg::Accepted { seq, v: a.v });
        }
        let received = match source {
            Source::Socket { received, .. } => Some(received),
            Source::Room | Source::Clock(_) => None,
        };
        // The listing is refreshed once a version: by the broadcast whenever the spectators' head moved (before
        // the seats hear of it), by `finish` at a game's end, else here. It was built twice a version with
        // spectators watching (1.7 % of the server, BENCHMARKS.md, twenty-fifth session).
        let listed = self.broadcast(a.v, &a.events, received);
        if a.result.is_some() {
            self.finish().await;
        } else if !listed {
            self.publish(false);
        }
        self.check_time();
        self.prompt_computer();
    }

    /// The ended game's entry in the room's list: winner, reason, places, and the seed that can now be shown.
    pub(super) fn record_result(&mut self, r: &StoredResult) {
        let game = self.play.game.as_ref().expect("a game ended");
        if let Some(g) = self.play.games.last_mut() {
            g.winner = r.winner;
            g.reason = Some(r.reason);
            g.places = r.places.clone();
            g.seed = Some(game.setup.seed.to_string());
            g.nonce = Some(game.nonce.clone());
        }
    }

    /// After the last frames: the room's row says "finished", and every viewer gets the room with the result.
    pub(super) async fn finish(&mut self) {
        if let Err(e) = self.save_room(RoomRowStatus::Finished).await {
            tracing::warn!(room = %self.id, error = %e, "room status not saved");
        }
        self.record_players().await;
        metrics::counter!("gb_games_finished").increment(1);
        self.publish(true);
        Box::pin(self.computers_play_on()).await;
    }
}
