import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, type ClientMsg, type RoomInfo, type ServerMsg } from "./protocol";
import { GameSocket, withConcede, type Connection, type SocketEvent, type Timers } from "./socket";
import type { MatchView } from "./gen/MatchView";
import { mainView } from "./test/fixtures";

/** A scripted transport: records connections and what the client sent on each. */
class FakeNet {
  conns: FakeConn[] = [];
  transport = (url: string): Connection => {
    const c = new FakeConn(url);
    this.conns.push(c);
    return c;
  };
  get last(): FakeConn {
    return this.conns[this.conns.length - 1]!;
  }
}

class FakeConn implements Connection {
  sent: ClientMsg[] = [];
  closed: number | null = null;
  onopen = () => {};
  onmessage = (_: string) => {};
  onclose = (_c: number, _r: string) => {};
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(JSON.parse(text) as ClientMsg);
  }
  close(code = 1000) {
    this.closed = code;
  }
  recv(msg: ServerMsg) {
    this.onmessage(JSON.stringify(msg));
  }
}

/** Manual timers: nothing fires until `run` is called. */
class FakeTimers implements Timers {
  pending: { fn: () => void; ms: number; id: number }[] = [];
  private n = 0;
  setTimeout(fn: () => void, ms: number) {
    const id = ++this.n;
    this.pending.push({ fn, ms, id });
    return id;
  }
  clearTimeout(h: unknown) {
    this.pending = this.pending.filter((p) => p.id !== h);
  }
  runAll() {
    const p = this.pending;
    this.pending = [];
    p.forEach((t) => t.fn());
  }
}

const room: RoomInfo = { id: "r1", visibility: "public", best_of: 1, seats: [null, null], status: "playing", games: [], series_winner: null, spectators: 0, spectator_delay: null, clock: null, seed_hash: "x", version: 0 };

function setup() {
  const net = new FakeNet();
  const timers = new FakeTimers();
  const events: SocketEvent[] = [];
  const sock = new GameSocket({ url: "ws://t/ws/rooms/r1", role: "player", transport: net.transport, onEvent: (e) => events.push(e), timers, random: () => 0, baseDelayMs: 100, maxDelayMs: 1000, pingMs: 0 });
  sock.start();
  const open = () => {
    net.last.onopen();
    net.last.recv({ type: "welcome", protocol: PROTOCOL_VERSION, room, seat: "A", version: 0, game: 0 });
  };
  const versions = () => events.flatMap((e) => (e.kind === "update" || e.kind === "skip" || e.kind === "snapshot" ? [e.v] : []));
  return { net, timers, events, sock, open, versions };
}

const snap = (v: number, game = 0): ServerMsg => ({ type: "snapshot", v, game, view: mainView(), legal: [], clocks: null });
/** An update whose patch sets the view's `turn` to `v` (it fits any view). */
const update = (v: number): ServerMsg => ({ type: "update", v, events: [], patch: [["/turn", v]] });

