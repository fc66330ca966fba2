//! Play inside the room actor: starting games, taking intents from sockets (the pipeline is room/commit.rs),
//! projecting each version once per viewer kind, the spectator delay, and clock flags.
use super::actor::Room;
use super::clock::Clock;
use super::delta::{Seen, project, write_views};
use super::game::Game;
use super::game::Source;
use super::streams::{Held, Kind};
use crate::db::status::RoomRowStatus;
use crate::protocol::{GameResult, ServerMsg};
use crate::seed::{StoredSetup, fresh};
use crate::viewer::conn::{Out, Stamp};
use axum::extract::ws::Utf8Bytes;
use gb_core::{Events, Intent, MatchSetup, Seat, legal_intents, new_match, owed_seat};
use std::sync::Arc;
use tokio::time::Instant;

impl Room {
    /// Deals a new game: fresh seed, commitment published, match row written before anyone sees a card.
    /// A free-for-all is seated at random first (MP-3, room/seating.rs), and its decks go in that seat order.
    pub(super) async fn start_game(&mut self) -> anyhow::Result<()> {
        self.shuffle_seats().await?;
        let decks: Vec<gb_core::DeckList> =
            self.seats.iter().map(|s| s.as_ref().expect("every seat filled").deck.clone()).collect();
        let (seed, nonce) = fresh()?;
        // One deck per seat in seat order (MP-1, MP-3); game 1's chooser if the room names one.
        let chooser = if self.play.games.is_empty() { self.cfg.first_game_chooser } else { None };
        let setup = MatchSetup { decks, seed, chooser };
        let state = new_match(&setup).map_err(|e| anyhow::anyhow!("setup refused: {e:?}"))?;
        let seed_hash = gb_core::seed::commitment(&seed, &nonce)?;
        let row = self.insert_match(&seed_hash, StoredSetup { setup: setup.clone(), nonce: nonce.clone() }).await?;
        self.save_room(RoomRowStatus::Playing).await?;
        self.play.games.push(GameResult {
            match_id: row.id.clone(),
            winner: None,
            reason: None,
            seed_hash,
            seed: None,
            nonce: None,
            places: None,
        });
        self.play.game = Some(Game { match_id: row.id, setup, nonce, state, log: Vec::new() });
        // Nothing stands to be taken back in a new game (a drawn game's last action may have).
        self.play.takeback_open = None;
        self.play.rematch = vec![false; self.seats.len()];
        self.play.clock = self.cfg.clock.map(|c| Clock::new(c, self.seats.len()));
        self.resume_streams();
        self.publish(true);
        for kind in Kind::all(self.seats.len()) {
            let frame = Utf8Bytes::from(self.snapshot(kind).encode());
            self.relay_out(kind, true, &frame);
            self.send_all(|k| (k == kind).then(|| frame.clone()));
        }
        metrics::counter!("gb_games_started").increment(1);
        self.chooser_chooses().await;
        self.check_time();
        self.prompt_computer();
        Ok(())
    }

    /// From the second game on, the previous game's loser decides who goes first (MTR 2.2), or its winner
    /// where a tournament table says so (`next_game_chooser: "winner"`, the Summoning Gems tournament rules).
    /// The engine's seeded draw picks who answers the turn-order ask (CR 200.4). The room answers with the
    /// chooser's stated preference (`rematch {go_first}`) whichever seat was asked, so the chooser is not asked
    /// twice; without one, it answers for the other seat that the chooser goes first, and a chooser who stated
    /// nothing answers themself. The answer is an ordinary logged intent, so replays are unchanged.
    /// A free-for-all has no loser to choose: the seed picks the chooser among all seats (MP-4). Game 1 has no
    /// loser either: the draw, or the seat the room names (`first_game_chooser`), is asked by the engine itself.
    async fn chooser_chooses(&mut self) {
        if self.cfg.free_for_all() {
            return;
        }
        let Some(chooser) = self.next_chooser(1) else { return };
        let Some(game) = self.play.game.as_ref() else { return };
        let Some(asked) = owed_seat(&game.state) else { return };
        if !legal_intents(&game.state, asked).iter().any(|i| matches!(i, Intent::ChooseTurnOrder { .. })) {
            return;
        }
        let chooser_first = match (asked == chooser, self.play.chooser_go_first.take()) {
            (_, Some(stated)) => stated,
            (false, None) => true,
            (true, None) => return,
        };
        let go_first = if asked == chooser { chooser_first } else { !chooser_first };
        self.commit(asked, Intent::ChooseTurnOrder { go_first }, Source::Room).await;
    }

