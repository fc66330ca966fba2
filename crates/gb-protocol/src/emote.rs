//! Emotes (docs/protocol.md, "Emotes"): the few short messages a player may send the table. A closed set, so
//! nobody can write anything else; they are words, not intents, and change no version.
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Emote {
    Hello,
    GoodGame,
    WellPlayed,
    Thinking,
    Oops,
    Thanks,
}

impl Emote {
    pub const ALL: [Emote; 6] =
        [Emote::Hello, Emote::GoodGame, Emote::WellPlayed, Emote::Thinking, Emote::Oops, Emote::Thanks];

    /// The words shown, in English (the client shows the same).
    pub fn text(self) -> &'static str {
        match self {
            Emote::Hello => "Hello",
            Emote::GoodGame => "Good game",
            Emote::WellPlayed => "Well played",
            Emote::Thinking => "Thinking",
            Emote::Oops => "Oops",
            Emote::Thanks => "Thanks",
        }
    }

    /// The wire names, for an error naming what may be sent.
    pub fn names() -> String {
        let name = |e: &Emote| serde_json::to_value(e).ok().and_then(|v| v.as_str().map(str::to_owned));
        Emote::ALL.iter().filter_map(name).collect::<Vec<_>>().join(", ")
    }
}
