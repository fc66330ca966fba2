//! The owner's side: for each room this node owns under epoch e, one task answers
//! `gb.v1.room.{room}.e{e}.rpc`. Remote sockets are registered in the room like local ones (room/relay.rs); what
//! the room says to one of them alone (`accepted`, `rejected`, errors) comes back on its private queue and goes
//! into the RPC reply, byte for byte what a local socket would have been sent.
use super::Bus;
use super::port::{RoomPort, Serving};
use super::wire::{OwnerNotice, Reply, Request};
use crate::viewer::{Conn, Out, RelaySink, Relayed, next_conn_id};
use futures_util::StreamExt;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Answers kept per room for intent retries (a relay retries once, right away).
const KEPT_ANSWERS: usize = 256;

/// A remote socket as the owner holds it.
struct Attachment {
    conn: u64,
    at: tokio::time::Instant,
    /// Its private queue, locked for the whole of one intent so answers pair with their intents.
    direct: tokio::sync::Mutex<mpsc::Receiver<Out>>,
}

struct Served {
    bus: Bus,
    room: Arc<dyn RoomPort>,
    epoch: i64,
    attached: Mutex<HashMap<String, Arc<Attachment>>>,
    answers: Mutex<VecDeque<(String, String)>>,
}

impl Bus {
    /// This node now owns `room` under `epoch`: answer its RPC subject until [`Bus::unserve_room`] (or shutdown).
    /// The room-spawn path calls it once the lease is claimed; the subject carries the epoch, so a deposed owner
    /// that wakes up never answers for its successor (docs/multi-node.md §3).
    /// Once subscribed it announces itself on `gb.v1.room.{room}.owner` (`node` = its cluster node id), so relays
    /// attached to a previous owner move here at once, quiet sockets included.
    pub async fn serve_room(&self, room: Arc<dyn RoomPort>, epoch: i64, node: &str) -> anyhow::Result<()> {
        let Some(client) = self.client() else { return Ok(()) };
        let mut sub = client.subscribe(super::rpc_subject(room.id(), epoch)).await?;
        // Published after the subscription on the same connection: a relay that hears it finds the subject served.
        let notice = serde_json::to_vec(&OwnerNotice { epoch, node: node.to_owned() }).expect("notices serialize");
        client.publish(super::owner_subject(room.id()), notice.into()).await?;
        let stop = CancellationToken::new();
        if let Some((_, old)) =
            self.inner.served.lock().expect("served lock").insert(room.id().to_owned(), (epoch, stop.clone()))
        {
            old.cancel();
        }
        let served = Arc::new(Served {
            bus: self.clone(),
            room,
            epoch,
            attached: Default::default(),
            answers: Default::default(),
        });
        let forget = {
            let served = served.clone();
            move || served.forget_all()
        };
        tokio::spawn(super::outage::forget_after_outage(self.clone(), stop.clone(), forget));
        let client = client.clone();
        tokio::spawn(async move {
            let mut age = tokio::time::interval(served.bus.age_every());
            loop {
                let msg = tokio::select! {
                    m = sub.next() => m,
                    _ = age.tick() => {
                        served.age_out().await;
                        continue;
                    }
                    _ = stop.cancelled() => None,
                };
                let Some(msg) = msg else { break };
                let (served, client) = (served.clone(), client.clone());
                // One task per request: an intent waiting on the room does not hold up another socket's attach.
                // Tracked, so a node shutting down (drain) sends the answers in flight before it exits.
                served.bus.inner.tracker.clone().spawn(async move {
                    let Some(reply_to) = msg.reply else { return };
                    let reply = match serde_json::from_slice::<Request>(&msg.payload) {
                        Ok(req) => served.answer(req).await,
                        Err(e) => {
                            tracing::warn!(error = %e, "bad room RPC");
                            return;
                        }
                    };
                    let mut body = serde_json::to_vec(&reply).expect("replies serialize");
                    let (size, max) = (body.len(), client.max_payload());
                    if size > max {
                        // The relay would wait out its timeout for an answer NATS refuses to carry; it is told why.
                        super::too_large("reply", served.room.id(), size, max);
                        body = serde_json::to_vec(&Reply::TooLarge { size, max }).expect("replies serialize");
                    }
                    if let Err(e) = client.publish(reply_to, body.into()).await {
                        tracing::warn!(error = %e, "room RPC reply not sent");
                    }
                });
            }
            let _ = sub.unsubscribe().await;
            served.forget_all();
        });
        Ok(())
    }

    /// This node no longer owns `room` under `epoch`: stop answering for it (its remote sockets are forgotten by
    /// the room). A newer claim of the same room on this node keeps its own subject.
    pub fn unserve_room(&self, room_id: &str, epoch: i64) {
        let mut served = self.inner.served.lock().expect("served lock");
        if served.get(room_id).is_some_and(|(e, _)| *e == epoch)
            && let Some((_, stop)) = served.remove(room_id)
        {
            stop.cancel();
        }
    }
}

impl Served {
    /// Disconnects every remote socket from the room (the room is no longer served here, or NATS has been
    /// down too long to reach them).
    fn forget_all(&self) {
        for a in self.attached.lock().expect("attached lock").drain() {
            let (room, conn) = (self.room.clone(), a.1.conn);
            tokio::spawn(async move { room.disconnect(conn).await });
        }
    }