    /// The seat that chooses the turn order of the game after the `back`-th game from the end (0: the last one),
    /// by the room's `next_game_chooser`; `None` before that game has a winner (a first game, a drawn game).
    pub(super) fn next_chooser(&self, back: usize) -> Option<Seat> {
        let winner = self.play.games.iter().rev().nth(back).and_then(|g| g.winner)?;
        match self.cfg.next_game_chooser {
            Some(gb_tournament::NextGameChooser::Winner) => Some(winner),
            Some(gb_tournament::NextGameChooser::Loser) | None => {
                self.cfg.seat_list().iter().copied().find(|&s| s != winner)
            }
        }
    }

    /// Sets every stream to the current game's state (a new game at v0, or a recovered one at its version).
    pub(super) fn resume_streams(&mut self) {
        let Some(game) = self.play.game.as_ref() else { return };
        if let Some(c) = self.play.clock.as_mut() {
            c.start(Instant::now(), owed_seat(&game.state), None);
        }
        let clocks = self.play.clock.as_ref().map(Clock::wire);
        for kind in Kind::all(self.seats.len()) {
            let seen = Seen::of(&game.state, kind);
            if kind == Kind::Spectator {
                self.viewers.live_turn = seen.view.turn;
            }
            self.viewers.streams[kind.index()].reset(game.state.version(), seen, clocks.clone());
        }
        self.viewers.delay.clear();
        self.viewers.spectators_watched = None;
    }

    /// After a restart: the streams get back the frames of the last versions (rebuilt by replay), so clients
    /// that were slightly behind still get exactly what they missed. Spectators get back exactly the head they
    /// had been shown (a rebuild never takes a version back); what the delay still hid is held again, each
    /// version from its stored time, and released by the same rule as before.
    pub(super) fn restore_history(&mut self, h: super::streams::History) {
        for kind in Kind::all(self.seats.len()) {
            let i = kind.index();
            self.viewers.streams[i].reset(h.base_v, h.base[i].clone(), h.base_clocks.clone());
        }
        for step in h.steps {
            let mut frames = step.frames.into_iter();
            let mut seen = step.seen.into_iter();
            // Index order: the spectators' first, then each seat's.
            let (fs, ss) = (frames.next().expect("a spectator frame"), seen.next().expect("a spectator view"));
            for (i, (f, s)) in frames.zip(seen).enumerate() {
                self.viewers.streams[1 + i].push(step.v, f, s, step.clocks.clone());
            }
            self.viewers.live_turn = step.turn;
            if step.v <= h.spectator_head {
                self.viewers.streams[Kind::Spectator.index()].push(step.v, fs, ss, step.clocks);
            } else {
                let held =
                    Held { v: step.v, turn: step.turn, at: step.accepted, frame: fs, seen: ss, clocks: step.clocks };
                self.viewers.delay.hold(held);
            }
        }
        self.release_spectators(None);
    }

    pub(super) async fn on_intent(
        &mut self,
        conn: u64,
        seq: u32,
        intent: Intent,
        received: std::time::Instant,
        relayed: Option<crate::viewer::conn::Relayed>,
    ) {
        let Some(kind) = self.viewers.kind_of_conn(conn) else { return };
        let Some(seat) = kind.seat() else {
            let msg = ServerMsg::error("not_seated", "you watch this room; only its players submit intents");
            return self.send_to(conn, &msg);
        };
        if self.play.game.is_none() {
            return self.send_to(conn, &ServerMsg::error("no_game", "the game has not started"));
        }
        // A retry first: an intent accepted before the event ended the match still gets its `accepted`.
        if let Some(r) = relayed.as_ref().filter(|r| r.retry)
            && self.answered_before(conn, seq, &r.key).await
        {
            return;
        }
        if let Some(reason) = self.play.match_end {
            let msg = format!("{} ({reason:?})", super::error::RoomError::MatchEnded);
            return self.send_to(conn, &ServerMsg::error("match_ended", msg));
        }
        if self.play.drawn() {
            let msg = "this game was called a draw: it is over (docs/protocol.md, \"Leaving\")";
            return self.send_to(conn, &ServerMsg::error("game_drawn", msg));
        }
        let key = relayed.as_ref().map(|r| r.key.as_str());
        self.commit(seat, intent, Source::Socket { conn, seq, received, key }).await;
    }

