//! The REST side of a table (guest accounts with their session cookie, a room, two seats) and WebSocket
//! connections with `hello`, exactly as a browser does it.
use anyhow::{Context, Result, bail};
use gb_protocol::{ClientMsg, CreateRoom, GuestBody, JoinReply, JoinSeat, Role, RoomInfo, Visibility};
use serde::{Serialize, de::DeserializeOwned};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const DECKS: [&str; 4] = ["fire-and-wind", "tide-and-stone", "night-and-light", "storm-court"];

/// A guest's session cookie (`gb_session=…`).
pub async fn guest(http: &reqwest::Client, base: &str, name: &str) -> Result<String> {
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
    let r = http.post(url).header("cookie", cookie).json(body).send().await?;
    let status = r.status();
    let text = r.text().await?;
    if !status.is_success() {
        bail!("HTTP {status}: {text}");
    }
    serde_json::from_str(&text).with_context(|| format!("reply body: {text}"))
}

/// A public best-of-one room without clock or delay, both seats taken; returns (room id, [cookie A, cookie B]).
pub async fn table(http: &reqwest::Client, base: &str, n: u64) -> Result<(String, [String; 2])> {
    let a = guest(http, base, &format!("load{n}a")).await?;
    let b = guest(http, base, &format!("load{n}b")).await?;
    let create = CreateRoom {
        visibility: Visibility::Public,
        best_of: 1,
        spectator_delay: None,
        clock: None,
        vs_bot: false,
        bot_level: None,
    };
    let room: RoomInfo = post(http, format!("{base}/api/rooms"), &a, &create).await?;
    let id = room.id;
    for (i, cookie) in [&a, &b].into_iter().enumerate() {
        let deck = JoinSeat::Preconstructed { preconstructed: DECKS[(n as usize + i) % 4].to_owned() };
        let _: JoinReply = post(http, format!("{base}/api/rooms/{id}/seats"), cookie, &deck).await?;
    }
    Ok((id, [a, b]))
}

/// Opens `/ws/rooms/{room}` and says hello as `role`, in this build's protocol version.
pub async fn open(base: &str, room: &str, cookie: Option<&str>, role: Role) -> Result<Ws> {
    use futures_util::SinkExt;
    let url = format!("{}/ws/rooms/{room}", base.replacen("http", "ws", 1));
    let mut req = url.into_client_request()?;
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", c.parse()?);
    }
    let (mut ws, _) = connect_async(req).await?;
    ws.send(ClientMsg::hello(role, None).encode().into()).await?;
    Ok(ws)
}
