//! "Play vs computer": a task that holds a seat through the same room API a person's socket uses (a `Conn`,
//! then `Intent` commands, validated, persisted and broadcast like anyone's) and decides with gb-bot at the
//! room's level. Deciding needs the true state, which only the room has: the task asks for a clone when its
//! frames say it owes a decision, and gb-bot's `SeatState` limits the bot to what its seat may know. A search
//! takes up to ~450 ms, so `decide` runs on the blocking pool, never on the runtime's workers.
use super::actor::Room;
use super::{Conn, Out, RoomCmd, RoomDeps};
use crate::protocol::{BotLevel, Role};
use gb_core::{Intent, MatchState, Seat, legal_intents, owed_seat};
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

/// Connection ids for bots count down from the top so they never meet the sockets' ids.
static NEXT_BOT_CONN: AtomicU64 = AtomicU64::new(u64::MAX);

pub fn spawn_bot(deps: &RoomDeps, room: mpsc::Sender<RoomCmd>, account_id: String, level: BotLevel) {
    let think = deps.bot_think;
    let shutdown = deps.shutdown.clone();
    deps.tracker.spawn(async move {
        tokio::select! {
            () = play(room, account_id, level, think) => {}
            () = shutdown.cancelled() => {}
        }
    });
}

fn engine_level(level: BotLevel) -> gb_bot::Level {
    match level {
        BotLevel::Random => gb_bot::Level::Random,
        BotLevel::Greedy => gb_bot::Level::Greedy,
        BotLevel::Search => gb_bot::Level::Search,
    }
}

