//! The computers part: a computer's seat is a controller the room owns, not a connection: its bot, the decision
//! under way (tagged with the game and version it was taken at) and how often the room refused it. Deciding runs
//! on the blocking pool behind a semaphore sized to the cores; the room's side (when to decide, playing the
//! answer) is room/computer.rs. No actor, database or socket here.
use crate::protocol::BotLevel;
use gb_core::{Intent, MatchState, Seat, legal_intents};
use std::sync::LazyLock;
use tokio::sync::Semaphore;

pub(super) type Bot = Box<dyn gb_bot::Bot + Send>;

/// Decisions running at once, process-wide: one per core.
pub(super) static DECIDERS: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)));

/// A computer's seat: its bot, which is away on the pool while it decides.
pub(super) struct Computer {
    pub(super) bot: Option<Bot>,
    /// What the decision under way was started at.
    pub(super) deciding: Option<At>,
    /// The room refused this seat's last intents this many times in a row (a bot bug); from the second the seat
    /// decides at random, so a game can never hang on it.
    pub(super) refused: u32,
}

/// The room's computers, one slot per seat (`None`: a person's seat, or empty): the part of the room that owns
/// its computer controllers. The room asks it which seat decides and hands it the answers (room/computer.rs).
pub(super) struct Computers(Vec<Option<Computer>>);

impl Computers {
    /// A controller for each seat given a level (a computer's seat), none for the others.
    pub(super) fn new(levels: impl IntoIterator<Item = Option<BotLevel>>) -> Computers {
        Computers(levels.into_iter().map(|l| l.map(Computer::new)).collect())
    }

    /// The computer playing `seat`, if that seat is a computer's.
    pub(super) fn seat(&mut self, seat: Seat) -> Option<&mut Computer> {
        self.0.get_mut(seat.index()).and_then(Option::as_mut)
    }

    /// Puts `computer` (or nobody) in `seat`.
    pub(super) fn set(&mut self, seat: Seat, computer: Option<Computer>) {
        self.0[seat.index()] = computer;
    }

    /// Every seat is a computer's (an event's table of computer players).
    pub(super) fn all(&self) -> bool {
        self.0.iter().all(Option::is_some)
    }

    /// The computers follow their seats to a new order: seat `k` gets what seat `order[k]` had (room/seating.rs).
    pub(super) fn reorder(&mut self, order: &[usize]) {
        self.0 = order.iter().map(|&i| self.0[i].take()).collect();
    }
}

/// Which game (its index in the room) and which version a decision was taken at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct At {
    pub(super) game: usize,
    pub(super) version: u32,
}

/// A computer's answer, sent back to its room.
pub struct Decision {
    pub(super) seat: Seat,
    pub(super) at: At,
    /// `None` if deciding panicked; the seat then plays on at random.
    pub(super) answer: Option<(Bot, Intent)>,
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

/// gb-bot's choice, held to the rule that the computer never concedes while anything else is legal.
pub(super) fn decide(bot: &mut (dyn gb_bot::Bot + Send), state: &MatchState, seat: Seat) -> Intent {
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
    use crate::db::room_config::RoomConfig;
    use gb_core::{MatchSetup, new_match, owed_seat};

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
    fn computers_sit_where_a_level_is_given_and_follow_their_seats() {
        use gb_core::Seat;
        let mut c = Computers::new([None, Some(BotLevel::Greedy), None]);
        let plays = |c: &mut Computers, seat| c.seat(seat).is_some();
        assert!(!plays(&mut c, Seat::A) && plays(&mut c, Seat::B) && !c.all());
        c.reorder(&[1, 2, 0]);
        assert!(plays(&mut c, Seat::A) && !plays(&mut c, Seat::B) && !plays(&mut c, Seat::C), "A holds B's computer");
        c.set(Seat::B, Some(Computer::new(BotLevel::Random)));
        c.set(Seat::C, Some(Computer::new(BotLevel::Random)));
        assert!(c.all());
        let fresh = c.seat(Seat::B).expect("seat B is a computer's");
        assert!(fresh.deciding.is_none() && fresh.refused == 0, "a new computer has nothing under way");
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
