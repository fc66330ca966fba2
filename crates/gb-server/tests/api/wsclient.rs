//! A real WebSocket client for tests (tokio-tungstenite), plus guests with their session cookie. It speaks
//! gb-protocol's typed messages: it sends `ClientMsg`, and every frame it reads must decode as
//! `gb_protocol::Received` (a frame the typed protocol cannot read fails the test). The frames are then handed
//! to the tests as JSON, which many assertions index directly; `abuse.rs` sends raw JSON on purpose.
use futures_util::{SinkExt, StreamExt};
use gb_core::{Intent, Seat};
use gb_server::protocol::{
    AccountView, ClientMsg, CreateRoom, GuestBody, JoinReply, JoinSeat, Received, Role, RoomInfo,
};
use serde_json::Value;

use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A logged-in guest: a cookie-jar HTTP client and the raw session cookie for the WebSocket handshake.
pub struct Guest {
    pub client: reqwest::Client,
    pub cookie: String,
    /// The account id.
    #[allow(dead_code)]
    pub id: String,
}

pub async fn guest_at(base: &str, name: &str) -> Guest {
    let client = crate::helpers::new_client();
    let body = GuestBody { display_name: name.to_owned() };
    let r = client.post(format!("{base}/api/guest")).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.split(';').next().filter(|kv| kv.starts_with("gb_session=")))
        .expect("session cookie")
        .to_owned();
    let me: AccountView = r.json().await.unwrap();
    Guest { client, cookie, id: me.id }
}

/// POST /api/rooms with `body`, returning the room id.
pub async fn create_room(base: &str, g: &Guest, body: Value) -> String {
    let r = g.client.post(format!("{base}/api/rooms")).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let info: RoomInfo = r.json().await.unwrap();
    info.id
}

pub async fn join(base: &str, g: &Guest, room: &str, deck: &str) -> Seat {
    let r = g
        .client
        .post(format!("{base}/api/rooms/{room}/seats"))
        .json(&JoinSeat::Preconstructed { preconstructed: deck.to_owned() })
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let reply: JoinReply = r.json().await.unwrap();
    reply.seat
}

pub fn public_room() -> Value {
    let room = CreateRoom {
        visibility: gb_server::protocol::Visibility::Public,
        best_of: 1,
        spectator_delay: None,
        clock: None,
        vs_bot: false,
        bot_level: None,
    };
    serde_json::to_value(room).unwrap()
}

pub struct Ws {
    pub inner: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// Opens `/ws/rooms/{room}` with an optional cookie and Origin.
pub async fn open(
    base: &str,
    room: &str,
    cookie: Option<&str>,
    origin: Option<&str>,
) -> Result<Ws, tokio_tungstenite::tungstenite::Error> {
    let url = format!("{}/ws/rooms/{room}", base.replacen("http", "ws", 1));
    let mut req = url.into_client_request().unwrap();
    if let Some(c) = cookie {
        req.headers_mut().insert("cookie", c.parse().unwrap());
    }
    if let Some(o) = origin {
        req.headers_mut().insert("origin", o.parse().unwrap());
    }
    let (inner, _) = tokio_tungstenite::connect_async(req).await?;
    Ok(Ws { inner })
}

pub fn hello(role: Role, last_version: Option<u32>) -> ClientMsg {
    ClientMsg::hello(role, last_version)
}

/// `intent` under sequence number `seq`.
pub fn intent(seq: u32, intent: Intent) -> ClientMsg {
    ClientMsg::Intent { seq, intent }
}

impl Ws {
    pub async fn send(&mut self, m: ClientMsg) {
        self.inner.send(Message::Text(m.encode().into())).await.unwrap();
    }