/// Plays the seat until the room stops. `think` is the least time per decision, so even the quick levels
/// answer at a human pace.
async fn play(room: mpsc::Sender<RoomCmd>, account_id: String, level: BotLevel, think: Duration) {
    let id = NEXT_BOT_CONN.fetch_sub(1, Ordering::Relaxed);
    let (tx, mut rx) = mpsc::channel(1024);
    let conn = Conn {
        id,
        account: Some(account_id.clone()),
        role: Role::Player,
        last_version: None,
        game: None,
        tx,
        kill: CancellationToken::new(),
    };
    if room.send(RoomCmd::Connect(conn)).await.is_err() {
        return;
    }
    let mut bot = Some(gb_bot::new_bot(engine_level(level), uuid::Uuid::new_v4().as_u64_pair().0));
    let (mut seq, mut owes, mut rejections) = (0u32, false, 0u32);
    loop {
        // Only the newest frame matters: read everything queued before deciding.
        if !owes || !rx.is_empty() {
            let Some(Out::Text(frame, _)) = rx.recv().await else { break };
            let heard = hear(&frame);
            owes = heard.owes.unwrap_or(owes);
            let new_version = heard.snapshot || heard.version.is_some();
            rejections = if heard.rejected {
                rejections + 1
            } else if new_version {
                0
            } else {
                rejections
            };
            continue;
        }
        let started = Instant::now();
        let (reply, answer) = oneshot::channel();
        if room.send(RoomCmd::StateForBot { account_id: account_id.clone(), reply }).await.is_err() {
            break;
        }
        let Ok(Some((seat, state, at))) = answer.await else {
            owes = false; // the frames were behind the room: wait for the next one
            continue;
        };
        let mut thinking = bot.take().expect("the bot is back from its last decision");
        // Refused twice running at the same version: the bot's pick is not legal here, so pick at random.
        let fallback = (rejections >= 2).then(|| gb_bot::new_bot(gb_bot::Level::Random, u64::from(seq)));
        let intent = match tokio::task::spawn_blocking(move || {
            let intent = match fallback {
                Some(mut random) => decide(random.as_mut(), &state, seat),
                None => decide(thinking.as_mut(), &state, seat),
            };
            (thinking, intent)
        })
        .await
        {
            Ok((b, intent)) => {
                bot = Some(b);
                tracing::debug!(?level, v = at, ms = started.elapsed().as_millis() as u64, "computer decided");
                intent
            }
            Err(e) => {
                // A bot bug must not freeze the game: the seat plays on at random.
                tracing::error!(error = %e, ?level, "bot failed to decide; falling back to random");
                bot = Some(gb_bot::new_bot(gb_bot::Level::Random, u64::from(seq)));
                continue;
            }
        };
        tokio::time::sleep(think.saturating_sub(started.elapsed())).await;
        // A version past `at` that arrived while thinking (the opponent conceded, a clock flagged) makes the
        // decision stale: decide again on the new state rather than send it.
        let mut moved_on = false;
        while let Ok(Out::Text(frame, _)) = rx.try_recv() {
            let heard = hear(&frame);
            owes = heard.owes.unwrap_or(owes);
            moved_on |= heard.moved_past(at);
        }
        if moved_on {
            rejections = 0;
            continue;
        }
        seq += 1;
        // The room answers with `accepted` and an update, or with `rejected` and the legal intents.
        owes = false;
        let cmd = RoomCmd::Intent { conn: id, seq, intent, received: std::time::Instant::now() };
        if room.send(cmd).await.is_err() {
            break;
        }
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

/// What one frame tells the bot.
struct Heard {
    /// Whether the seat owes a decision: frames with `legal` say so (`concede` alone does not count); an
    /// `error` (an intent that could not be saved) means ask the room again; other frames say nothing.
    owes: Option<bool>,
    /// The version of an `update` or `skip`.
    version: Option<u32>,
    /// A whole view: on connecting, or a new game.
    snapshot: bool,
    /// The room refused the bot's intent.
    rejected: bool,
}

fn hear(frame: &str) -> Heard {
    let msg = serde_json::from_str::<Value>(frame).unwrap_or_default();
    let kind = msg["type"].as_str().unwrap_or_default();
    let owes = match kind {
        "update" | "snapshot" | "rejected" => {
            let legal: Vec<Intent> = serde_json::from_value(msg["legal"].clone()).unwrap_or_default();
            Some(legal.iter().any(|i| *i != Intent::Concede))
        }
        "error" => Some(true),
        _ => None,
    };
    let version = matches!(kind, "update" | "skip").then(|| msg["v"].as_u64().unwrap_or_default() as u32);
    Heard { owes, version, snapshot: kind == "snapshot", rejected: kind == "rejected" }
}

impl Heard {
    /// Whether the game is past version `v`: a later version, or a new game.
    fn moved_past(&self, v: u32) -> bool {
        self.snapshot || self.version.is_some_and(|x| x > v)
    }
}

impl Room {
    /// The true state and its version, only for a computer's seat and only while it owes a decision. It never leaves the
    /// server: the bot task reads it through gb-bot's `SeatState`, which shows it only its own seat's view.
    pub(super) fn state_for_bot(&self, account_id: &str) -> Option<(Seat, MatchState, u32)> {
        let seat = self.seat_of(account_id)?;
        self.seats[seat.index()].as_ref().filter(|e| e.bot)?;
        let game = self.game.as_ref()?;
        (owed_seat(&game.state) == Some(seat)).then(|| (seat, game.state.clone(), game.version))
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
        let setup = MatchSetup { decks: [decks[0].1.clone(), decks[1].1.clone()], seed: 7 };
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

    #[test]
    fn frames_tell_whether_the_seat_owes_and_whether_play_moved_on() {
        let owes = hear(r#"{"type":"update","v":5,"legal":[{"type":"end_turn"},{"type":"concede"}]}"#);
        assert_eq!(owes.owes, Some(true));
        assert!(owes.moved_past(4) && !owes.moved_past(5), "a decision taken at v5 is not stale at v5");
        let waits = hear(r#"{"type":"update","v":6,"legal":[{"type":"concede"}]}"#);
        assert_eq!(waits.owes, Some(false), "concede alone is no decision");
        assert!(hear(r#"{"type":"snapshot","v":0,"legal":[]}"#).moved_past(9), "a new game");
        let room = hear(r#"{"type":"room","room":{}}"#);
        assert!(room.owes.is_none() && !room.moved_past(0));
        assert!(hear(r#"{"type":"rejected","seq":1,"legal":[{"type":"end_turn"}]}"#).rejected);
    }
}
