//! A relayed socket's round trips to the room's owner (relay.rs). Each is bounded by `RPC_TIMEOUT`; one to an
//! owner that hangs (SIGSTOP, a wedged node) is also abandoned as soon as a newer owner has taken the room, so a
//! relayed call never stacks its timeout on the lease (issue 45; docs/multi-node.md "Owner announcements").
use super::Failure;
use crate::bus::RPC_TIMEOUT;
use crate::bus::fanout::{Next, Reader};
use crate::bus::wire::{OwnerNotice, Reply, Request};
use axum::extract::ws::Utf8Bytes;
use tokio::sync::watch;

/// One round trip, the whole of it bounded (the client's own timeout starts only once the request is queued).
/// A request or a reply larger than the NATS server's `max_payload` is [`Failure::TooLarge`].
pub(super) async fn rpc(client: &async_nats::Client, subject: String, req: &Request) -> Result<Reply, Failure> {
    let body = serde_json::to_vec(req).expect("requests serialize");
    let (size, max) = (body.len(), client.max_payload());
    if size > max {
        let room = subject.split('.').nth(3).unwrap_or_default();
        crate::bus::too_large("request", room, size, max);
        return Err(Failure::TooLarge(format!(
            "a request of {size} bytes exceeds the NATS server's max_payload ({max})"
        )));
    }
    match tokio::time::timeout(RPC_TIMEOUT, client.request(subject, body.into())).await {
        Ok(Ok(msg)) => match serde_json::from_slice(&msg.payload) {
            Ok(Reply::TooLarge { size, max }) => Err(Failure::TooLarge(format!(
                "an answer of {size} bytes exceeds the NATS server's max_payload ({max})"
            ))),
            Ok(reply) => Ok(reply),
            Err(e) => Err(Failure::Retry(format!("bad reply: {e}"))),
        },
        Ok(Err(e)) => Err(Failure::Retry(format!("room RPC failed: {e}"))),
        Err(_) => Err("room RPC timed out".into()),
    }
}

/// [`rpc`] to the owner of `epoch`, abandoned ([`Failure::Newer`]) once an owner of a later epoch announces
/// itself on the room's owner subject: the one asked has lost its lease (a survivor claims only then) and will
/// never answer for the room again.
pub(super) async fn call(
    client: &async_nats::Client,
    subject: String,
    req: &Request,
    epoch: i64,
    owners: Option<&mut Reader>,
) -> Result<Reply, Failure> {
    tokio::select! {
        r = rpc(client, subject, req) => r,
        () = newer_notice(owners, epoch) => Err(Failure::Newer),
    }
}

/// Resolves on an owner notice of an epoch after `epoch`, or when notices were skipped (one may have been).
async fn newer_notice(mut owners: Option<&mut Reader>, epoch: i64) {
    loop {
        match next_notice(owners.as_deref_mut()).await {
            Some(Some(n)) if n.epoch <= epoch => {}
            None => {}
            _ => return,
        }
    }
}

/// The next owner notice (never, without a subscription, or once it has ended); `Some(None)` when notices were
/// skipped (the reader lagged): the socket re-attaches, as for a newer owner. `None` for an unreadable one.
pub(super) async fn next_notice(owners: Option<&mut Reader>) -> Option<Option<OwnerNotice>> {
    match owners {
        Some(sub) => match sub.next().await {
            Next::Message(m) => serde_json::from_slice(&m.payload).ok().map(Some),
            Next::Lagged => Some(None),
            Next::Closed => std::future::pending().await,
        },
        None => std::future::pending().await,
    }
}

/// Resolves once the socket is attached to an owner of an epoch after `epoch` (its forwarding task moved it
/// there); never if that task has ended.
pub(super) async fn newer_link(link: &mut watch::Receiver<super::Link>, epoch: i64) {
    if link.wait_for(|l| l.owner.as_ref().is_some_and(|o| o.epoch > epoch)).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// What the client is told when NATS cannot carry what its socket needs.
pub(super) fn too_large_error(why: &str) -> Utf8Bytes {
    Utf8Bytes::from(crate::protocol::ServerMsg::error("relay_too_large", why).encode())
}