    /// Raw JSON, for the tests of what the server does with messages the typed protocol cannot express.
    pub async fn send_json(&mut self, v: Value) {
        self.inner.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    pub async fn send_raw(&mut self, m: Message) {
        let _ = self.inner.send(m).await;
    }

    /// The next JSON message (10 s at most); `None` when the socket closed.
    pub async fn next(&mut self) -> Option<Value> {
        self.next_within(Duration::from_secs(10)).await.expect("a message within 10 s")
    }

    /// `Err` on timeout, `Ok(None)` on close.
    pub async fn next_within(&mut self, d: Duration) -> Result<Option<Value>, ()> {
        loop {
            match tokio::time::timeout(d, self.inner.next()).await {
                Err(_) => return Err(()),
                Ok(Some(Ok(Message::Text(t)))) => {
                    if let Err(e) = Received::decode(&t) {
                        panic!("a server frame gb-protocol cannot read ({e}): {t}");
                    }
                    return Ok(Some(serde_json::from_str(&t).unwrap()));
                }
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => return Ok(None),
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// The next message of type `ty`, skipping others.
    pub async fn next_of(&mut self, ty: &str) -> Value {
        loop {
            let m = self.next().await.unwrap_or_else(|| panic!("closed while waiting for {ty}"));
            if m["type"] == ty {
                return m;
            }
        }
    }

    /// Reads until the server closes; returns the close code (None if it just dropped).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            match tokio::time::timeout(Duration::from_secs(10), self.inner.next()).await.expect("closed within 10 s") {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    }
}

/// A tiny deterministic picker (the test needs no cryptographic randomness).
pub struct Lcg(pub u64);
impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// A random legal intent other than concede from a frame's `legal`, if the frame says we owe one.
pub fn choose(frame: &Value, rng: &mut Lcg) -> Option<Intent> {
    let legal: Vec<Intent> = serde_json::from_value(frame.get("legal")?.clone()).expect("legal intents");
    let legal: Vec<Intent> = legal.into_iter().filter(|i| *i != Intent::Concede).collect();
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())].clone())
}

pub fn game_over(frame: &Value) -> bool {
    matches!(frame["type"].as_str(), Some("update" | "snapshot")) && !frame["view"]["outcome"].is_null()
}

/// Plays random legal intents until the game ends (conceding after `max` intents); returns every frame.
pub async fn play_seat(mut ws: Ws, seed: u64, max: u32) -> Vec<Value> {
    let mut rng = Lcg(seed);
    let mut frames = Vec::new();
    let mut seq = 0;
    while let Some(m) = ws.next().await {
        frames.push(m.clone());
        if game_over(&m) {
            break;
        }
        if matches!(m["type"].as_str(), Some("update" | "snapshot" | "rejected"))
            && let Some(chosen) = choose(&m, &mut rng)
        {
            seq += 1;
            let chosen = if seq > max { Intent::Concede } else { chosen };
            ws.send(intent(seq, chosen)).await;
        }
    }
    frames
}

/// Two guests seated in a fresh public room; returns (room, guests[A, B]).
pub async fn seated_room(base: &str, body: Value) -> (String, [Guest; 2]) {
    let a = crate::wsclient::guest_at(base, "Ann").await;
    let b = crate::wsclient::guest_at(base, "Bob").await;
    let room = create_room(base, &a, body).await;
    assert_eq!(join(base, &a, &room, "fire-and-wind").await, gb_core::Seat::A);
    assert_eq!(join(base, &b, &room, "tide-and-stone").await, gb_core::Seat::B);
    (room, [a, b])
}

pub async fn connect(base: &str, room: &str, cookie: Option<&str>, role: Role, last: Option<u32>) -> (Ws, Value) {
    let mut ws = open(base, room, cookie, None).await.expect("upgrade");
    ws.send(hello(role, last)).await;
    let welcome = ws.next_of("welcome").await;
    (ws, welcome)
}

/// The next `update` or `skip` (one per version).
pub async fn next_version(ws: &mut Ws) -> Value {
    loop {
        let m = ws.next().await.expect("open");
        if m["type"] == "update" || m["type"] == "skip" {
            return m;
        }
    }
}

/// Plays `n` versions with random legal intents, whoever owes; `last` holds each seat's latest update/snapshot.
pub async fn advance(ws: [&mut Ws; 2], last: &mut [Value; 2], rng: &mut Lcg, n: u32) -> u32 {
    let [wa, wb] = ws;
    let mut v = 0;
    for _ in 0..n {
        let owner = if choose(&last[0], &mut Lcg(0)).is_some() { 0 } else { 1 };
        let chosen = choose(&last[owner], rng).expect("someone owes a decision");
        let ws = if owner == 0 { &mut *wa } else { &mut *wb };
        ws.send(intent(1, chosen)).await;
        for (i, w) in [&mut *wa, &mut *wb].into_iter().enumerate() {
            let m = next_version(w).await;
            v = m["v"].as_u64().unwrap() as u32;
            if m["type"] == "update" {
                last[i] = m;
            }
        }
    }
    v
}
