//! "Play vs computer": a computer's seat is a controller the room owns, not a connection. After every change to
//! the game the room asks [`Room::prompt_computer`]; when the seat that owes the next decision is a computer's,
//! the decision starts on a copy of the state, tagged with the game and version it was taken at. Deciding runs
//! on the blocking pool behind a semaphore sized to the cores (a search takes up to ~450 ms, and many computer
//! rooms must not starve the runtime); gb-bot's `SeatState` limits the bot to what its seat may know. The answer
//! comes back as [`RoomCmd::Decided`] and is played like any intent, or dropped if play moved on meanwhile.
use super::RoomCmd;
use super::actor::Room;
use crate::protocol::BotLevel;
use gb_core::{Intent, MatchState, Seat, legal_intents, owed_seat};
use std::sync::LazyLock;
use std::time::Instant;
use tokio::sync::Semaphore;

type Bot = Box<dyn gb_bot::Bot + Send>;

/// Decisions running at once, process-wide: one per core.
static DECIDERS: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)));

/// A computer's seat: its bot, which is away on the pool while it decides.
pub(super) struct Computer {
    bot: Option<Bot>,
    /// What the decision under way was started at.
    deciding: Option<At>,
    /// The room refused this seat's last intents this many times in a row (a bot bug); from the second the seat
    /// decides at random, so a game can never hang on it.
    refused: u32,
}

/// Which game (its index in the room) and which version a decision was taken at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    game: usize,
    version: u32,
}

/// A computer's answer, sent back to its room.
pub struct Decision {
    seat: Seat,
    at: At,
    /// `None` if deciding panicked; the seat then plays on at random.
    answer: Option<(Bot, Intent)>,
}

impl Computer {
    pub(super) fn new(level: BotLevel) -> Computer {
        let seed = uuid::Uuid::new_v4().as_u64_pair().0;
        Computer { bot: Some(gb_bot::new_bot(engine_level(level), seed)), deciding: None, refused: 0 }
    }
}

/// The wire's level as gb-bot's (the two enums are the same three bots; gb-bot owns their names and parsing).
pub fn engine_level(level: BotLevel) -> gb_bot::Level {
    match level {
        BotLevel::Random => gb_bot::Level::Random,
        BotLevel::Greedy => gb_bot::Level::Greedy,
        BotLevel::Search => gb_bot::Level::Search,
    }
}

/// A level's name, as a player or tool writes it, parsed once by gb-bot (`Level::from_str`).
pub fn parse_level(name: &str) -> Result<BotLevel, String> {
    Ok(match name.parse::<gb_bot::Level>()? {
        gb_bot::Level::Random => BotLevel::Random,
        gb_bot::Level::Greedy => BotLevel::Greedy,
        gb_bot::Level::Search => BotLevel::Search,
    })
}

impl Room {
    fn at(&self) -> Option<At> {
        self.game.as_ref().map(|g| At { game: self.games.len(), version: g.state.version() })
    }

    /// Starts the owed decision if it is a computer's and none is under way. Idempotent: call it after anything
    /// that may change who owes (an accepted intent, a new game, a rebuilt room, a dropped answer).
    pub(super) fn prompt_computer(&mut self) {
        if self.broken.is_some() {
            return; // memory is ahead of the log: the rebuilt room prompts from the log's state
        }
        let (Some(at), Some(game)) = (self.at(), self.game.as_ref()) else { return };
        let Some(seat) = owed_seat(&game.state) else { return };
        let Some(computer) = self.computers[seat.index()].as_mut() else { return };
        if computer.deciding.is_some() {
            return; // its answer will be stale and dropped, and the seat prompted again then
        }
        let Some(mut bot) = computer.bot.take() else { return };
        let mut fallback = (computer.refused >= 2).then(|| gb_bot::new_bot(gb_bot::Level::Random, at.version.into()));
        computer.deciding = Some(at);
        let state = game.state.clone();
        let (room, think, shutdown) = (self.mailbox.clone(), self.deps.bot_think, self.deps.shutdown.clone());
        self.deps.tracker.spawn(async move {
            let started = Instant::now();
            let decided = async {
                let _permit = DECIDERS.acquire().await.expect("the deciders' semaphore is never closed");
                let answer = tokio::task::spawn_blocking(move || {
                    let intent = decide(fallback.as_mut().unwrap_or(&mut bot).as_mut(), &state, seat);
                    (bot, intent)
                })
                .await;
                answer.map_err(|e| tracing::error!(error = %e, "the computer failed to decide; it plays on at random"))
            };
            let answer = tokio::select! {
                a = decided => a.ok(),
                () = shutdown.cancelled() => return,
            };
            // Even the quick levels answer at a human pace.
            tokio::time::sleep(think.saturating_sub(started.elapsed())).await;
            if let Some(room) = room.upgrade() {
                let _ = room.send(RoomCmd::Decided(Decision { seat, at, answer })).await;
            }
        });
    }