describe("GameSocket", () => {
  it("says hello with protocol 2, role and no last version when new", () => {
    const t = setup();
    t.net.last.onopen();
    expect(t.net.last.sent[0]).toEqual({ type: "hello", protocol: PROTOCOL_VERSION, as: "player", last_version: null, game: null });
  });

  it("applies snapshot then updates and skips in order", () => {
    const t = setup();
    t.open();
    t.net.last.recv(snap(3));
    t.net.last.recv(update(4));
    t.net.last.recv({ type: "skip", v: 5 });
    t.net.last.recv(update(6));
    expect(t.versions()).toEqual([3, 4, 5, 6]);
    expect(t.sock.version).toBe(6);
    expect(t.sock.status).toBe("open");
  });

  it("reports each update as the whole view and legal intents its patch gives, leaving the last ones intact", () => {
    const t = setup();
    t.open();
    t.net.last.recv(snap(3));
    const intent = { type: "end_turn" } as const;
    const concede = { type: "concede" } as const;
    t.net.last.recv({ type: "update", v: 4, events: [], patch: [["/turn", 9], ["+/legal/-", intent]] });
    const [s3, u4] = t.events.filter((e) => e.kind === "snapshot" || e.kind === "update");
    if (s3?.kind !== "snapshot" || u4?.kind !== "update") throw new Error("a snapshot then an update");
    expect(u4.view).toEqual({ ...s3.view, turn: 9 });
    expect(u4.legal, "concede is implicit on the wire (protocol 5) and offered while the game runs").toEqual([intent, concede]);
    expect(u4.clocks, "an update leaves out clocks in a room without one").toBeNull();
    expect(s3.view.turn).not.toBe(9);
    expect(s3.legal).toEqual([concede]);
    // The held document stays the wire's: the next patch indexes `legal` without the concede.
    t.net.last.recv({ type: "update", v: 5, events: [], patch: [["/legal/0"]] });
    const u5 = t.events.filter((e) => e.kind === "update")[1];
    expect(u5?.kind === "update" && u5.legal).toEqual([concede]);
  });

  it("offers concede to a seat whose game is not over, never to a spectator or after the game", () => {
    const view = mainView();
    expect(withConcede(view, [])).toEqual([{ type: "concede" }]);
    expect(withConcede({ ...view, viewer: "spectator" }, [])).toEqual([]);
    expect(withConcede({ ...view, outcome: { winner: "A", reason: "concession" } } satisfies MatchView, [])).toEqual([]);
  });

  it("asks for a snapshot (reconnecting without a version) when a patch does not fit what it holds", () => {
    const t = setup();
    t.open();
    t.net.last.recv(snap(3));
    t.net.last.recv({ type: "update", v: 4, events: [], patch: [["/no_such_field"]] });
    expect(t.versions()).toEqual([3]);
    expect(t.net.conns).toHaveLength(2);
    t.net.last.onopen();
    expect(t.net.last.sent[0]).toMatchObject({ type: "hello", last_version: null });
    t.net.last.recv(snap(4));
    t.net.last.recv(update(5));
    expect(t.versions()).toEqual([3, 4, 5]);
  });

  it("ignores duplicates and stale snapshots", () => {
    const t = setup();
    t.open();
    t.net.last.recv(snap(2));
    t.net.last.recv(update(3));
    t.net.last.recv(update(3));
    t.net.last.recv(update(2));
    t.net.last.recv({ type: "skip", v: 1 });
    t.net.last.recv(snap(1));
    expect(t.versions()).toEqual([2, 3]);
    expect(t.net.conns).toHaveLength(1);
  });

  it("passes on the history that follows a snapshot, and only that one", () => {
    const t = setup();
    t.open();
    const entries = [{ v: 2, events: [{ type: "end_phase" as const, seat: "A" as const }] }];
    t.net.last.recv({ type: "history", game: 0, v: 3, entries });
    t.net.last.recv(snap(3));
    t.net.last.recv({ type: "history", game: 0, v: 3, entries });
    t.net.last.recv({ type: "history", game: 1, v: 3, entries });
    t.net.last.recv(update(4));
    t.net.last.recv({ type: "history", game: 0, v: 3, entries });
    expect(t.events.filter((e) => e.kind === "history")).toEqual([{ kind: "history", game: 0, v: 3, entries }]);
  });

  it("starts afresh when a snapshot of the next game (rematch) arrives", () => {
    const t = setup();
    t.open();
    t.net.last.recv(snap(40, 0));
    t.net.last.recv(snap(0, 1));
    t.net.last.recv(update(1));
    expect(t.versions()).toEqual([40, 0, 1]);
    t.net.last.onclose(1006, "");
    t.timers.runAll();
    t.net.last.onopen();
    expect(t.net.last.sent[0]).toMatchObject({ last_version: 1, game: 1 });
  });

  it("resyncs on a gap by reconnecting at once with the last applied version", () => {
    const t = setup();
    t.open();
    t.net.last.recv(snap(5));
    const first = t.net.last;
    first.recv(update(7));
    expect(t.versions()).toEqual([5]);
    expect(first.closed).toBe(1000);
    expect(t.net.conns).toHaveLength(2);
    expect(t.sock.status).toBe("reconnecting");
    // Late messages on the dropped connection are ignored.
    first.recv(update(6));
    expect(t.versions()).toEqual([5]);
    t.net.last.onopen();
    expect(t.net.last.sent[0]).toEqual({ type: "hello", protocol: PROTOCOL_VERSION, as: "player", last_version: 5, game: 0 });
    t.net.last.recv({ type: "welcome", protocol: PROTOCOL_VERSION, room, seat: "A", version: 7, game: 0 });
    t.net.last.recv(update(6));
    t.net.last.recv(update(7));
    expect(t.versions()).toEqual([5, 6, 7]);
  });

  it("treats an update before any snapshot as a gap, or asks for a snapshot when it is version 1", () => {
    const t = setup();
    t.open();
    t.net.last.recv(update(1));
    expect(t.versions()).toEqual([]);
    expect(t.net.conns).toHaveLength(2);
    t.net.last.onopen();
    expect(t.net.last.sent[0]).toMatchObject({ type: "hello", last_version: null });
    const u = setup();
    u.open();
    u.net.last.recv(update(4));
    expect(u.versions()).toEqual([]);
    expect(u.net.conns).toHaveLength(2);
  });

  it("reconnects with exponential backoff after a drop and sends the last version", () => {
    const t = setup();
    t.open();
    t.net.last.recv(snap(9));
    t.net.last.onclose(1006, "");
    expect(t.sock.status).toBe("reconnecting");
    expect(t.timers.pending.map((p) => p.ms)).toEqual([50]); // 100 * 2^0 * jitter 0.5
    t.timers.runAll();
    expect(t.net.conns).toHaveLength(2);
    t.net.last.onclose(1006, "");
    expect(t.timers.pending.map((p) => p.ms)).toEqual([100]);
    t.timers.runAll();
    t.net.last.onclose(1012, "restart");
    expect(t.timers.pending.map((p) => p.ms)).toEqual([200]);
    t.timers.runAll();
    t.net.last.onopen();
    expect(t.net.last.sent[0]).toMatchObject({ type: "hello", last_version: 9 });
    t.net.last.recv({ type: "welcome", protocol: PROTOCOL_VERSION, room, seat: "A", version: 9, game: 0 });
    expect(t.sock.status).toBe("open");
    // Backoff resets once connected.
    t.net.last.onclose(1006, "");
    expect(t.timers.pending.map((p) => p.ms)).toEqual([50]);
  });

  it("caps the backoff delay", () => {
    const t = setup();
    for (let i = 0; i < 8; i++) {
      t.net.last.onclose(1006, "");
      t.timers.runAll();
    }
    t.net.last.onclose(1006, "");
    expect(t.timers.pending[0]!.ms).toBe(500);
  });

  it("stops for good on fatal close codes", () => {
    for (const code of [4000, 4004, 1008]) {
      const t = setup();
      t.net.last.onclose(code, "");
      expect(t.sock.status).toBe("closed");
      expect(t.timers.pending).toHaveLength(0);
      const last = t.events[t.events.length - 1];
      expect(last).toMatchObject({ kind: "status", status: "closed", closeCode: code });
    }
  });

  it("numbers intents and only sends them while open", () => {
    const t = setup();
    expect(t.sock.sendIntent({ type: "end_turn" })).toBeNull();
    t.open();
    expect(t.sock.sendIntent({ type: "end_turn" })).toBe(1);
    expect(t.sock.sendIntent({ type: "pass" })).toBe(2);
    expect(t.net.last.sent.slice(1)).toEqual([
      { type: "intent", seq: 1, intent: { type: "end_turn" } },
      { type: "intent", seq: 2, intent: { type: "pass" } },
    ]);
  });

  it("forwards accepted, rejected, room and error messages and ignores unknown ones", () => {
    const t = setup();
    t.open();
    const c = t.net.last;
    c.recv({ type: "accepted", seq: 1, v: 4 });
    c.recv({ type: "rejected", seq: 2, rejection: { code: "x", rule: "CR 301.2", message: "no" }, legal: [] });
    c.recv({ type: "room", room });
    c.recv({ type: "error", code: "rate_limited", message: "slow down" });
    c.recv({ type: "pong" });
    c.onmessage(JSON.stringify({ type: "from_the_future" }));
    c.onmessage("not json");
    expect(t.events.filter((e) => e.kind !== "status").map((e) => e.kind)).toEqual(["welcome", "accepted", "rejected", "room", "error"]);
  });

  it("sends keep-alive pings while open", () => {
    const net = new FakeNet();
    const timers = new FakeTimers();
    const sock = new GameSocket({ url: "u", role: "spectator", transport: net.transport, onEvent: () => {}, timers, pingMs: 1000 });
    sock.start();
    net.last.onopen();
    net.last.recv({ type: "welcome", protocol: PROTOCOL_VERSION, room, seat: null, version: 0, game: 0 });
    timers.runAll();
    expect(net.last.sent.map((m) => m.type)).toEqual(["hello", "ping"]);
    expect(net.last.sent[0]).toMatchObject({ as: "spectator" });
    sock.stop();
    expect(timers.pending).toHaveLength(0);
    expect(net.last.closed).toBe(1000);
  });
});
