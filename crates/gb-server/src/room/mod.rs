//! Rooms: each room is an actor (one tokio task) that owns its match, seats, viewers, streams and clocks, and
//! handles one closed [`RoomCmd`] at a time. [`RoomHandle`] is its cloneable mailbox; [`Rooms`] maps ids to
//! handles. Everything that changes a room goes through its mailbox, so no lock guards game state. A
//! supervisor (room/supervisor.rs) rebuilds a failed actor from the database on the same mailbox.
mod actor;
pub mod adopt;
mod announce;
pub mod clock;
mod cmd;
mod commit;
pub mod computer;
mod computers;
pub mod delta;
mod deps;
pub mod emote;
mod error;
mod game;
mod handle;
mod history;
pub mod judge_view;
pub mod lease;
mod leaving;
mod outbox;
mod play;
mod players;
mod port;
mod presence;
pub mod rated;
pub mod recover;
mod refusal;
pub mod relay;
pub mod round_time;
pub mod seating;
mod storage;
pub mod streams;
mod supervisor;
pub mod takeback;
mod viewers;

// The viewer types live below the room and the bus (viewer/); room files import them from there.
pub use crate::viewer::{Conn, Out, Relayed, Stamp, next_conn_id};
pub use cmd::RoomCmd;
pub use deps::{RoomDeps, Rooms};
pub use error::RoomError;
pub use handle::RoomHandle;
pub use port::run as run_call;
pub use supervisor::recover_rooms;
