//! The relaying side: a socket on this node for a room another node owns. Its session finds the owner
//! (`room_leases`), subscribes to its viewer kind's frames **before** attaching (so nothing published after the
//! attach is missed), sends the attach reply's catch-up frames, then forwards live frames, only those past what
//! it already forwarded: **a relay forwards only v > last forwarded** (per game), drops frames of older epochs and
//! re-attaches on a newer one, or as soon as a new owner announces itself on `gb.v1.room.{room}.owner` (a quiet
//! socket sees no newer frame), or on a version gap (a frame lost between owner and relay). An owner that cannot
//! be reached may have died: the socket waits out its lease and the claim (`Bus::failover`) before giving up.
//! Intents go to the owner by RPC; its answer is written to the socket as is.
//! A lost NATS connection is ridden out (outage.rs): re-attach from the last version when it comes back, or
//! `unavailable` and 1012 once it has been gone for the outage setting.
//! The NATS subscriptions (frames of a kind, owner notices) are the node's, shared by all its sockets of the room
//! (fanout.rs); what each socket forwards is decided here, per socket.
//! A message larger than the NATS server's `max_payload` (an intent, an attach reply, a frame) cannot be relayed:
//! the client is told `relay_too_large`, never left waiting.
mod call;

use super::fanout::{Next, Reader};
use super::outage::{lost, ride_out};
use super::wire::{Reply, Request};
use super::{Bus, TOO_LARGE, frame_subject, owner_subject, rpc_subject};
use crate::cluster::Owner;
use crate::db::Db;
use crate::protocol::{Role, ServerMsg, close};
use crate::viewer::{Conn, Out};
use axum::extract::ws::Utf8Bytes;
use call::{call, newer_link, next_notice, rpc, too_large_error};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Notify, mpsc, watch};
use tokio_util::sync::CancellationToken;

/// Pause between two attempts to reach the owner.
const RETRY: Duration = Duration::from_millis(250);
/// Failed attempts in a row before the socket is told `unavailable` (docs/multi-node.md §4.4).
const ATTEMPTS: u32 = 2;

/// One relayed socket, from its `hello` until it closes.
pub struct Session {
    shared: Arc<Shared>,
    /// Intents forwarded so far: numbers their keys, unique per socket whatever `seq` the client reuses.
    sent: u64,
    link: watch::Receiver<Link>,
    stop: CancellationToken,
}

struct Shared {
    bus: Bus,
    db: Db,
    room: String,
    /// `"{node}:{conn}"`: the socket's name at the owner, and the prefix of its intent keys (`"{node}:{conn}:{n}"`,
    /// the socket's n-th intent).
    relay: String,
    account: Option<String>,
    role: Role,
    /// The client's `hello` version, passed on so the owner refuses a too old one for a free-for-all room.
    protocol: u32,
    tx: mpsc::Sender<Out>,
    kill: CancellationToken,
    /// Asks the forwarding task to re-resolve the owner and re-attach (an intent RPC failed).
    resync: Notify,
}

/// The owner the socket is attached to, and how many times it has (re)attached.
#[derive(Clone, Default)]
struct Link {
    attached: u64,
    owner: Option<Owner>,
}

/// Where the socket's frames stand: game and version of the last versioned frame forwarded, and the owner's
/// relay sequence number the last attach reply covered.
struct Cursor {
    epoch: i64,
    seq: u64,
    last: (u32, u32),
}

/// Why a round trip or an attach failed.
enum Failure {
    /// Worth another attempt (after re-resolving the owner).
    Retry(String),
    /// The message exceeds the NATS server's `max_payload`: no attempt can carry it.
    TooLarge(String),
    /// A newer owner announced itself while the call waited on the old one: attach or send there at once.
    Newer,
}

impl From<&str> for Failure {
    fn from(why: &str) -> Failure {
        Failure::Retry(why.to_owned())
    }
}

enum Ended {
    Stopped,
    Resync,
    /// NATS went down.
    Outage,
    /// A frame too large for NATS stood in the stream; the client has been told.
    TooLarge,
}

impl Session {
    /// Starts relaying for the socket `conn` has registered (its `hello` fields, queue and kill token).
    pub fn start(bus: Bus, db: Db, room: String, conn: Conn) -> Session {
        metrics::gauge!("gb_relayed_sockets").increment(1.0);
        let relay = format!("{}:{}", bus.node(), conn.id);
        let (link_tx, link) = watch::channel(Link::default());
        let shared = Arc::new(Shared {
            bus,
            db,
            room,
            relay,
            account: conn.account,
            role: conn.role,
            protocol: conn.protocol,
            tx: conn.tx,
            kill: conn.kill,
            resync: Notify::new(),
        });
        let stop = CancellationToken::new();
        tokio::spawn(forward(shared.clone(), link_tx, (conn.last_version, conn.game), stop.clone()));
        Session { shared, sent: 0, link, stop }
    }