    /// One projection per viewer kind, encoded once and shared by every connection of that kind. Says whether it
    /// refreshed the listing (it does whenever the spectators' head moved), so the caller need not again.
    pub(super) fn broadcast(&mut self, v: u32, events: &Events, received: Option<std::time::Instant>) -> bool {
        self.note_spectators(v);
        let unwatched = self.spectators_unwatched(v);
        let game = self.play.game.as_ref().expect("broadcast during a game");
        let clocks = self.play.clock.as_ref().map(Clock::wire);
        let stamp = received.map(|r| Arc::new(Stamp(r)));
        // Each seat's frame, by seat index.
        let mut frames: Vec<Option<Utf8Bytes>> = vec![None; self.seats.len()];
        let projected = |kind: Kind| kind != Kind::Spectator || !unwatched;
        // Every projected kind's view at once: what they see alike is worked out once (spectators first, who see
        // every face-up hero; streams are in kind order).
        let spares = Kind::all(self.seats.len()).zip(self.viewers.streams.iter_mut().map(|s| &mut s.spare));
        write_views(&game.state, spares.filter(|(kind, _)| projected(*kind)));
        for kind in Kind::all(self.seats.len()) {
            if !projected(kind) {
                self.viewers.streams[kind.index()].pass(v, clocks.clone());
                continue;
            }
            // The base is what this kind holds at v - 1: for spectators, the newest version held back by the
            // delay (if any), since they will have applied it by the time they get this one.
            let stream = &mut self.viewers.streams[kind.index()];
            let held = if kind == Kind::Spectator { self.viewers.delay.newest_seen() } else { None };
            let prev = held.or(stream.seen.as_ref()).expect("a game has a view per stream");
            let p = project(&game.state, events, kind, prev, v, clocks.clone(), &mut stream.spare);
            match kind.seat() {
                Some(seat) => {
                    self.viewers.streams[kind.index()].push(v, p.frame.clone(), p.seen, clocks.clone());
                    frames[seat.index()] = Some(p.frame);
                }
                None => {
                    self.viewers.live_turn = p.turn;
                    let at = Instant::now();
                    self.viewers.delay.hold(Held {
                        v,
                        turn: p.turn,
                        at,
                        frame: p.frame,
                        seen: p.seen,
                        clocks: clocks.clone(),
                    });
                }
            }
        }
        // Spectators (and the listing, which follows their head) first: a seat that has seen v and then asks
        // for the room's info must find it at v or later when there is no delay.
        let delayed = self.cfg.spectator_delay.is_some();
        let listed = if unwatched {
            self.publish(false);
            true
        } else {
            self.release_spectators(if delayed { None } else { stamp.clone() })
        };
        for (kind, frame) in Kind::all(frames.len()).skip(1).zip(&frames) {
            if let Some(f) = frame {
                self.relay_out(kind, true, f);
            }
        }
        self.send_all_stamped(|k| {
            let seat = k.seat()?;
            frames[seat.index()].clone().map(|f| Out::Text(f, stamp.clone()))
        });
        listed
    }

    /// Records `v` as a version some spectator was connected for: how far back a spectator who drops may resume.
    fn note_spectators(&mut self, v: u32) {
        if self.viewers.watching(Kind::Spectator) {
            self.viewers.spectators_watched = Some(v);
        }
    }

