//! A real WebSocket client for tests (tokio-tungstenite), plus guests with their session cookie.
use futures_util::{SinkExt, StreamExt};
use gb_server::protocol::{
    AccountView, FoldError, GuestBody, JoinReply, JoinSeat, PROTOCOL_VERSION, Received, ViewState,
};
use serde::Deserialize;
use serde_json::{Value, json};

use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A logged-in guest: a cookie-jar HTTP client and the raw session cookie for the WebSocket handshake.
pub(crate) struct Guest {
    pub client: reqwest::Client,
    pub cookie: String,
    /// The account id.
    #[allow(dead_code)]
    pub id: String,
}

pub(crate) async fn guest_at(base: &str, name: &str) -> Guest {
    let client = crate::helpers::new_client();
    let r = client
        .post(format!("{base}/api/guest"))
        .json(&GuestBody { display_name: name.to_owned() })
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.split(';').next().filter(|kv| kv.starts_with("gb_session=")))
        .expect("session cookie")
        .to_owned();
    let account: AccountView = r.json().await.unwrap();
    Guest { client, cookie, id: account.id }
}

/// POST /api/rooms with `body`, returning the room id.
pub(crate) async fn create_room(base: &str, g: &Guest, body: Value) -> String {
    let r = g.client.post(format!("{base}/api/rooms")).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let info: Value = r.json().await.unwrap();
    info["id"].as_str().unwrap().to_owned()
}

pub(crate) async fn join(base: &str, g: &Guest, room: &str, deck: &str) -> String {
    let r = g
        .client
        .post(format!("{base}/api/rooms/{room}/seats"))
        .json(&JoinSeat::Preconstructed { preconstructed: deck.to_owned() })
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let reply: JoinReply = r.json().await.unwrap();
    format!("{:?}", reply.seat)
}

pub(crate) fn public_room() -> Value {
    json!({ "visibility": "public", "best_of": 1, "spectator_delay": null, "clock": null, "vs_bot": false })
}

/// A free-for-all room for `seats` (3–6) whose computers, if the host's start seats any, play at random.
pub(crate) fn free_for_all(seats: u8) -> Value {
    json!({ "visibility": "public", "best_of": 1, "seats": seats, "bot_level": "random" })
}

/// `names` as guests at a new room `body` describes, created by the first (its host) and joined by each in turn
/// with a preconstructed deck; returns the room and the guests.
pub(crate) async fn seated_table(base: &str, body: Value, names: &[&str]) -> (String, Vec<Guest>) {
    let mut guests = Vec::new();
    for name in names {
        guests.push(guest_at(base, name).await);
    }
    let room = create_room(base, &guests[0], body).await;
    for (i, g) in guests.iter().enumerate() {
        join(base, g, &room, ["fire-and-wind", "tide-and-stone"][i % 2]).await;
    }
    (room, guests)
}

/// The seat `name` holds in a `RoomInfo` (after the start, the free-for-all's random seating decides, MP-3).
pub(crate) fn seat_of(info: &Value, name: &str) -> String {
    let seats = info["seats"].as_array().unwrap();
    let s = seats.iter().find(|s| s["display_name"] == name).unwrap_or_else(|| panic!("{name} seated: {info}"));
    s["seat"].as_str().unwrap().to_owned()
}

pub(crate) struct Ws {
    pub inner: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The `{view, legal}` this client holds (docs/protocol.md, "Deltas"): set by a snapshot, patched by updates.
    state: ViewState,
    /// Every text frame as received, for byte comparisons across nodes.
    pub raw: Vec<String>,
}

/// Opens `/ws/rooms/{room}` with an optional cookie and Origin.
pub(crate) async fn open(
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
    Ok(Ws { inner, state: ViewState::default(), raw: Vec::new() })
}

pub(crate) fn hello(role: &str, last_version: Option<u32>) -> Value {
    json!({ "type": "hello", "protocol": PROTOCOL_VERSION, "as": role, "last_version": last_version })
}