    /// Forwards a seat's intent; the owner's answer (`accepted`, `rejected`, an error) goes to the socket as
    /// is. A failed round trip re-resolves the owner and is retried once with the same key, so an intent the
    /// old owner did apply is answered from the log (its original `accepted`), not applied again. Then
    /// `unavailable`. A call to an owner that hangs is abandoned as soon as the socket has moved to a newer
    /// owner and sent there at once (as a retry: the old owner may have applied it), and a failed attempt waits
    /// for the new owner as long as the socket does (`Bus::failover`): the intent is answered once the room has
    /// moved, not after a timeout stacked on the lease (issue 45; docs/multi-node.md "Owner announcements").
    pub async fn intent(&mut self, seq: u32, intent: gb_core::Intent) {
        self.sent += 1;
        let s = &self.shared;
        let key = format!("{}:{}", s.relay, self.sent);
        let (mut failed, mut attempts) = (0, 0);
        while failed < ATTEMPTS {
            let link = self.link.borrow().clone();
            if let (Some(owner), Some(client)) = (link.owner, s.bus.client()) {
                let started = std::time::Instant::now();
                let (key, intent, retry) = (key.clone(), intent.clone(), attempts > 0);
                attempts += 1;
                let req = Request::Intent { relay: s.relay.clone(), key, seq, intent, retry };
                let reply = tokio::select! {
                    r = rpc(client, rpc_subject(&s.room, owner.epoch), &req) => r,
                    () = newer_link(&mut self.link, owner.epoch) => Err(Failure::Newer),
                };
                metrics::histogram!("gb_intent_rpc_seconds").record(started.elapsed().as_secs_f64());
                match reply {
                    Ok(Reply::Answer { frame }) => {
                        // Not saved: the owner rebuilds the room from the log and closes its own sockets with
                        // 1012 (protocol.md "Close codes"); a relayed one closes alike, so its client resumes from
                        // the log rather than waiting on a room rebuilt under it (found by cluster/power_loss.rs).
                        let not_saved = frame.contains("\"not_saved\"")
                            && serde_json::from_str::<serde_json::Value>(&frame)
                                .is_ok_and(|m| m["type"] == "error" && m["code"] == "not_saved");
                        s.send(Utf8Bytes::from(frame));
                        if not_saved {
                            let _ = s.tx.try_send(Out::Close(
                                close::RESTARTING,
                                "the room is restarting: reconnect with your last version",
                            ));
                        }
                        return;
                    }
                    // Not applied, and no retry can carry it: the socket stays open.
                    Err(Failure::TooLarge(why)) => return s.send(too_large_error(&why)),
                    // Epochs only grow, so this ends: the next attempt goes to the newer owner.
                    Err(Failure::Newer) => {
                        metrics::counter!("gb_intent_rerouted_total").increment(1);
                        continue;
                    }
                    _ => {}
                }
            }
            failed += 1;
            s.resync.notify_one();
            let moved = self.link.wait_for(|l| l.attached > link.attached);
            let _ = tokio::time::timeout(s.bus.failover(), moved).await;
        }
        s.send(Utf8Bytes::from(ServerMsg::error("unavailable", "the room's server cannot be reached").encode()));
    }

    /// Forwards an emote to the owner, once: an emote lost to an owner change is not worth a retry, and the
    /// client is told it was not sent. Returns the refusal to tell the socket, if any.
    pub async fn emote(&self, emote: crate::protocol::Emote) -> Option<ServerMsg> {
        let s = &self.shared;
        let owner = self.link.borrow().owner.clone();
        if let (Some(owner), Some(client)) = (owner, s.bus.client()) {
            let req = Request::Emote { relay: s.relay.clone(), emote };
            match rpc(client, rpc_subject(&s.room, owner.epoch), &req).await {
                Ok(Reply::Emoted { refused: None }) => return None,
                Ok(Reply::Emoted { refused: Some(frame) }) => {
                    s.send(Utf8Bytes::from(frame));
                    return None;
                }
                _ => s.resync.notify_one(),
            }
        }
        Some(ServerMsg::error("unavailable", "the room's server cannot be reached: the emote was not sent"))
    }

    /// The socket closed: stop forwarding and let the owner forget it.
    pub async fn close(self) {
        self.stop.cancel();
        let owner = self.link.borrow().owner.clone();
        if let (Some(owner), Some(client)) = (owner, self.shared.bus.client()) {
            let req = Request::Detach { relay: self.shared.relay.clone() };
            let _ = rpc(client, rpc_subject(&self.shared.room, owner.epoch), &req).await;
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop.cancel();
        metrics::gauge!("gb_relayed_sockets").decrement(1.0);
    }
}

impl Shared {
    /// The owner cannot be reached: the client is told so and the socket closes with 1012 (it reconnects,
    /// perhaps to another node, and resumes by version).
    fn give_up(&self, why: &str) {
        self.send(Utf8Bytes::from(ServerMsg::error("unavailable", why).encode()));
        let _ = self.tx.try_send(Out::Close(close::RESTARTING, "room unavailable: reconnect later"));
    }

