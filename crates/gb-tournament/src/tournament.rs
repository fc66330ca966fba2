//! The tournament file: settings, players, roster changes, every round's pairings and results, and corrections.
//! It is a log: nothing in it is derived. Standings, the next pairing and the bracket are computed from it.
//! `docs/tournaments.md` describes each field.
use crate::penalty::Infraction;
use serde::{Deserialize, Serialize};

/// The value of `format` this crate reads and writes.
pub const TOURNAMENT_FORMAT: &str = "gb-tournament-v1";

pub type PlayerId = String;

/// A seed of a top cut and the player holding it (`provisional_top_cut`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BracketSeed {
    pub seed: u32,
    pub player: PlayerId,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    pub format: String,
    pub name: String,
    /// Seeds the round-1 pairing, the order inside a score group and the last tiebreak (MTR: random within a tie).
    /// A JSON number: JavaScript reads it as a double, so a seed above 2^53 is only shown there, never reused.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub seed: u64,
    pub settings: Settings,
    pub players: Vec<Player>,
    #[serde(default)]
    pub roster: Vec<RosterChange>,
    #[serde(default)]
    pub rounds: Vec<Round>,
    #[serde(default, deserialize_with = "strict_corrections")]
    pub corrections: Vec<Correction>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub structure: Structure,
    /// 1 or 3 (best of three: the first to two game wins).
    pub games_per_match: u8,
    /// Who decides who plays first in the next game of a match (game 1: random in Swiss, the higher seed in a
    /// playoff; after a drawn game the same player chooses again, MTR 2.2).
    pub next_game_chooser: NextGameChooser,
    #[serde(default = "default_round_minutes")]
    pub round_minutes: u32,
    /// A round shorter than a minute (a quick side event, a test); replaces `round_minutes` when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_seconds: Option<u32>,
    pub end_of_round: EndOfRound,
    #[serde(default)]
    pub spectator_delay_seconds: u32,
    /// Players check in before round 1; whoever has not when round 1 is paired is dropped (did not participate,
    /// MTR 2.10). The check-ins themselves are kept by the server, not in this file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub check_in: bool,
    /// A player who has not joined their table this long after the round was paired is a no-show: a match loss,
    /// and dropped (MTR 2.10; tardiness of 10 minutes or more). 0: no automatic no-shows.
    #[serde(default = "default_no_show_seconds", skip_serializing_if = "is_default_no_show")]
    pub no_show_seconds: u32,
    /// Players per table: always 2 (a table is the two-player game; the free-for-all of issue 16 is no tournament
    /// format). Read so that an event asking for more gets its own refusal, not an unknown-field error.
    #[serde(default = "default_table_seats", skip_serializing_if = "is_two")]
    pub seats: u8,
    /// Whose locked deck lists are published once the event is over (none are while it runs).
    #[serde(default, skip_serializing_if = "DeckLists::is_private")]
    pub deck_lists: DeckLists,
    /// The last round a late entry may be paired in (default 2); never a playoff round, whatever it says.
    #[serde(default = "default_late_entry_until_round", skip_serializing_if = "is_default_late_entry")]
    pub late_entry_until_round: u32,
}

fn default_late_entry_until_round() -> u32 {
    2
}

fn is_default_late_entry(n: &u32) -> bool {
    *n == default_late_entry_until_round()
}

/// Which registered deck lists an event publishes once it is over (docs/tournaments.md, "Deck lists"). While it
/// runs none is public: players are still playing those lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DeckLists {
    /// Never published.
    #[default]
    Private,
    /// The lists of the players who played in the top cut (every player of a single-elimination event).
    TopCut,
    /// Every registered list.
    All,
}

impl DeckLists {
    fn is_private(&self) -> bool {
        *self == DeckLists::Private
    }
}

fn default_table_seats() -> u8 {
    2
}

fn is_two(n: &u8) -> bool {
    *n == 2
}

fn default_round_minutes() -> u32 {
    45
}

fn default_no_show_seconds() -> u32 {
    600
}

