//! The REST side of a table (guest accounts with their session cookie, a room, two seats) and WebSocket
//! connections with `hello`, exactly as a browser does it.
use anyhow::{Context, Result, bail};
use gb_protocol::{ClientMsg, CreateRoom, GuestBody, JoinReply, JoinSeat, Role, RoomInfo, Visibility};
use serde::{Serialize, de::DeserializeOwned};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

pub(crate) type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const DECKS: [&str; 4] = ["fire-and-wind", "tide-and-stone", "night-and-light", "storm-court"];

/// A guest's session cookie (`gb_session=…`).
pub(crate) async fn guest(http: &reqwest::Client, base: &str, name: &str) -> Result<String> {
    let r = http.post(format!("{base}/api/guest")).json(&GuestBody { display_name: name.to_owned() }).send().await?;
    if !r.status().is_success() {
        bail!("guest: HTTP {}", r.status());
    }
    r.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.split(';').next().filter(|kv| kv.starts_with("gb_session=")))
        .map(str::to_owned)
        .context("no session cookie")
}

/// Posts a typed body and reads the typed reply; a refusal reports the server's error body as text.
async fn post<B: Serialize, R: DeserializeOwned>(
    http: &reqwest::Client,
    url: String,
    cookie: &str,
    body: &B,
) -> Result<R> {
    Ok(post_naming_node(http, url, cookie, body).await?.0)
}

/// [`post`], with the node a cluster names as the one that ran a room call (`x-gb-node`, its `/healthz` `node`).
async fn post_naming_node<B: Serialize, R: DeserializeOwned>(
    http: &reqwest::Client,
    url: String,
    cookie: &str,
    body: &B,
) -> Result<(R, Option<String>)> {
    let r = http.post(url).header("cookie", cookie).json(body).send().await?;
    let status = r.status();
    let node = r.headers().get("x-gb-node").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let text = r.text().await?;
    if !status.is_success() {
        bail!("HTTP {status}: {text}");
    }
    Ok((serde_json::from_str(&text).with_context(|| format!("reply body: {text}"))?, node))
}

/// Each node's id as its `/healthz` says (`None` on a single server, which names none): how a room call's
/// `x-gb-node` is turned back into a node of `bases`.
pub(crate) async fn node_ids(http: &reqwest::Client, bases: &[String]) -> Result<Vec<Option<String>>> {
    let mut ids = Vec::new();
    for base in bases {
        let health: serde_json::Value = http.get(format!("{base}/healthz")).send().await?.json().await?;
        ids.push(health["node"].as_str().map(str::to_owned));
    }
    Ok(ids)
}

/// A public best-of-one room without clock or delay, created on node n mod N, both seats taken; returns (room
/// id, the index of the room's owner, [cookie A, cookie B]). `ids`: [`node_ids`] of `bases`.
pub(crate) async fn table(
    http: &reqwest::Client,
    bases: &[String],
    ids: &[Option<String>],
    n: u64,
) -> Result<(String, usize, [String; 2])> {
    let first = n as usize % bases.len();
    let base = &bases[first];
    let a = guest(http, base, &format!("load{n}a")).await?;
    let b = guest(http, base, &format!("load{n}b")).await?;
    let create = CreateRoom {
        visibility: Visibility::Public,
        best_of: 1,
        seats: gb_protocol::TWO_SEATS,
        spectator_delay: None,
        clock: None,
        vs_bot: false,
        bot_level: None,
        rated: false,
    };
    let room: RoomInfo = post(http, format!("{base}/api/rooms"), &a, &create).await?;
    let id = room.id;
    let mut owner = first;
    for (i, cookie) in [&a, &b].into_iter().enumerate() {
        let deck = JoinSeat::Preconstructed { preconstructed: DECKS[(n as usize + i) % 4].to_owned() };
        owner = join(http, bases, ids, owner, &id, cookie, &deck).await?;
    }
    Ok((id, owner, [a, b]))
}

/// Takes a seat, asking the nodes in turn from `from` (a room placed on another node may not be claimed yet,
/// which a sweep interval settles); returns the index of the room's owner. Any node of a cluster answers a seat
/// call, relayed to the owner, so the owner is the node the answer names (`x-gb-node`), not the one that
/// answered; a single server names none.
async fn join(
    http: &reqwest::Client,
    bases: &[String],
    ids: &[Option<String>],
    from: usize,
    room: &str,
    cookie: &str,
    deck: &JoinSeat,
) -> Result<usize> {
    let mut last = None;
    let attempts = if bases.len() == 1 { 1 } else { bases.len() * 20 };
    for attempt in 0..attempts {
        let i = (from + attempt) % bases.len();
        let url = format!("{}/api/rooms/{room}/seats", bases[i]);
        match post_naming_node::<_, JoinReply>(http, url, cookie, deck).await {
            Ok((_, node)) => {
                let named = node.and_then(|n| ids.iter().position(|id| id.as_deref() == Some(n.as_str())));
                return Ok(named.unwrap_or(i));
            }
            Err(e) => last = Some(e),
        }
        if i + 1 == bases.len() {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
    Err(last.expect("tried at least once")).context("no node seats the player")
}

/// Opens `/ws/rooms/{room}` and says hello as `role`, in this build's protocol version.
pub(crate) async fn open(base: &str, room: &str, cookie: Option<&str>, role: Role) -> Result<Ws> {
    use futures_util::SinkExt;
    let url = format!("{}/ws/rooms/{room}", base.replacen("http", "ws", 1));
    let mut req = url.into_client_request()?;
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", c.parse()?);
    }
    // TCP_NODELAY, as a browser sets it: with Nagle the client's intents and the server's frames waited for
    // delayed ACKs and the client-side latency measured the kernel, not the server (issue 14).
    // A 4 KiB read buffer (an update is ~300 B, a snapshot ~3 KB; longer messages still arrive whole):
    // tungstenite zero-fills its whole read buffer before every read, and at the 128 KiB default that memset was
    // 15 % of the generator's CPU (issue 14). The server reads with 1 KiB.
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let (mut ws, _) = connect_async_with_config(req, Some(config), true).await?;
    ws.send(ClientMsg::hello(role, None).encode().into()).await?;
    Ok(ws)
}
