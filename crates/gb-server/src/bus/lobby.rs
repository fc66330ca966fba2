//! The lobby across nodes (docs/multi-node.md, "Lobby"): a listing asks every node on `gb.v1.lobby` for the
//! public rooms it holds and waits until each node that owns a listed room has answered, or `LOBBY_WAIT`.
//! Each room comes with the epoch of its owner's claim; when two nodes list one room (an owner standing down
//! while its successor already runs it) the newer claim wins. Which rooms are listed at all is the lease
//! directory's say (api/lobby.rs), so a room no node answers for still shows.
use super::Bus;
use super::port::LocalRooms;
use super::wire::{ListedRoom, LobbyAnswer};
use crate::cluster::Cluster;
use crate::protocol::{RoomInfo, Visibility};
use futures_util::StreamExt;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

const LOBBY_SUBJECT: &str = "gb.v1.lobby";
/// How long a listing waits for the owners it expects: a node that holds rooms but does not answer (dead, its
/// lease not yet expired) costs one listing this long, and its rooms are shown as stored.
const LOBBY_WAIT: Duration = Duration::from_millis(500);

/// Rooms by id, each from the newest claim that listed it.
pub type Listed = HashMap<String, ListedRoom>;

/// The public rooms this node holds, with their epochs. A room still registered here but no longer held
/// (standing down) is left out: its successor or the directory speaks for it.
pub fn held_public(rooms: &dyn LocalRooms, cluster: &Cluster) -> Vec<ListedRoom> {
    public_held(rooms.infos(), |id| cluster.epoch_of(id))
}

/// Of `infos`, the public rooms `epoch_of` says this node holds, each with that epoch.
fn public_held(infos: Vec<RoomInfo>, epoch_of: impl Fn(&str) -> Option<i64>) -> Vec<ListedRoom> {
    infos
        .into_iter()
        .filter(|info| info.visibility == Visibility::Public)
        .filter_map(|info| Some(ListedRoom { epoch: epoch_of(&info.id)?, info }))
        .collect()
}

/// Adds `rooms` to `listed`; of two listings of one room the higher epoch stays.
pub fn merge(listed: &mut Listed, rooms: Vec<ListedRoom>) {
    for r in rooms {
        if listed.get(&r.info.id).is_none_or(|have| have.epoch < r.epoch) {
            listed.insert(r.info.id.clone(), r);
        }
    }
}

impl Bus {
    /// Cluster mode: answers every `gb.v1.lobby` request with this node's public rooms until shutdown.
    pub fn serve_lobby(
        &self,
        rooms: impl LocalRooms,
        cluster: Arc<Cluster>,
        tracker: &TaskTracker,
        shutdown: CancellationToken,
    ) {
        let Some(client) = self.client().cloned() else { return };
        tracker.spawn(async move {
            let mut sub = match client.subscribe(LOBBY_SUBJECT).await {
                Ok(s) => s,
                Err(e) => return tracing::error!(error = %e, "lobby not served: other nodes list this node's rooms as stored"),
            };
            loop {
                let msg = tokio::select! {
                    m = sub.next() => m,
                    _ = shutdown.cancelled() => None,
                };
                let Some(msg) = msg else { break };
                let Some(reply) = msg.reply else { continue };
                let answer = LobbyAnswer { node: cluster.node_id(), rooms: held_public(&rooms, &cluster) };
                let body = serde_json::to_vec(&answer).expect("lobby answers serialize");
                if let Err(e) = client.publish(reply, body.into()).await {
                    tracing::warn!(error = %e, "lobby answer not sent");
                }
            }
        });
    }

    /// Asks every node for its public rooms; returns once each node in `expect` (cluster node ids) has answered,
    /// or after `LOBBY_WAIT`. Other nodes' answers that arrive meanwhile count too.
    pub async fn gather_lobby(&self, mut expect: HashSet<String>) -> Listed {
        let mut listed = Listed::new();
        let Some(client) = self.client().filter(|_| !expect.is_empty()) else { return listed };
        let started = std::time::Instant::now();
        let inbox = client.new_inbox();
        let sub = client.subscribe(inbox.clone()).await;
        let asked = match sub {
            Ok(s) => client.publish_with_reply(LOBBY_SUBJECT, inbox, bytes::Bytes::new()).await.map(|_| s).ok(),
            Err(_) => None,
        };
        let Some(mut sub) = asked else {
            tracing::warn!("lobby request not sent: other nodes' rooms are listed as stored");
            return listed;
        };
        let deadline = tokio::time::sleep(LOBBY_WAIT);
        tokio::pin!(deadline);
        while !expect.is_empty() {
            let msg = tokio::select! {
                m = sub.next() => m,
                _ = &mut deadline => None,
            };
            let Some(msg) = msg else { break };
            match serde_json::from_slice::<LobbyAnswer>(&msg.payload) {
                Ok(answer) => {
                    expect.remove(&answer.node);
                    merge(&mut listed, answer.rooms);
                }
                Err(e) => tracing::warn!(error = %e, "bad lobby answer"),
            }
        }
        let _ = sub.unsubscribe().await;
        metrics::histogram!("gb_lobby_gather_seconds").record(started.elapsed().as_secs_f64());
        metrics::counter!("gb_lobby_unanswered_total").increment(expect.len() as u64);
        listed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(id: &str, visibility: &str) -> RoomInfo {
        serde_json::from_value(serde_json::json!({
            "id": id, "visibility": visibility, "best_of": 1, "seats": [null, null], "status": "waiting",
            "games": [], "spectators": 0, "seed_hash": "", "version": 0, "rated": false,
        }))
        .expect("a room info")
    }

    #[test]
    fn lists_only_public_rooms_this_node_holds_with_their_epochs() {
        let infos = vec![info("held", "public"), info("hidden", "private"), info("standing-down", "public")];
        let listed = public_held(infos, |id| (id != "standing-down").then_some(7));
        let got: Vec<(&str, i64)> = listed.iter().map(|r| (r.info.id.as_str(), r.epoch)).collect();
        assert_eq!(got, [("held", 7)]);
    }

    #[test]
    fn of_two_listings_of_one_room_the_newer_claim_stays() {
        let mut listed = Listed::new();
        merge(&mut listed, vec![ListedRoom { epoch: 3, info: info("r", "public") }]);
        merge(&mut listed, vec![ListedRoom { epoch: 2, info: info("r", "public") }]);
        assert_eq!(listed["r"].epoch, 3);
        merge(&mut listed, vec![ListedRoom { epoch: 4, info: info("r", "public") }]);
        assert_eq!(listed["r"].epoch, 4);
    }
}
