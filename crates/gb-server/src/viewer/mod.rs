//! Viewers as every layer sees them: a socket's registration ([`Conn`]), what its writer sends ([`Out`]), the
//! viewer [`Kind`] frames are made for, and the frames relayed to sockets on other nodes ([`RelayFrame`]). These
//! types sit below both the room (which registers and feeds viewers) and the bus (which carries their frames
//! between nodes), so neither has to import the other for them (issue 46).
pub mod conn;
pub mod kind;

pub use conn::{Attached, Conn, Out, RelayFrame, RelaySink, Relayed, Stamp, next_conn_id};
pub use kind::Kind;
