//! The floor's room server, in four shapes that add, one at a time, what gb-server's shape has and the bare relay
//! has not (issue 47: which of the server's cost is the shape and which is the game):
//! - `inline`: the reader of the socket that moves does the room's work under a mutex and queues the frame for
//!   every member's writer (one reader and one writer task per socket);
//! - `actor`: each room is a task of its own that owns its members and its turn; a reader hands it the intent
//!   over a channel, as gb-server's reader hands its room a command;
//! - `durable`: the actor, and before any member hears of an intent it is appended to a SQLite log by one writer
//!   thread (WAL, `synchronous = NORMAL`, the group commit of what queued during the previous write) and
//!   acknowledged back to the room, as gb-server's `persist` does: a version is durable before it is announced;
//! - `durable-inline`: the same log, but the room task appends on its own thread (a connection behind a mutex),
//!   so no thread is woken to write and none to acknowledge: what the writer thread's hand-offs cost.
//!
//! None has rules, views or JSON: what `durable` costs over `inline` is the price of the actor and the log, and
//! what gb-server costs over `durable` is the price of the game.
use anyhow::Result;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// What every member gets back for an intent (an update's size on the wire, about).
const FRAME_BYTES: usize = 80;
/// A member's queue, as gb-server's `ws_queue` bounds it.
const MEMBER_QUEUE: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Shape {
    Inline,
    Actor,
    Durable,
    DurableInline,
}

impl Shape {
    /// Its name on the command line.
    pub(crate) fn name(self) -> String {
        use clap::ValueEnum;
        self.to_possible_value().map(|v| v.get_name().to_owned()).unwrap_or_default()
    }
}

/// Runs the server on a free loopback port and prints the port. `log` is the SQLite file `durable` appends to.
pub(crate) async fn serve(shape: Shape, log: Option<PathBuf>) -> Result<()> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    println!("{}", listener.local_addr()?.port());
    let log = match (shape, log) {
        (Shape::Durable | Shape::DurableInline, Some(path)) => Some(Log::open(path, shape)?),
        (Shape::Durable | Shape::DurableInline, None) => anyhow::bail!("the durable shapes need a log file"),
        _ => None,
    };
    let rooms = Rooms { shape, log, map: Arc::default() };
    loop {
        let (stream, _) = listener.accept().await?;
        tokio::spawn(member(stream, rooms.clone()));
    }
}

#[derive(Clone)]
struct Rooms {
    shape: Shape,
    log: Option<Log>,
    map: Arc<Mutex<HashMap<u32, Room>>>,
}

/// A room as `inline` keeps it (behind the map's mutex), or as the others reach their room's task.
enum Room {
    Shared { members: Vec<mpsc::Sender<Message>>, turn: u8 },
    Task(mpsc::Sender<ToRoom>),
}

enum ToRoom {
    Join(mpsc::Sender<Message>),
    Intent(u8, tokio_tungstenite::tungstenite::Bytes),
}

/// The frame an intent makes: whose turn is next, then the intent's bytes.
fn frame_after(turn: u8, intent: &[u8]) -> Message {
    let mut frame = vec![0u8; FRAME_BYTES];
    frame[0] = turn;
    let n = intent.len().min(FRAME_BYTES - 1);
    frame[1..1 + n].copy_from_slice(&intent[..n]);
    Message::binary(frame)
}

/// One socket: `/ROOM/SEAT` (`0`, `1`, or `s` for a spectator). A seat's message on its turn passes the turn and
/// is sent, as one shared frame, to every member's queue; each member's writer feeds what is queued, then flushes
/// once, as gb-server's writer does.
async fn member(stream: TcpStream, rooms: Rooms) -> Result<()> {
    stream.set_nodelay(true)?;
    let mut path = String::new();
    let config = WebSocketConfig::default().read_buffer_size(1024).write_buffer_size(1024);
    // The handshake callback's error type is tungstenite's own (an HTTP response); this one never fails.
    #[allow(clippy::result_large_err)]
    let callback = |req: &Request, resp: Response| {
        path = req.uri().path().to_owned();
        Ok(resp)
    };
    let ws = tokio_tungstenite::accept_hdr_async_with_config(stream, callback, Some(config)).await?;
    let mut parts = path.trim_start_matches('/').split('/');
    let room: u32 = parts.next().unwrap_or_default().parse()?;
    let seat: Option<u8> = parts.next().and_then(|s| s.parse().ok());
    let (sink, mut incoming) = ws.split();
    let (tx, rx) = mpsc::channel::<Message>(MEMBER_QUEUE);
    tokio::spawn(writer(sink, rx));
    let task = rooms.join(room, tx).await;
    while let Some(msg) = incoming.next().await {
        let (Message::Binary(intent), Some(seat)) = (msg?, seat) else { continue };
        match &task {
            Some(task) => {
                if task.send(ToRoom::Intent(seat, intent)).await.is_err() {
                    break;
                }
            }
            None => rooms.play_inline(room, seat, &intent),
        }
    }
    Ok(())
}

impl Rooms {
    /// Adds a member's queue to its room; returns the room's task where the shape has one.
    async fn join(&self, room: u32, tx: mpsc::Sender<Message>) -> Option<mpsc::Sender<ToRoom>> {
        let task = {
            let mut map = self.map.lock().expect("rooms");
            match map.entry(room).or_insert_with(|| self.open(room)) {
                Room::Shared { members, .. } => {
                    members.push(tx.clone());
                    None
                }
                Room::Task(task) => Some(task.clone()),
            }
        };
        if let Some(task) = &task {
            let _ = task.send(ToRoom::Join(tx)).await;
        }
        task
    }

