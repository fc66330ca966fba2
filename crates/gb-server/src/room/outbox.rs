//! What a room tells its viewers: the snapshot for a viewer kind, the lobby's `RoomInfo` (and its listing
//! copy), and the queues every frame goes through, where a viewer that cannot keep up is cut off.
use super::actor::Room;
use super::streams::Kind;
use crate::protocol::{RoomInfo, RoomStatus, SeatInfo, ServerMsg};
use crate::viewer::conn::Out;
use axum::extract::ws::Utf8Bytes;
use tokio::time::Instant;

impl Room {
    /// Closes every connection with 1012 (room/viewers.rs `close_all`): the room is being rebuilt, or stands down.
    pub(super) fn close_all(&mut self) {
        self.viewers.close_all();
    }

    /// The whole view for `kind` at its stream head (spectators: the delayed head).
    pub(super) fn snapshot(&mut self, kind: Kind) -> ServerMsg {
        let connected = self.connected();
        let game_index = self.play.games.len().saturating_sub(1) as u32;
        let stream = &self.viewers.streams[kind.index()];
        // The stream's own view and legal intents, so the next delta patches exactly what this snapshot gives.
        let clocks = match (kind.seat(), self.play.game.as_ref()) {
            (Some(_), Some(_)) => self.play.clock.as_mut().map(|c| {
                c.settle(Instant::now(), &connected);
                c.wire()
            }),
            _ => stream.clocks.clone(),
        };
        let seen = stream.seen.as_ref().expect("a game has a view per stream");
        let (view, legal) = (seen.view.clone(), seen.legal.clone());
        ServerMsg::Snapshot { v: stream.head, game: game_index, view, legal, clocks }
    }

    pub(super) fn info(&self) -> RoomInfo {
        let connected = self.connected();
        let seats = self.cfg.seat_list().iter().map(|&s| {
            self.seats[s.index()].as_ref().map(|e| SeatInfo {
                seat: s,
                display_name: e.display_name.clone(),
                connected: connected[s.index()],
                bot: e.bot,
                bot_level: e.bot.then(|| e.bot_level.unwrap_or(self.cfg.start_level())),
                rematch: self.play.rematch[s.index()],
                // Told while the one who could claim is here: a room both players left lists nothing that ticks.
                claim_win_at_ms: self
                    .claim_win_at(s)
                    .filter(|_| connected.iter().enumerate().any(|(i, &c)| c && i != s.index())),
                takeback: self.play.takeback_asked() == Some(s),
                may_take_back: self.may_take_back(s),
            })
        });
        let seats = seats.collect();
        let status = match &self.play.game {
            _ if self.play.match_end.is_some() => RoomStatus::Finished,
            Some(_) if self.play.game_over() => RoomStatus::Finished,
            Some(_) => RoomStatus::Playing,
            None => RoomStatus::Waiting,
        };
        RoomInfo {
            id: self.id.clone(),
            visibility: self.cfg.visibility,
            best_of: self.cfg.best_of,
            seats,
            status,
            games: self.play.games.clone(),
            series_winner: super::game::series_winner(self.cfg.best_of, &self.play.games),
            spectators: self.viewers.spectators() as u32,
            spectator_delay: self.cfg.spectator_delay,
            clock: self.cfg.clock,
            rated: self.cfg.rated,
            seed_hash: self.play.games.last().map(|g| g.seed_hash.clone()).unwrap_or_default(),
            // The public head: under a spectator delay the live version would tell watchers how far play has gone.
            version: self.play.game.as_ref().map_or(0, |_| self.viewers.streams[Kind::Spectator.index()].head),
            match_end: self.play.match_end,
            round_time: self.play.time.as_ref().map(super::game::TimeCall::shown),
            next_game_chooser: self.cfg.next_game_chooser,
            host: self.cfg.host_seat(&self.seats),
            event: self.cfg.event.clone(),
            judge_watching: self.notices.judge_watching.clone(),
        }
    }

    /// Refreshes the listing copy; with `tell`, also sends `room` to every viewer (seats, connections, results).
    pub(super) fn publish(&mut self, tell: bool) {
        let info = self.relist();
        if tell {
            self.viewers.presence.sent(Instant::now());
            self.tell_everyone(&Utf8Bytes::from(ServerMsg::Room { room: info }.encode()));
        }
    }

    /// Who may take back the last action changed, and nothing else (room/commit.rs): the seats, the only viewers
    /// it concerns, get the `room` frame; spectators see it with their next `room` frame, and the lobby's copy is
    /// current now. Sent to everyone, it was ~1.2 of a casual intent's 7.4 frames at 1,000 × 2 (issue 47).
    pub(super) fn publish_to_seats(&mut self) {
        let frame = Utf8Bytes::from(ServerMsg::Room { room: self.relist() }.encode());
        self.tell_kinds(&frame, |k| k != Kind::Spectator);
    }

    /// The room's info, refreshed in the listing copy `GET /api/rooms/{id}` reads.
    fn relist(&mut self) -> RoomInfo {
        self.track_away();
        let info = self.info();
        self.info_tx.send_replace(info.clone());
        info
    }

    /// Shows an event's announcement to everyone in the room, once (room/announce.rs).
    pub(super) fn show_announcement(&mut self, a: crate::protocol::Announcement) {
        if let Some(frame) = self.notices.announce(a) {
            self.tell_everyone(&frame);
        }
    }

    /// Sends `frame`, which carries no version, to every viewer of every kind, here and on other nodes.
    pub(super) fn tell_everyone(&mut self, frame: &Utf8Bytes) {
        self.tell_kinds(frame, |_| true);
    }

    /// Sends `frame`, which carries no version, to the viewers of the kinds `to` picks, here and on other nodes.
    fn tell_kinds(&mut self, frame: &Utf8Bytes, to: impl Fn(Kind) -> bool) {
        for kind in Kind::all(self.seats.len()).filter(|k| to(*k)) {
            self.relay_out(kind, false, frame);
        }
        self.send_all(|k| to(k).then(|| frame.clone()));
    }

    /// A viewer connected or left: the lobby's copy is refreshed now; viewers are told now or, under churn,
    /// once at the end of the interval (room/presence.rs).
    pub(super) fn presence_changed(&mut self) {
        let tell = self.viewers.presence.changed(Instant::now());
        self.publish(tell);
    }

    /// The run loop's timer: announce a pending change whose interval has ended.
    pub(super) fn flush_presence(&mut self) {
        if self.viewers.presence.due().is_some_and(|at| at <= Instant::now()) {
            self.publish(true);
        }
    }

    /// Queues a frame to every connection `pick` gives one for; drops connections that cannot keep up.
    pub(super) fn send_all(&mut self, mut pick: impl FnMut(Kind) -> Option<Utf8Bytes>) {
        self.send_all_stamped(|k| pick(k).map(|f| Out::Text(f, None)));
    }

    pub(super) fn send_all_stamped(&mut self, mut pick: impl FnMut(Kind) -> Option<Out>) {
        let before = self.connected();
        if self.viewers.send_all(&mut pick) {
            self.settle_clock(&before);
            self.presence_changed();
        }
    }

    pub(super) fn send_to(&mut self, conn: u64, msg: &ServerMsg) {
        if !self.viewers.send_to(conn, Out::Text(Utf8Bytes::from(msg.encode()), None)) {
            self.disconnect(conn);
        }
    }
}