    /// Whether the spectators' stream may pass version `v` without projecting it ([`super::streams::Stream::pass`]):
    /// no spectator is connected, here or relayed from another node (both are `conns`), none has been for longer
    /// than the history reaches back (one who dropped may resume and gets its missed frames, as before), and no
    /// delay holds frames back (a delayed head lags the live version, so it could not be written afresh from the
    /// live state). Read after [`Self::note_spectators`] for `v`: a connected spectator has made it `Some(v)`, which
    /// is never past the reach, so the connections are scanned once per version.
    fn spectators_unwatched(&self, v: u32) -> bool {
        if self.cfg.spectator_delay.is_some() {
            return false;
        }
        let reach = self.viewers.streams[Kind::Spectator.index()].cap() as u32;
        self.viewers.spectators_watched.is_none_or(|w| v > w.saturating_add(reach))
    }

    /// Writes `kind`'s view afresh when its stream is stale, before anyone is shown it: versions passed while no
    /// spectator watched (without a delay the spectators' head is the live version), or the room rested after its
    /// game ended (every head is the live version then: the delay released everything at the end).
    pub(super) fn refresh(&mut self, kind: Kind) {
        let stream = &mut self.viewers.streams[kind.index()];
        let Some(game) = self.play.game.as_ref().filter(|_| stream.stale) else { return };
        debug_assert_eq!(stream.head, game.state.version(), "passed or rested only at the live version");
        let seen = Seen::of(&game.state, kind);
        if kind == Kind::Spectator {
            self.viewers.live_turn = seen.view.turn;
        }
        stream.refresh(seen);
    }

    /// A finished game's room that nobody watches keeps only what a viewer coming back needs to be written
    /// afresh (the game's state and log, the streams' heads): its views, kept frames and cached histories go.
    /// Such a room waits `GB_ROOM_IDLE_SECS` (an hour) to leave memory, for a rematch or the series' next game;
    /// this was a third of the ~180 KB it held (BENCHMARKS.md, twenty-first session). Not while the delay still
    /// holds frames back (their versions are not live yet) or a game is in play.
    pub(super) fn rest(&mut self) {
        let over = self.play.game_over();
        if !over
            || !self.viewers.conns.is_empty()
            || !self.viewers.delay.is_empty()
            || self.viewers.streams.iter().all(|s| s.stale)
        {
            return;
        }
        for stream in &mut self.viewers.streams {
            stream.rest();
        }
        self.viewers.history_frames.iter_mut().for_each(|f| *f = None);
        if let Some(game) = self.play.game.as_mut() {
            game.log.shrink_to_fit();
        }
    }

    /// Publishes the spectator frames whose delay has passed (all of them without a delay, or once it is over).
    /// Says whether any was, and so whether the listing was refreshed.
    pub(super) fn release_spectators(&mut self, stamp: Option<Arc<Stamp>>) -> bool {
        let over = self.play.game_over();
        let due = self.viewers.delay.release(self.cfg.spectator_delay, Instant::now(), self.viewers.live_turn, over);
        if due.is_empty() {
            return false;
        }
        for h in due {
            self.viewers.streams[Kind::Spectator.index()].push(h.v, h.frame.clone(), h.seen, h.clocks);
            self.relay_out(Kind::Spectator, true, &h.frame);
            self.send_all_stamped(|k| (k == Kind::Spectator).then(|| Out::Text(h.frame.clone(), stamp.clone())));
        }
        // The listing's version is the spectators' head, so it moves with it (not only when play does).
        self.publish(false);
        true
    }

    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let flag = self.play.clock.as_ref().and_then(|c| c.deadline(&self.connected())).map(|d| d.0);
        let release = self.viewers.delay.next_due(self.cfg.spectator_delay);
        [flag, release, self.viewers.presence.due()].into_iter().flatten().min()
    }

    /// A timer fired: release delayed spectator frames, announce pending presence, and end the game for a seat out of time. The flag is
    /// applied as that seat's concession (CR 102.2), so the log replays to the same result.
    pub(super) async fn on_timer(&mut self) {
        self.release_spectators(None);
        self.flush_presence();
        let connected = self.connected();
        let flagged = self.play.clock.as_mut().and_then(|c| c.flagged(Instant::now(), &connected));
        if let Some((seat, flag)) = flagged {
            tracing::info!(room = %self.id, ?seat, reason = %flag.reason(), "clock flag");
            self.commit(seat, Intent::Concede, Source::Clock(flag)).await;
        }
    }
}