    fn open(&self, room: u32) -> Room {
        if self.shape == Shape::Inline {
            return Room::Shared { members: Vec::new(), turn: 0 };
        }
        let (tx, rx) = mpsc::channel(MEMBER_QUEUE);
        tokio::spawn(room_task(room, rx, self.log.clone()));
        Room::Task(tx)
    }

    fn play_inline(&self, room: u32, seat: u8, intent: &[u8]) {
        let mut map = self.map.lock().expect("rooms");
        let Some(Room::Shared { members, turn }) = map.get_mut(&room) else { return };
        if *turn != seat {
            return;
        }
        *turn ^= 1;
        let frame = frame_after(*turn, intent);
        for m in members.iter() {
            let _ = m.try_send(frame.clone());
        }
    }
}

/// A room's own task: members join it, intents reach it in order, and (durable) each is in the log before any
/// member's queue gets its frame.
async fn room_task(room: u32, mut rx: mpsc::Receiver<ToRoom>, log: Option<Log>) {
    let (mut members, mut turn, mut version) = (Vec::<mpsc::Sender<Message>>::new(), 0u8, 0u32);
    while let Some(msg) = rx.recv().await {
        match msg {
            ToRoom::Join(tx) => members.push(tx),
            ToRoom::Intent(seat, intent) if seat == turn => {
                // A version not logged is not played: the turn stays, and the next intent takes its number.
                if let Some(log) = &log
                    && !log.append(room, version + 1, seat, intent.to_vec()).await
                {
                    continue;
                }
                version += 1;
                turn ^= 1;
                let frame = frame_after(turn, &intent);
                for m in &members {
                    let _ = m.try_send(frame.clone());
                }
            }
            ToRoom::Intent(..) => {}
        }
    }
}

async fn writer(mut sink: SplitSink<WebSocketStream<TcpStream>, Message>, mut rx: mpsc::Receiver<Message>) {
    while let Some(frame) = rx.recv().await {
        let mut ok = sink.feed(frame).await.is_ok();
        while let (true, Ok(frame)) = (ok, rx.try_recv()) {
            ok = sink.feed(frame).await.is_ok();
        }
        if !ok || sink.flush().await.is_err() {
            break;
        }
    }
}

/// The intent log: one writer thread with its own SQLite connection, fed over a channel, each append
/// acknowledged once its group is committed; or (`durable-inline`) the connection itself, written by the room.
#[derive(Clone)]
enum Log {
    Thread(mpsc::Sender<(Append, oneshot::Sender<bool>)>),
    Inline(Arc<Mutex<rusqlite::Connection>>),
}

struct Append {
    room: u32,
    version: u32,
    seat: u8,
    body: Vec<u8>,
}

impl Log {
    fn open(path: PathBuf, shape: Shape) -> Result<Log> {
        let conn = rusqlite::Connection::open(&path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS log (room INTEGER NOT NULL, version INTEGER NOT NULL, \
             seat INTEGER NOT NULL, body BLOB NOT NULL, PRIMARY KEY (room, version))",
        )?;
        if shape == Shape::DurableInline {
            return Ok(Log::Inline(Arc::new(Mutex::new(conn))));
        }
        let (tx, rx) = mpsc::channel(4096);
        std::thread::spawn(move || write_log(conn, rx));
        Ok(Log::Thread(tx))
    }

    async fn append(&self, room: u32, version: u32, seat: u8, body: Vec<u8>) -> bool {
        let append = Append { room, version, seat, body };
        match self {
            Log::Thread(tx) => {
                let (ack, done) = oneshot::channel();
                if tx.send((append, ack)).await.is_err() {
                    return false;
                }
                done.await.unwrap_or(false)
            }
            Log::Inline(conn) => commit(&mut conn.lock().expect("log"), std::slice::from_ref(&append)).is_ok(),
        }
    }
}

/// Takes the first append and whatever queued behind it, writes them in one transaction (a lone row on its own),
/// and acknowledges each.
fn write_log(mut conn: rusqlite::Connection, mut rx: mpsc::Receiver<(Append, oneshot::Sender<bool>)>) {
    let (mut group, mut acks) = (Vec::new(), Vec::new());
    while let Some(first) = rx.blocking_recv() {
        let mut next = Some(first);
        while let Some((append, ack)) = next {
            group.push(append);
            acks.push(ack);
            next = rx.try_recv().ok();
        }
        let ok = commit(&mut conn, &group).is_ok();
        group.clear();
        for ack in acks.drain(..) {
            let _ = ack.send(ok);
        }
    }
}

fn commit(conn: &mut rusqlite::Connection, group: &[Append]) -> rusqlite::Result<()> {
    const INSERT: &str = "INSERT INTO log (room, version, seat, body) VALUES (?1, ?2, ?3, ?4)";
    let insert = |c: &rusqlite::Connection, a: &Append| {
        c.prepare_cached(INSERT)?.execute(rusqlite::params![a.room, a.version, a.seat, a.body]).map(|_| ())
    };
    if let [a] = group {
        return insert(conn, a);
    }
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    for a in group {
        insert(&tx, a)?;
    }
    tx.commit()
}