    /// A frame this socket needs cannot cross NATS (larger than its `max_payload`): the client is told so and
    /// the socket closes with 1009; reconnecting here would meet the same frame.
    fn refuse_too_large(&self, why: &str) {
        self.send(too_large_error(why));
        let _ = self.tx.try_send(Out::Close(close::TOO_LARGE, "a frame is too large to relay"));
    }

    /// Queues a frame for the socket; a full queue is a slow client, cut off like a local one.
    fn send(&self, frame: Utf8Bytes) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(Out::Text(frame, None)) {
            metrics::counter!("gb_ws_slow_consumers_dropped").increment(1);
            self.kill.cancel();
        }
    }
}

/// The forwarding task: attach, forward, and on any sign of a new owner, attach again from the last version.
async fn forward(
    s: Arc<Shared>,
    link: watch::Sender<Link>,
    hello: (Option<u32>, Option<u32>),
    stop: CancellationToken,
) {
    let (mut resume, mut welcomed, mut failures) = (hello, false, 0);
    // After an outage the owner's node may reconnect later than this one: attach is retried until then.
    let mut patient_until: Option<tokio::time::Instant> = None;
    let mut nats = s.bus.connection();
    // Subscribed once for the socket's life, so a notice sent between two attaches is not missed.
    let mut owners = s.bus.follow(owner_subject(&s.room)).await.ok();
    while !stop.is_cancelled() {
        let attached = tokio::select! {
            a = attach(&s, resume, owners.as_mut()) => a,
            _ = stop.cancelled() => break,
        };
        let (owner, mut sub, mut cursor, frames, refused) = match attached {
            Ok(a) => a,
            Err(Failure::TooLarge(why)) => {
                s.refuse_too_large(&why);
                break;
            }
            // The owner asked was deposed meanwhile (it hung past its lease): attach to the new one now.
            Err(Failure::Newer) => continue,
            Err(Failure::Retry(why)) => {
                if s.bus.nats_lost() {
                    if ride_out(&s.bus, &mut nats).await {
                        patient_until = Some(tokio::time::Instant::now() + s.bus.outage());
                        continue;
                    }
                    s.give_up("the room's server cannot be reached (NATS is down)");
                    break;
                }
                if patient_until.is_some_and(|t| tokio::time::Instant::now() < t) {
                    // A new owner announces itself once it serves the room: attach then, not at the next poll.
                    tokio::select! {
                        _ = tokio::time::sleep(RETRY) => {}
                        _ = next_notice(owners.as_mut()) => {}
                        _ = stop.cancelled() => break,
                    }
                    continue;
                }
                failures += 1;
                tracing::info!(room = %s.room, failures, why, "relay cannot attach");
                if failures >= ATTEMPTS {
                    s.give_up(&why);
                    break;
                }
                if failures == 1 && s.bus.nats_up() {
                    // The owner may have died: a survivor claims its rooms once its lease expires. The socket waits
                    // that long for the new owner rather than sending its client elsewhere (issue 15: clients on
                    // other nodes keep their sockets); then one more attempt, then `unavailable` and 1012.
                    patient_until = Some(tokio::time::Instant::now() + s.bus.failover());
                }
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        (failures, patient_until) = (0, None);
        // A re-attach continues the same socket: its client already had the welcome.
        for f in frames.into_iter().skip(usize::from(welcomed)) {
            s.send(Utf8Bytes::from(f));
        }
        // The room refused the socket (its error frame was among the frames): closed as a local one would be.
        if let Some(code) = refused {
            let _ = s.tx.try_send(Out::Close(code, "refused by the room"));
            break;
        }
        welcomed = true;
        link.send_modify(|l| {
            l.attached += 1;
            l.owner = Some(owner);
        });
        let ended = live(&s, &mut sub, owners.as_mut(), &mut nats, &mut cursor, &stop).await;
        // Leaves the shared subscription (the last reader's leaving unsubscribes).
        drop(sub);
        resume = (Some(cursor.last.1), Some(cursor.last.0));
        match ended {
            Ended::Stopped | Ended::TooLarge => break,
            Ended::Resync => {}
            Ended::Outage => {
                tracing::info!(room = %s.room, "NATS lost; the relay waits for it");
                if !ride_out(&s.bus, &mut nats).await {
                    s.give_up("the room's server cannot be reached (NATS is down)");
                    break;
                }
                patient_until = Some(tokio::time::Instant::now() + s.bus.outage());
            }
        }
        metrics::counter!("gb_relay_resync_total").increment(1);
    }
}

/// The owner, the kind's frames, where they stand, the catch-up frames and the close code the room refused the
/// socket with, if it did.
type Attachment = (Owner, Reader, Cursor, Vec<String>, Option<u16>);

/// Finds the owner, subscribes to this socket's kind, then attaches with `resume` (last version, game).
/// Each call is abandoned once a newer owner announces itself on `owners` (call.rs).
async fn attach(
    s: &Shared,
    resume: (Option<u32>, Option<u32>),
    mut owners: Option<&mut Reader>,
) -> Result<Attachment, Failure> {
    let client = s.bus.client().ok_or("this node has no NATS connection")?;
    let owner = s.bus.owner(&s.db, &s.room, true).await.ok_or("the room has no live owner")?;
    let subject = rpc_subject(&s.room, owner.epoch);
    let ask = Request::Kind { account: s.account.clone(), role: s.role };
    let kind = match call(client, subject.clone(), &ask, owner.epoch, owners.as_deref_mut()).await? {
        Reply::Kind { kind } => kind,
        _ => return Err("the owner moved".into()),
    };
    let sub = s.bus.follow(frame_subject(&s.room, kind.into())).await.map_err(Failure::Retry)?;
    let req = Request::Attach {
        relay: s.relay.clone(),
        account: s.account.clone(),
        role: s.role,
        last_version: resume.0,
        game: resume.1,
        protocol: s.protocol,
    };
    match call(client, subject, &req, owner.epoch, owners).await? {
        // A seat taken between the two calls changes the kind: the next attempt subscribes to the right one.
        Reply::Attached { kind: k, seq, game, head, frames, close } if k == kind => {
            let cursor = Cursor { epoch: owner.epoch, seq, last: (game, head) };
            Ok((owner, sub, cursor, frames, close))
        }
        _ => Err("the owner moved".into()),
    }
}

/// Forwards live frames until the socket stops, the owner changes (a newer epoch's frame or notice) or NATS
/// goes down.
async fn live(
    s: &Shared,
    sub: &mut Reader,
    mut owners: Option<&mut Reader>,
    nats: &mut watch::Receiver<bool>,
    c: &mut Cursor,
    stop: &CancellationToken,
) -> Ended {
    loop {
        let msg = tokio::select! {
            m = sub.next() => m,
            Some(n) = next_notice(owners.as_deref_mut()) => {
                if n.as_ref().is_none_or(|n| n.epoch > c.epoch) {
                    tracing::debug!(room = %s.room, notice = ?n, "new owner announced (or notices missed)");
                    return Ended::Resync;
                }
                continue;
            }
            _ = lost(nats) => return Ended::Outage,
            _ = s.resync.notified() => return Ended::Resync,
            _ = stop.cancelled() => return Ended::Stopped,
        };
        let msg = match msg {
            Next::Message(m) => m,
            // Frames were skipped: re-attach from the last version forwarded (the catch-up fills the gap).
            Next::Lagged => {
                metrics::counter!("gb_relay_gaps_total").increment(1);
                return Ended::Resync;
            }
            Next::Closed => return Ended::Resync,
        };
        let header = |name: &str| AsRef::<str>::as_ref(msg.headers.as_ref()?.get(name)?).parse::<u64>().ok();
        let (Some(epoch), Some(game), Some(seq)) = (header("Gb-Epoch"), header("Gb-Game"), header("Gb-Seq")) else {
            continue;
        };
        let (epoch, game) = (epoch as i64, game as u32);
        if epoch > c.epoch {
            return Ended::Resync;
        }
        if epoch < c.epoch || seq <= c.seq {
            continue;
        }
        if let Some(size) = header(TOO_LARGE) {
            s.refuse_too_large(&format!("a frame of {size} bytes exceeds the NATS server's max_payload"));
            return Ended::TooLarge;
        }
        if let Some(v) = header("Gb-V").map(|v| v as u32) {
            if (game, v) <= c.last {
                continue;
            }
            // Within a game every version reaches each kind as its own frame: a skipped one was lost on the way
            // (the bus queue dropped it). Re-attach from the last version forwarded; the reply's catch-up frames
            // fill the gap, so the client never sees it.
            if game == c.last.0 && v > c.last.1 + 1 {
                tracing::info!(room = %s.room, after = c.last.1, got = v, "version gap: the relay re-attaches");
                metrics::counter!("gb_relay_gaps_total").increment(1);
                return Ended::Resync;
            }
            c.last = (game, v);
        }
        let Ok(text) = Utf8Bytes::try_from(msg.payload.clone()) else { continue };
        s.send(text);
    }
}
