//! One NATS subscription per subject per node, shared by every relayed socket that reads it (issue #15): k
//! sockets of one room on this node cost one subscription to each frame subject their viewer kinds use and one
//! to the room's owner subject, not k of each. The first reader subscribes, the last one to leave unsubscribes.
//! The messages are handed out as they came (the owner's exact frame bytes); each reader keeps its own cursor
//! (relay.rs), so per-viewer bytes and resume by version are unchanged.
use super::Bus;
use async_nats::Message;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, watch};
use tokio_util::sync::CancellationToken;

/// Messages a reader may fall behind the shared subscription by; past that it has lagged and re-attaches from
/// its last version (the attach reply's catch-up frames fill the gap, as for a frame lost on the way).
const BACKLOG: usize = 1024;

/// The node's shared subscriptions, by subject.
#[derive(Default)]
pub(super) struct Fanout {
    feeds: Mutex<HashMap<String, Feed>>,
    next_id: AtomicU64,
}

struct Feed {
    /// Tells a reader's leave from a later feed of the same subject.
    id: u64,
    tx: broadcast::Sender<Arc<Message>>,
    readers: usize,
    /// `None` until the pump has subscribed; then whether it could.
    ready: watch::Receiver<Option<Result<(), String>>>,
    stop: CancellationToken,
}

/// One socket's view of a shared subscription; dropping it leaves the feed.
pub struct Reader {
    bus: Bus,
    subject: String,
    id: u64,
    rx: broadcast::Receiver<Arc<Message>>,
}

/// What a reader gets next.
pub enum Next {
    Message(Arc<Message>),
    /// The reader fell more than the backlog behind: messages were skipped.
    Lagged,
    /// The subscription ended (the node's connection closed).
    Closed,
}

impl Bus {
    /// Joins `subject`'s shared subscription, subscribing if this is its first reader. Returns once the
    /// subscription is on the connection, so a request sent afterwards on it (an attach) cannot be answered by
    /// a message this reader misses.
    pub async fn follow(&self, subject: String) -> Result<Reader, String> {
        let client = self.client().ok_or("this node has no NATS connection")?.clone();
        let (id, rx, mut ready) = {
            let mut feeds = self.inner.fanout.feeds.lock().expect("feeds lock");
            let feed = feeds.entry(subject.clone()).or_insert_with(|| {
                let id = self.inner.fanout.next_id.fetch_add(1, Ordering::Relaxed);
                let (tx, _) = broadcast::channel(BACKLOG);
                let (done, ready) = watch::channel(None);
                let stop = CancellationToken::new();
                tokio::spawn(pump(self.clone(), client, subject.clone(), id, tx.clone(), done, stop.clone()));
                Feed { id, tx, readers: 0, ready, stop }
            });
            feed.readers += 1;
            (feed.id, feed.tx.subscribe(), feed.ready.clone())
        };
        // Made now, so a failed subscription below leaves the feed like any reader.
        let reader = Reader { bus: self.clone(), subject, id, rx };
        let subscribed = ready.wait_for(Option::is_some).await.map_err(|_| "the subscription ended".to_owned())?;
        subscribed.clone().expect("waited for Some")?;
        Ok(reader)
    }
}

impl Reader {
    pub async fn next(&mut self) -> Next {
        match self.rx.recv().await {
            Ok(m) => Next::Message(m),
            Err(broadcast::error::RecvError::Lagged(_)) => Next::Lagged,
            Err(broadcast::error::RecvError::Closed) => Next::Closed,
        }
    }
}

impl Drop for Reader {
    fn drop(&mut self) {
        let mut feeds = self.bus.inner.fanout.feeds.lock().expect("feeds lock");
        if let Some(feed) = feeds.get_mut(&self.subject)
            && feed.id == self.id
        {
            feed.readers -= 1;
            if feed.readers == 0 {
                feeds.remove(&self.subject).expect("just found").stop.cancel();
            }
        }
    }
}

/// The one subscription behind a feed: hands every message to the feed's readers until the last leaves (or the
/// connection closes), then unsubscribes. `gb_relay_subscriptions` counts the pumps subscribed.
async fn pump(
    bus: Bus,
    client: async_nats::Client,
    subject: String,
    id: u64,
    tx: broadcast::Sender<Arc<Message>>,
    ready: watch::Sender<Option<Result<(), String>>>,
    stop: CancellationToken,
) {
    let mut sub = match client.subscribe(subject.clone()).await {
        Ok(s) => s,
        Err(e) => {
            ready.send_replace(Some(Err(e.to_string())));
            forget(&bus, &subject, id);
            return;
        }
    };
    ready.send_replace(Some(Ok(())));
    metrics::gauge!("gb_relay_subscriptions").increment(1.0);
    loop {
        let msg = tokio::select! {
            m = sub.next() => m,
            _ = stop.cancelled() => break,
        };
        let Some(msg) = msg else {
            forget(&bus, &subject, id);
            break;
        };
        // No reader at this instant is not an error: the last one is leaving and stops the pump.
        let _ = tx.send(Arc::new(msg));
    }
    let _ = sub.unsubscribe().await;
    metrics::gauge!("gb_relay_subscriptions").decrement(1.0);
}

/// Removes feed `id` of `subject` from the node's feeds (its subscription failed or ended), so the next reader
/// subscribes afresh; its current readers see `Closed`.
fn forget(bus: &Bus, subject: &str, id: u64) {
    let mut feeds = bus.inner.fanout.feeds.lock().expect("feeds lock");
    if feeds.get(subject).is_some_and(|f| f.id == id) {
        feeds.remove(subject);
    }
}
