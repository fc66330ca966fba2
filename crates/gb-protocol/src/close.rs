//! WebSocket close codes with a meaning of their own (docs/protocol.md, "Close codes").
/// Ordinary end of the connection.
pub const NORMAL: u16 = 1000;
/// The client broke a rule of the connection (message rate).
pub const POLICY: u16 = 1008;
/// A client message over the size limit.
pub const TOO_LARGE: u16 = 1009;
/// The connection's outgoing queue filled up (a reader too slow for the room): reconnect with the last version.
pub const TOO_SLOW: u16 = 1013;
/// The room or server is restarting: reconnect with `hello { last_version }` and resume from the log.
pub const RESTARTING: u16 = 1012;
/// The `hello` named a protocol version this server does not speak.
pub const BAD_PROTOCOL: u16 = 4000;
/// The socket sent no `hello` in time after the upgrade (`GB_WS_HELLO_TIMEOUT_SECS`); reconnect and greet.
pub const NO_HELLO: u16 = 4001;
/// The greeted socket stayed silent too long (`GB_WS_IDLE_TIMEOUT_SECS`); any message, a ping included, keeps it
/// open. Reconnect with the last version.
pub const IDLE: u16 = 4002;
/// No room with this id.
pub const UNKNOWN_ROOM: u16 = 4004;

/// Every code with the web client's name for it, for the generated `constants.ts`.
pub const ALL: [(&str, u16); 9] = [
    ("normal", NORMAL),
    ("policy", POLICY),
    ("tooLarge", TOO_LARGE),
    ("restarting", RESTARTING),
    ("tooSlow", TOO_SLOW),
    ("badProtocol", BAD_PROTOCOL),
    ("noHello", NO_HELLO),
    ("idle", IDLE),
    ("unknownRoom", UNKNOWN_ROOM),
];