fn is_default_no_show(s: &u32) -> bool {
    *s == default_no_show_seconds()
}

impl Settings {
    /// The round clock in seconds, before any table's time extension.
    pub fn round_limit_seconds(&self) -> u64 {
        self.round_seconds.map_or(u64::from(self.round_minutes) * 60, u64::from)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Structure {
    /// Swiss rounds, then optionally a single-elimination top cut of the best `top_cut` players.
    Swiss {
        rounds: SwissRounds,
        #[serde(default)]
        top_cut: Option<u8>,
    },
    /// Single elimination from round 1; the bracket is seeded from the tournament's stream.
    SingleElimination,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum SwissRounds {
    Fixed(u8),
    /// `"auto"`: fixed when round 1 is paired, from the players present then (see [`crate::swiss_rounds_for`]).
    Auto(AutoRounds),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AutoRounds {
    Auto,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NextGameChooser {
    /// MTR 2.2.
    Loser,
    /// Summoning Gems tournament rules.
    Winner,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct EndOfRound {
    /// Turns played after the active turn once time is called (0 allowed). In Swiss a game still unfinished then
    /// is a drawn game and no new game starts; in a playoff the tie-break in `docs/tournaments.md` decides it.
    pub extra_turns: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// The first round the player takes part in: 1 for everyone registered before the start, later for a late
    /// entry (who simply has no result for the rounds before).
    #[serde(default = "first_round")]
    pub entered_round: u32,
    /// The registered deck list's name or hash, locked for the event (informational here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    /// Played by the server's computer player, not a person (a rehearsal's or a test's seat filler); paired and
    /// scored like anyone. Left out for people.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub computer: bool,
}

fn first_round() -> u32 {
    1
}

/// A drop, re-add or disqualification, effective from the pairing of `before_round` (MTR 2.10: a drop that
/// reaches the scorekeeper after a round is paired takes effect from the next one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RosterChange {
    pub before_round: u32,
    pub player: PlayerId,
    pub change: RosterChangeKind,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RosterChangeKind {
    Drop,
    Readd,
    Disqualify,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// In a playoff round the list is in bracket order: entries 2k and 2k+1 feed entry k of the next round.
    pub pairings: Vec<Pairing>,
}

/// One table of a round, or a bye: `{"bye": ID}` or `{"table": N, "players": [A, B], ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Pairing {
    Bye(Bye),
    Table(Table),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Bye {
    /// A bye is a match won 2–0 (1–0 in best of one) and never an opponent (MTR Appendix C).
    pub bye: PlayerId,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Table {
    pub table: u32,
    pub players: [PlayerId; 2],
    #[serde(flatten)]
    pub result: TableResult,
}

/// What happened at a table, as recorded in the round or in a correction. Empty (no games, no `end`, no
/// match-level judge action): still being played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct TableResult {
    #[serde(default)]
    pub games: Vec<Game>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<MatchEnd>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub judge: Vec<JudgeAction>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "result", rename_all = "snake_case", deny_unknown_fields)]
pub enum Game {
    Win {
        winner: PlayerId,
        /// How a game cut off by time in a playoff was decided; absent for a game played out.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        decided_by: Option<PlayoffTimeRule>,
    },
    /// A game both players agreed to draw, or one that ended in a draw by the rules.
    Draw,
    /// Still going when the end-of-round turns ran out: a drawn game (MTR 2.4), and the match's last.
    Unfinished,
    /// A judge's game-loss penalty: a game won by the opponent (e.g. tardiness), in the match's games where it
    /// was given (docs/tournaments.md, "Penalties").
    GameLoss {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// The IPG infraction it answers (absent in files written before penalties had one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        infraction: Option<Infraction>,
        /// The name of the judge (the organizer or an appointed judge) who gave it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        judge: Option<String>,
    },
}

/// The playoff end-of-round tie-break, in order (`docs/tournaments.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlayoffTimeRule {
    RoundsWon,
    Hp,
    SuddenDeath,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MatchEnd {
    /// Time was called; the games listed are all there will be.
    Time,
    /// Both players agreed to draw the match (MTR 2.5); with no games listed it is recorded 0-0-3.
    IntentionalDraw,
    /// A player conceded the match (GB CR 102.2 for a game; the match by MTR 2.4): the opponent is credited the
    /// game wins still needed and the conceder keeps those already won (so 2-1 after winning one).
    ConcededBy(PlayerId),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum JudgeAction {
    /// A warning (IPG): recorded on the player's record, no effect on any score.
    Warning {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// The IPG infraction it answers (absent in files written before penalties had one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        infraction: Option<Infraction>,
        /// The name of the judge (the organizer or an appointed judge) who gave it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        judge: Option<String>,
    },
    /// The match is recorded lost 0–2 (0–1 in best of one), whatever the games said.
    MatchLoss {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// The IPG infraction it answers (absent in files written before penalties had one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        infraction: Option<Infraction>,
        /// The name of the judge (the organizer or an appointed judge) who gave it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        judge: Option<String>,
    },
    /// A match loss, and the player is out of the tournament from the next round on.
    Disqualification {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// The IPG infraction it answers (absent in files written before penalties had one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        infraction: Option<Infraction>,
        /// The name of the judge (the organizer or an appointed judge) who gave it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        judge: Option<String>,
    },
    /// Extra minutes for this table's round clock (a long ruling, a deck check); no effect on scoring.
    TimeExtension {
        minutes: u32,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// The IPG infraction it answers (absent in files written before penalties had one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        infraction: Option<Infraction>,
        /// The name of the judge (the organizer or an appointed judge) who gave it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        judge: Option<String>,
    },
}

/// A corrected result for one table, superseding what the round records (and any earlier correction).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Correction {
    pub round: u32,
    pub table: u32,
    #[serde(flatten)]
    pub result: TableResult,
    pub reason: String,
    /// When it was made: before this round was paired (`None` while the next round is not paired yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before_round: Option<u32>,
}

/// `deny_unknown_fields` does not work through `#[serde(flatten)]`, so the structs that flatten a
/// [`TableResult`] check their keys here: a typo (`"gmes"`) is an error, never a silently pending match.
fn known_keys<E: serde::de::Error>(value: &serde_json::Value, allowed: &[&str]) -> Result<(), E> {
    if let Some(key) = value.as_object().and_then(|o| o.keys().find(|k| !allowed.contains(&k.as_str()))) {
        return Err(E::custom(format!("unknown field `{key}`, expected one of {}", allowed.join(", "))));
    }
    Ok(())
}

const RESULT_KEYS: [&str; 3] = ["games", "end", "judge"];

/// Chosen by the `bye` key, so a mistake inside a table is reported as that table's error (an untagged enum would
/// only say that nothing matched).
impl<'de> Deserialize<'de> for Pairing {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pairing, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(d)?;
        if value.get("bye").is_some() {
            Bye::deserialize(value).map(Pairing::Bye).map_err(|e| D::Error::custom(format!("bye: {e}")))
        } else {
            known_keys::<D::Error>(&value, &[&["table", "players"][..], &RESULT_KEYS].concat())
                .map_err(|e| D::Error::custom(format!("table: {e}")))?;
            Table::deserialize(value).map(Pairing::Table).map_err(|e| D::Error::custom(format!("table: {e}")))
        }
    }
}

fn strict_corrections<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Correction>, D::Error> {
    use serde::de::Error;
    let keys = [&["round", "table", "reason", "before_round"][..], &RESULT_KEYS].concat();
    Vec::<serde_json::Value>::deserialize(d)?
        .into_iter()
        .enumerate()
        .map(|(i, value)| {
            known_keys::<D::Error>(&value, &keys)
                .and_then(|()| Correction::deserialize(value).map_err(D::Error::custom))
                .map_err(|e| D::Error::custom(format!("corrections[{i}]: {e}")))
        })
        .collect()
}