impl Ws {
    pub(crate) async fn send(&mut self, v: Value) {
        self.inner.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    pub(crate) async fn send_raw(&mut self, m: Message) {
        let _ = self.inner.send(m).await;
    }

    /// The next JSON message (10 s at most); `None` when the socket closed.
    pub(crate) async fn next(&mut self) -> Option<Value> {
        self.next_within(Duration::from_secs(10)).await.expect("a message within 10 s")
    }

    /// `Err` on timeout, `Ok(None)` on close.
    pub(crate) async fn next_within(&mut self, d: Duration) -> Result<Option<Value>, ()> {
        loop {
            match tokio::time::timeout(d, self.inner.next()).await {
                Err(_) => return Err(()),
                Ok(Some(Ok(Message::Text(t)))) => {
                    self.raw.push(t.to_string());
                    return Ok(Some(self.hold(serde_json::from_str(&t).unwrap())));
                }
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => return Ok(None),
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// Folds each frame into the `{view, legal}` this client holds (gb-protocol's `ViewState`, as gb-loadgen
    /// does) and gives an update the full `view` and `legal` like a snapshot, so tests read frames the way the
    /// web client's socket layer hands them on.
    fn hold(&mut self, mut m: Value) -> Value {
        let frame = Received::deserialize(&m).unwrap_or_else(|e| panic!("a server frame ({e}): {m}"));
        match self.state.fold(&frame) {
            Ok(()) => {}
            // A socket opened with a `last_version` it never held (a test resuming by number) has no document:
            // its updates stay bare patches.
            Err(FoldError::NoSnapshot { .. }) => {}
            Err(e) => panic!("{e}"),
        }
        if m["type"] == "update" && self.state.version().is_some() {
            m["view"] = self.state.view().clone();
            m["legal"] = Value::from(self.state.legal_json());
        }
        m
    }

    /// The next message of type `ty`, skipping others.
    pub(crate) async fn next_of(&mut self, ty: &str) -> Value {
        loop {
            let m = self.next().await.unwrap_or_else(|| panic!("closed while waiting for {ty}"));
            if m["type"] == ty {
                return m;
            }
        }
    }

    /// Reads until the server closes; returns the close code (None if it just dropped).
    pub(crate) async fn close_code(&mut self) -> Option<u16> {
        loop {
            match tokio::time::timeout(Duration::from_secs(10), self.inner.next()).await.expect("closed within 10 s") {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    }
}

/// A protocol 5 player's `hello` to the free-for-all `room` at `base`: it must get a `protocol_too_old` error it
/// can read, then close 4000 (protocol.md), whichever node its socket is on.
pub(crate) async fn refused_as_protocol_5(base: &str, room: &str, cookie: &str) {
    let mut old = open(base, room, Some(cookie), None).await.unwrap();
    old.send(json!({ "type": "hello", "protocol": 5, "as": "player", "last_version": null })).await;
    let refused = old.next().await.expect("an error before the close");
    assert_eq!((refused["type"].as_str(), refused["code"].as_str()), (Some("error"), Some("protocol_too_old")));
    assert_eq!(old.close_code().await, Some(gb_server::protocol::close::BAD_PROTOCOL));
}

/// A tiny deterministic picker (the test needs no cryptographic randomness).
pub(crate) struct Lcg(pub u64);
impl Lcg {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// A random legal intent other than concede from a frame's `legal`, if the frame says we owe one.
pub(crate) fn choose(frame: &Value, rng: &mut Lcg) -> Option<Value> {
    let legal: Vec<&Value> = frame["legal"].as_array()?.iter().filter(|i| i["type"] != "concede").collect();
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())].clone())
}

pub(crate) fn game_over(frame: &Value) -> bool {
    matches!(frame["type"].as_str(), Some("update" | "snapshot")) && !frame["view"]["outcome"].is_null()
}

/// Plays random legal intents until the game ends (conceding after `max` intents); returns every frame.
pub(crate) async fn play_seat(ws: Ws, seed: u64, max: u32) -> Vec<Value> {
    play_seat_keep(ws, seed, max).await.0
}

/// [`play_seat`], giving the socket back too (its raw frames, or to go on reading).
pub(crate) async fn play_seat_keep(mut ws: Ws, seed: u64, max: u32) -> (Vec<Value>, Ws) {
    let mut rng = Lcg(seed);
    let mut frames = Vec::new();
    let mut seq = 0;
    while let Some(m) = ws.next().await {
        frames.push(m.clone());
        if game_over(&m) {
            break;
        }
        if matches!(m["type"].as_str(), Some("update" | "snapshot" | "rejected"))
            && let Some(intent) = choose(&m, &mut rng)
        {
            seq += 1;
            let intent = if seq > max { json!({ "type": "concede" }) } else { intent };
            ws.send(json!({ "type": "intent", "seq": seq, "intent": intent })).await;
        }
    }
    (frames, ws)
}

/// Two guests seated in a fresh public room; returns (room, guests[A, B]).
pub(crate) async fn seated_room(base: &str, body: Value) -> (String, [Guest; 2]) {
    let a = crate::wsclient::guest_at(base, "Ann").await;
    let b = crate::wsclient::guest_at(base, "Bob").await;
    let room = create_room(base, &a, body).await;
    assert_eq!(join(base, &a, &room, "fire-and-wind").await, "A");
    assert_eq!(join(base, &b, &room, "tide-and-stone").await, "B");
    (room, [a, b])
}

pub(crate) async fn connect(
    base: &str,
    room: &str,
    cookie: Option<&str>,
    role: &str,
    last: Option<u32>,
) -> (Ws, Value) {
    let mut ws = open(base, room, cookie, None).await.expect("upgrade");
    ws.send(hello(role, last)).await;
    let welcome = ws.next_of("welcome").await;
    (ws, welcome)
}

#[allow(dead_code)]
/// Reconnects as a real client does: with the `{view, legal}` it held and that document's version, so the
/// updates after it patch what it holds.
pub(crate) async fn resume(base: &str, room: &str, cookie: Option<&str>, held: ViewState) -> (Ws, Value) {
    try_resume(base, room, cookie, "player", held).await.expect("resumed")
}

#[allow(dead_code)]
/// [`resume`] as `role`, or `Err` if the server is not there (refused, closed, or no welcome within 10 s).
pub(crate) async fn try_resume(
    base: &str,
    room: &str,
    cookie: Option<&str>,
    role: &str,
    held: ViewState,
) -> Result<(Ws, Value), ()> {
    let mut ws = open(base, room, cookie, None).await.map_err(|_| ())?;
    let last = held.version();
    ws.state = held;
    ws.send_raw(Message::Text(hello(role, last).to_string().into())).await;
    loop {
        match ws.next_within(Duration::from_secs(10)).await {
            Ok(Some(m)) if m["type"] == "welcome" => return Ok((ws, m)),
            Ok(Some(_)) => continue,
            _ => return Err(()),
        }
    }
}

impl Ws {
    /// The `{view, legal}` this client holds, to resume with on another socket.
    #[allow(dead_code)]
    pub(crate) fn held(&self) -> ViewState {
        self.state.clone()
    }
}

/// The next `update` or `skip` (one per version).
pub(crate) async fn next_version(ws: &mut Ws) -> Value {
    loop {
        let m = ws.next().await.expect("open");
        if m["type"] == "update" || m["type"] == "skip" {
            return m;
        }
    }
}

/// Plays `n` versions with random legal intents, whoever owes; `last` holds each seat's latest update/snapshot.
pub(crate) async fn advance(mut ws: [&mut Ws; 2], last: &mut [Value; 2], rng: &mut Lcg, n: u32) -> u32 {
    advance_table(&mut ws, last, rng, n).await
}

/// [`advance`] for a table of any size: the socket whose frame lists intents plays one; when none does, a
/// computer owes, and the sockets just read its version. Every socket reads every version (an `update` or a
/// `skip`), so they stay in step.
pub(crate) async fn advance_table(ws: &mut [&mut Ws], last: &mut [Value], rng: &mut Lcg, n: u32) -> u32 {
    let mut v = 0;
    for _ in 0..n {
        if let Some(owner) = owing(last) {
            let intent = choose(&last[owner], rng).expect("the owner has a choice");
            ws[owner].send(json!({ "type": "intent", "seq": 1, "intent": intent })).await;
        }
        for (i, w) in ws.iter_mut().enumerate() {
            let m = next_version(w).await;
            v = m["v"].as_u64().unwrap() as u32;
            if m["type"] == "update" {
                last[i] = m;
            }
        }
    }
    v
}

/// Which of `last` (each socket's latest frame) owes a decision, if any (else a computer owes, or nobody).
pub(crate) fn owing(last: &[Value]) -> Option<usize> {
    last.iter().position(|f| choose(f, &mut Lcg(0)).is_some())
}

/// `GET /api/matches/{id}/replay` once the record is published (its room closed): polls for up to 20 s.
pub(crate) async fn released_replay(client: &reqwest::Client, base: &str, match_id: &str) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let replay: Value =
            client.get(format!("{base}/api/matches/{match_id}/replay")).send().await.unwrap().json().await.unwrap();
        if !replay["record"].is_null() {
            return replay;
        }
        assert!(std::time::Instant::now() < deadline, "the record was never published: {replay}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Frames that belong to a viewer kind's stream (not presence, answers or the per-socket welcome).
pub(crate) fn stream_frames(ws: &Ws) -> Vec<String> {
    let per_socket = ["welcome", "room", "accepted", "rejected", "error", "pong"];
    ws.raw
        .iter()
        .filter(|t| {
            let v: Value = serde_json::from_str(t).unwrap();
            !per_socket.contains(&v["type"].as_str().unwrap_or(""))
        })
        .cloned()
        .collect()
}

/// The end of a free-for-all of `seats` as each seat's frames saw it: one outcome for all, and the places naming
/// every seat with the winner first (MP-30). Returns the winner and the places.
pub(crate) fn last_standing(seat_frames: &[&Vec<Value>], seats: usize) -> (Value, Vec<Value>) {
    let ends: Vec<&Value> =
        seat_frames.iter().map(|f| f.iter().rev().find(|m| game_over(m)).expect("the end")).collect();
    let outcome = &ends[0]["view"]["outcome"];
    assert!(ends.iter().all(|e| &e["view"]["outcome"] == outcome), "one outcome for every seat");
    let places = ends[0]["view"]["places"].as_array().expect("a free-for-all's places in the view").clone();
    assert_eq!(places[0], outcome["winner"], "the winner is first (MP-30)");
    let mut sorted: Vec<&str> = places.iter().map(|p| p.as_str().unwrap()).collect();
    sorted.sort_unstable();
    assert_eq!(sorted, ["A", "B", "C", "D", "E", "F"][..seats], "every seat placed once");
    (outcome["winner"].clone(), places)
}

/// Sends a ping and reads up to its pong: the socket must be sent nothing but presence (`room`) before it, no
/// version it has not asked for.
pub(crate) async fn quiet_until_pong(ws: &mut Ws) {
    ws.send(json!({ "type": "ping" })).await;
    loop {
        let m = ws.next().await.unwrap();
        match m["type"].as_str() {
            Some("pong") => break,
            Some("room") => continue,
            _ => panic!("nothing should be sent at the head: {m}"),
        }
    }
}

/// Reads until the game is over (10 s per frame at most).
pub(crate) async fn watch_to_end(ws: &mut Ws) {
    while let Some(m) = ws.next().await {
        if game_over(&m) {
            return;
        }
    }
    panic!("closed before the game ended");
}
