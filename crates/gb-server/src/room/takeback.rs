//! Takeback (issue 44, docs/protocol.md "Takeback"): in a casual two-player game a player asks to take back
//! their last action and the opponent accepts or declines; against the computer it is accepted at once. gb-core
//! decides whether the action may be taken back (`gb_core::take_back`: the seat's own last intent, nothing
//! hidden revealed nor random since, the game not over). An accepted takeback is a version of its own, stored
//! in the log like an intent (`STORED`), so recovery, history and the replay rebuild exactly the rewound state
//! (`gb_core::replay_logged_each`), and every viewer gets it as an ordinary `update` with a `took_back` event:
//! the version keeps counting while the state goes back, so no client sees a version go backwards.
//! The request itself is kept in memory only: a rebuilt room has none pending (it is asked again).
use super::actor::Room;
use super::commit::{Accepted, Source};
use super::error::RoomError;
use super::game::Asked;
pub use super::game::STORED;
use gb_core::{Seat, TakeBackRefusal, owed_seat, take_back};
use tokio::time::Instant;

impl Room {
    /// Whether `seat` may ask for a takeback now (`SeatInfo.may_take_back`): what `ask_takeback` would accept,
    /// known without a replay from gb-core's own test of the last intent (`gb_core::takes_back`).
    pub(super) fn may_take_back(&self, seat: Seat) -> bool {
        self.play.takeback_open == Some(seat) && self.play.takeback_asked().is_none() && self.takebacks_apply().is_ok()
    }

    /// Who may take back the last intent of a game rebuilt from its log (room/recover.rs): gb-core's takeback
    /// itself answers, once per rebuild.
    pub(super) fn takeback_open_in_log(&self) -> Option<Seat> {
        self.takebacks_apply().ok()?;
        let game = self.play.game.as_ref()?;
        let Some(gb_core::Logged::Intent(seat, _)) = game.log.last() else { return None };
        take_back(&game.setup, &game.log, *seat).is_ok().then_some(*seat)
    }

    /// Where takebacks are offered at all: a casual two-player game in play, not rated nor at an event's table.
    pub(super) fn takebacks_apply(&self) -> Result<(), RoomError> {
        if self.cfg.rated || self.cfg.event.is_some() {
            return Err(RoomError::TakebackNotCasual);
        }
        if self.cfg.free_for_all() {
            return Err(RoomError::TakebackTwoPlayersOnly);
        }
        if self.play.game_in_play() { Ok(()) } else { Err(RoomError::TakebackNothing) }
    }

    /// `account_id` asks to take back their last action. Checked at once, so a refusal names its reason before
    /// the opponent is asked; against the computer the takeback is made at once.
    pub(super) async fn ask_takeback(&mut self, account_id: &str) -> Result<(), RoomError> {
        let seat = self.seat_of(account_id).ok_or(RoomError::TakebackNotSeated)?;
        self.takebacks_apply()?;
        if self.play.takeback_asked().is_some() {
            return Err(RoomError::TakebackPending);
        }
        // `takebacks_apply` found a game in play; the error is what it would have said without one.
        let game = self.play.game.as_ref().ok_or(RoomError::TakebackNothing)?;
        take_back(&game.setup, &game.log, seat).map_err(refused)?;
        let opponent = if seat == Seat::A { Seat::B } else { Seat::A }; // two-player: the other seat
        if self.seats[opponent.index()].as_ref().is_some_and(|e| e.bot) {
            return self.rewind(seat).await;
        }
        self.play.takeback = Some(Asked { seat, game: self.play.games.len(), v: game.state.version() });
        self.publish(true);
        Ok(())
    }

    /// The opponent of the seat that asked accepts (the takeback is made) or declines (nothing changes).
    pub(super) async fn answer_takeback(&mut self, account_id: &str, accept: bool) -> Result<(), RoomError> {
        let seat = self.seat_of(account_id).ok_or(RoomError::TakebackNotSeated)?;
        let asker = self.play.takeback_asked().ok_or(RoomError::TakebackNotAsked)?;
        if asker == seat {
            return Err(RoomError::TakebackOwnRequest);
        }
        self.play.takeback = None;
        if accept {
            return self.rewind(asker).await;
        }
        self.publish(true);
        Ok(())
    }

    /// Makes the takeback a version: the rewound state from gb-core, the clock running for whoever owes a
    /// decision now (time already spent stays spent), persisted, then announced like an accepted intent.
    async fn rewind(&mut self, seat: Seat) -> Result<(), RoomError> {
        self.play.takeback = None;
        // Nothing stands behind a takeback until the next intent (gb-core `take_back`).
        self.play.takeback_open = None;
        let game = self.play.game.as_mut().ok_or(RoomError::TakebackNothing)?;
        let (state, events) = take_back(&game.setup, &game.log, seat).map_err(refused)?;
        game.state = state;
        game.log.push(gb_core::Logged::TakeBack(seat));
        let (v, owed) = (game.state.version(), owed_seat(&game.state));
        let connected = self.connected();
        if let Some(c) = self.play.clock.as_mut() {
            c.after_intent(Instant::now(), seat, owed, &connected);
        }
        let accepted = Accepted { seat, stored: STORED.to_owned(), v, events, result: None, rated: None };
        if !self.persist(&accepted, Source::Room).await {
            return Err(RoomError::Storage("the takeback could not be recorded".into()));
        }
        tracing::info!(room = %self.id, ?seat, v, "takeback");
        self.announce(accepted, Source::Room).await;
        self.publish(true);
        Ok(())
    }
}

fn refused(r: TakeBackRefusal) -> RoomError {
    match r {
        TakeBackRefusal::Nothing | TakeBackRefusal::GameOver => RoomError::TakebackNothing,
        TakeBackRefusal::NotYours => RoomError::TakebackNotYours,
        TakeBackRefusal::HiddenRevealed => RoomError::TakebackHiddenRevealed,
        TakeBackRefusal::Broken(e) => RoomError::Storage(format!("the log does not replay: {e}")),
    }
}