    async fn answer(&self, req: Request) -> Reply {
        match req {
            Request::Kind { account, role } => match self.room.kind_of(account, role).await {
                Ok(kind) => Reply::Kind { kind: kind.into() },
                Err(_) => Reply::Moved,
            },
            Request::Attach { relay, account, role, last_version, game, protocol } => {
                self.detach(&relay).await;
                let (tx, rx) = mpsc::channel(64);
                let sink = RelaySink { epoch: self.epoch, tx: self.bus.inner.frames.clone() };
                let id = next_conn_id();
                let kill = CancellationToken::new();
                let conn = Conn { id, account, role, last_version, game, protocol, tx, kill, relay: Some(sink) };
                let Ok(a) = self.room.attach(conn).await else { return Reply::Moved };
                // A socket the room refused is not in the room: nothing to keep for it.
                if a.close.is_none() {
                    let at = tokio::time::Instant::now();
                    let attachment = Arc::new(Attachment { conn: id, at, direct: tokio::sync::Mutex::new(rx) });
                    self.attached.lock().expect("attached lock").insert(relay, attachment);
                }
                let frames = a.frames.iter().map(|f| f.as_str().to_owned()).collect();
                Reply::Attached { kind: a.kind.into(), seq: a.seq, game: a.game, head: a.head, frames, close: a.close }
            }
            Request::Detach { relay } => {
                self.detach(&relay).await;
                Reply::Detached
            }
            Request::Intent { relay, key, seq, intent, retry } => self.intent(&relay, key, seq, intent, retry).await,
            Request::Emote { relay, emote } => self.emote(&relay, emote).await,
            Request::Rest { call } => {
                let (status, body) = self.room.call(call).await;
                Reply::Rest { status: status.as_u16(), body }
            }
        }
    }

    /// Drops the attachments of relaying nodes gone silent (alive.rs): the room counts those sockets as gone.
    async fn age_out(&self) {
        let dead: Vec<(String, Arc<Attachment>)> = {
            let mut attached = self.attached.lock().expect("attached lock");
            let names: Vec<String> =
                attached.iter().filter(|(r, a)| !self.bus.relay_alive(r, a.at)).map(|(r, _)| r.clone()).collect();
            names.into_iter().filter_map(|r| attached.remove(&r).map(|a| (r, a))).collect()
        };
        for (relay, a) in dead {
            tracing::info!(room = %self.room.id(), relay, "relaying node silent: its socket is dropped");
            metrics::counter!("gb_relay_attachments_aged_total").increment(1);
            self.room.disconnect(a.conn).await;
        }
    }

    async fn detach(&self, relay: &str) {
        let gone = self.attached.lock().expect("attached lock").remove(relay);
        if let Some(a) = gone {
            self.room.disconnect(a.conn).await;
        }
    }

    /// Hands the emote to the room as if from the remote socket. Not retried by the relay, so kept nowhere.
    async fn emote(&self, relay: &str, emote: crate::protocol::Emote) -> Reply {
        let Some(a) = self.attached.lock().expect("attached lock").get(relay).cloned() else { return Reply::Moved };
        match self.room.emote(a.conn, emote).await {
            Ok(refused) => Reply::Emoted { refused },
            Err(_) => Reply::Moved,
        }
    }

    /// Hands the intent to the room as if from the remote socket, and answers with what the room tells that
    /// socket. A key seen before gets the first answer again: the intent is not applied twice. The answers kept
    /// here spare a retry on the same owner a trip to the log; the room checks a retry against the log
    /// (`match_intents.intent_key`), which also covers an intent an earlier owner applied.
    async fn intent(&self, relay: &str, key: String, seq: u32, intent: gb_core::Intent, retry: bool) -> Reply {
        let Some(a) = self.attached.lock().expect("attached lock").get(relay).cloned() else { return Reply::Moved };
        let mut direct = a.direct.lock().await;
        // Checked under the socket's lock: a retry racing its first attempt waits for it, then finds its answer.
        if let Some((_, frame)) = self.answers.lock().expect("answers lock").iter().find(|(k, _)| *k == key) {
            return Reply::Answer { frame: frame.clone() };
        }
        // An answer that came after its request timed out is stale now: the relay has given up on it.
        while direct.try_recv().is_ok() {}
        let relayed = Relayed { key: key.clone(), retry };
        if self.room.relayed_intent(a.conn, seq, intent, relayed).await.is_err() {
            return Reply::Moved;
        }
        let frame = match tokio::time::timeout(super::RPC_TIMEOUT, direct.recv()).await {
            Ok(Some(Out::Text(f, _))) => f.as_str().to_owned(),
            // Closed by the room (rebuilt, shutting down) or no answer: the relay re-resolves and retries.
            _ => return Reply::Moved,
        };
        let mut answers = self.answers.lock().expect("answers lock");
        if answers.len() == KEPT_ANSWERS {
            answers.pop_front();
        }
        answers.push_back((key, frame.clone()));
        Reply::Answer { frame }
    }
}

/// The rooms' way of being reached from other nodes (bus/port.rs), answered by this bus.
impl Serving for Bus {
    fn serve_room<'a>(
        &'a self,
        room: Arc<dyn RoomPort>,
        epoch: i64,
        node: &'a str,
    ) -> futures_util::future::BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(Bus::serve_room(self, room, epoch, node))
    }
    fn unserve_room(&self, room_id: &str, epoch: i64) {
        Bus::unserve_room(self, room_id, epoch)
    }
}