    /// After a game of a series: at a table where every seat is a computer's (an event's, tournament/computers.rs)
    /// nobody is there to ask for the next game, so the room deals it as soon as a person's request would be
    /// granted (the series undecided, its games not all played, no time call or event result forbidding it).
    pub(super) async fn computers_play_on(&mut self) {
        let all_computers = self.computers.iter().all(Option::is_some);
        let over = self.game_over();
        let more = self.games.len() < usize::from(self.cfg.best_of)
            && super::play::series_winner(self.cfg.best_of, &self.games).is_none();
        if !all_computers || !over || !more || self.broken.is_some() || self.may_start_game().is_err() {
            return;
        }
        if let Err(e) = self.start_game().await {
            self.broken = Some(format!("the computers' next game did not start: {e:#}"));
        }
    }

    /// A computer's answer: played if the game is still where it was decided, dropped otherwise.
    pub(super) async fn on_decided(&mut self, d: Decision) {
        let current = self.at() == Some(d.at);
        let Some(computer) = self.computers[d.seat.index()].as_mut() else { return };
        computer.deciding = None;
        let intent = match d.answer {
            Some((bot, intent)) => {
                computer.bot = Some(bot);
                Some(intent)
            }
            None => {
                computer.bot = Some(gb_bot::new_bot(gb_bot::Level::Random, u64::from(d.at.version)));
                None
            }
        };
        if let Some(intent) = intent.filter(|_| current) {
            let accepted = self.commit(d.seat, intent, super::commit::Source::Room).await;
            if let Some(computer) = self.computers[d.seat.index()].as_mut() {
                computer.refused = if accepted { 0 } else { computer.refused + 1 };
            }
        }
        self.prompt_computer();
    }
}

/// gb-bot's choice, held to the rule that the computer never concedes while anything else is legal.
fn decide(bot: &mut (dyn gb_bot::Bot + Send), state: &MatchState, seat: Seat) -> Intent {
    match gb_bot::decide(bot, state, seat) {
        Intent::Concede => {
            legal_intents(state, seat).into_iter().find(|i| *i != Intent::Concede).unwrap_or(Intent::Concede)
        }
        intent => intent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::RoomConfig;
    use gb_core::{MatchSetup, new_match};

    /// A bot that would give up at once.
    struct Quitter;
    impl gb_bot::Bot for Quitter {
        fn choose(&mut self, _: &gb_bot::SeatState) -> Intent {
            Intent::Concede
        }
    }

    #[test]
    fn the_computer_never_concedes_while_anything_else_is_legal() {
        let decks = gb_core::decks::preconstructed();
        let setup =
            MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: 7u64.into(), chooser: None };
        let state = new_match(&setup).expect("preconstructed decks start a match");
        let seat = owed_seat(&state).expect("someone owes the first decision");
        let intent = decide(&mut Quitter, &state, seat);
        assert_ne!(intent, Intent::Concede);
        assert!(legal_intents(&state, seat).contains(&intent));
    }

    #[test]
    fn rooms_stored_before_levels_resume_at_random() {
        let old = r#"{"visibility":"private","best_of":1,"spectator_delay":null,"clock":null,"vs_bot":true}"#;
        let cfg: RoomConfig = serde_json::from_str(old).expect("an old room config still reads");
        assert_eq!(cfg.bot_level(), Some(BotLevel::Random));
        let people = r#"{"visibility":"public","best_of":3,"spectator_delay":null,"clock":null,"vs_bot":false}"#;
        assert_eq!(serde_json::from_str::<RoomConfig>(people).unwrap().bot_level(), None);
    }
}
