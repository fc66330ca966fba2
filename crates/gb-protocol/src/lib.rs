//! Gem Blenders Online wire protocol v2 (docs/protocol.md): every WebSocket message in both directions, every
//! REST request and reply body, the close codes and the protocol version. These Rust types are the source of
//! truth for the server, the test client, gb-loadgen and (through ts-rs, `export_bindings`) the web client;
//! `tests/bindings.rs` fails when `web-client/src/gen/` is stale and `tests/wire.rs` pins the JSON byte for byte.
pub mod account;
pub mod announce;
pub mod checks;
pub mod close;
pub mod deck;
pub mod decode;
pub mod emote;
pub mod end;
pub mod error;
pub mod messages;
pub mod names;
pub mod play;
pub mod replay;
pub mod room;
pub mod state;
pub mod tournament;

pub use account::{AccountName, AccountView, GuestBody, LoginBody, RegisterBody};
pub use announce::{ANNOUNCEMENT_MAX_CHARS, Announce, Announcement, AnnouncementKind, EventFeed};
pub use deck::{DeckBody, DeckView, ImportBody, ValidateBody, ValidateReply};
pub use decode::DecodeError;
pub use emote::Emote;
pub use end::GameEndReason;
pub use error::{ErrorBody, ErrorDetail, Refusal, RefusalStatus};
pub use messages::{ClientMsg, HistoryEntry, Received, RejectionReceived, ServerMsg};
pub use play::{
    BoardEntry, DeckPlayed, JoinQueue, Leaderboard, PlayedGameView, PlayerProfile, QueueView, RatedGameView, RatingView,
};
pub use replay::{Replay, ReplayQuery, ReplayReceived, ReplayStep};
pub use room::{
    BotLevel, ClockSetting, Clocks, CreateRoom, GameResult, JoinReply, JoinSeat, JudgeWatching, MatchEndReason,
    RematchRequest, Role, RoomInfo, RoomList, RoomStatus, RoundTime, SeatDeck, SeatInfo, SpectatorDelay, TWO_SEATS,
    TakebackAnswer, Visibility,
};
pub use state::{FoldError, ViewState};
pub use tournament::{
    AddComputers, AppointJudge, AuditEntry, CheckIn, Concede, Correct, CreateTournament, EventJudge, EventList,
    EventStatus, EventSummary, EventView, FeatureTable, IssuePenalty, Judge, JudgeBoard, LateEntry, ManualPairing,
    Reason, Repair, RoundView, TableRef, TableView,
};

pub use gb_delta::PatchOp;
use ts_rs::TS;

/// The version `hello` must name; any other is closed with [`close::BAD_PROTOCOL`]. 2: `update` carries a
/// `patch` (RFC 6902) instead of the whole view and legal intents. 3: the patched document is the view's fields
/// with `legal` beside them (not `{view, legal}`), and an `update` leaves out `clocks` in a room without a clock.
/// 4: patch ops are short arrays (`[path]`, `[path, value]`, `["+" + path, value]`), a card is `{id, card}`
/// without its name (clients look it up in the catalogue), and a pending decision is `{"window": …}` or
/// `{"ask": …}` without a `type` tag (issue 14). 5: a pending decision is flat (`{"seat":"A","window":"main"}`),
/// a seat's `legal` leaves out `concede`, which a seat may always send while its game is not over (CR 102.2),
/// and `hand_count` / `bench_count` are `null` beside the `hand` / `bench` they count. 6: rooms of 3–6 seats
/// (issue 16): `RoomInfo.seats` and `Clocks` have one entry per seat, `GameResult.places`, the `last_standing`
/// end reason; nothing changes for a two-player room.
pub const PROTOCOL_VERSION: u32 = 6;

/// The oldest version still served, in two-player rooms only: a two-player room's frames are byte for byte what
/// protocol 5 sent (only the `welcome`'s `protocol` echoes the client's). A free-for-all room refuses an older
/// `hello` with [`close::BAD_PROTOCOL`] after an `error` frame `protocol_too_old` (docs/protocol.md).
pub const MIN_PROTOCOL_VERSION: u32 = 5;

/// Exports every top-level type (their dependencies come with them) and `constants.ts` into `dir`.
pub fn export_bindings(dir: &std::path::Path) -> Result<(), ts_rs::ExportError> {
    let cfg = ts_rs::Config::from_env().with_out_dir(dir);
    RoomInfo::export_all(&cfg)?;
    CreateRoom::export_all(&cfg)?;
    JoinSeat::export_all(&cfg)?;
    JoinReply::export_all(&cfg)?;
    RematchRequest::export_all(&cfg)?;
    TakebackAnswer::export_all(&cfg)?;
    RoomList::export_all(&cfg)?;
    ClientMsg::export_all(&cfg)?;
    <ServerMsg>::export_all(&cfg)?;
    <Replay>::export_all(&cfg)?;
    GuestBody::export_all(&cfg)?;
    RegisterBody::export_all(&cfg)?;
    LoginBody::export_all(&cfg)?;
    AccountView::export_all(&cfg)?;
    AccountName::export_all(&cfg)?;
    DeckBody::export_all(&cfg)?;
    ImportBody::export_all(&cfg)?;
    ValidateBody::export_all(&cfg)?;
    <ValidateReply>::export_all(&cfg)?;
    DeckView::export_all(&cfg)?;
    <ErrorBody>::export_all(&cfg)?;
    EventView::export_all(&cfg)?;
    EventList::export_all(&cfg)?;
    CreateTournament::export_all(&cfg)?;
    LateEntry::export_all(&cfg)?;
    Reason::export_all(&cfg)?;
    Judge::export_all(&cfg)?;
    IssuePenalty::export_all(&cfg)?;
    AppointJudge::export_all(&cfg)?;
    FeatureTable::export_all(&cfg)?;
    JudgeBoard::export_all(&cfg)?;
    Correct::export_all(&cfg)?;
    Concede::export_all(&cfg)?;
    CheckIn::export_all(&cfg)?;
    AddComputers::export_all(&cfg)?;
    Repair::export_all(&cfg)?;
    AuditEntry::export_all(&cfg)?;
    Announce::export_all(&cfg)?;
    EventFeed::export_all(&cfg)?;
    gb_tournament::Standings::export_all(&cfg)?;
    JoinQueue::export_all(&cfg)?;
    QueueView::export_all(&cfg)?;
    Leaderboard::export_all(&cfg)?;
    PlayerProfile::export_all(&cfg)?;
    std::fs::write(dir.join("constants.ts"), constants_ts())?;
    Ok(())
}

/// The protocol version and close codes as TypeScript constants (ts-rs exports types, not values).
pub fn constants_ts() -> String {
    let mut out = String::from("// Generated by gb-protocol (`constants_ts`). Do not edit this file manually.\n\n");
    out += &format!("export const PROTOCOL_VERSION = {PROTOCOL_VERSION};\n\n");
    out += "/** The oldest protocol a two-player room still serves (free-for-all rooms need PROTOCOL_VERSION). */\n";
    out += &format!("export const MIN_PROTOCOL_VERSION = {MIN_PROTOCOL_VERSION};\n\n");
    out += "/** WebSocket close codes with a meaning of their own (protocol.md, \"Close codes\"). */\n";
    out += "export const CLOSE = {\n";
    for (name, code) in close::ALL {
        out += &format!("  {name}: {code},\n");
    }
    out += "} as const;\n\n";
    out += "/** The reason recorded with a no-show's match loss and drop (tournaments.md, \"Check-in and no-shows\"). */\n";
    out += &format!("export const NO_SHOW_REASON = {:?};\n", tournament::NO_SHOW);
    out
}
