// WebSocket client for one room (docs/protocol.md, "WebSocket"). It owns the version bookkeeping:
// messages are applied strictly in version order, duplicates are dropped, and a gap triggers a resync by
// reconnecting with `hello.last_version` (the server then replays what was missed, or sends a snapshot).
// An `update` carries a patch (RFC 6902) over the `{view, legal}` the socket holds; it reports the patched
// whole upwards, and asks for a snapshot (reconnecting without a version) if a patch does not fit.
// The network sits behind `Transport` so all of this is unit-testable without a socket.
import type { Event } from "./gen/Event";
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import type { Rejection } from "./gen/Rejection";
import type { Seat } from "./gen/Seat";
import type { HistoryEntry } from "./gen/HistoryEntry";
import type { Announcement } from "./gen/Announcement";
import type { Emote } from "./gen/Emote";
import { PatchError, applyPatch } from "./patch";
import { CLOSE, PROTOCOL_VERSION, type ClientMsg, type Clocks, type Role, type RoomInfo, type ServerMsg } from "./protocol";

/** One open connection. Handlers are set once by the socket right after `connect`. */
export interface Connection {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: () => void;
  onmessage: (text: string) => void;
  onclose: (code: number, reason: string) => void;
}

export type Transport = (url: string) => Connection;

/**
 * `legal` as the board offers it: the wire leaves `concede` out (protocol 5), since a seat may concede whenever
 * its game is not over (CR 102.2); spectators never may.
 */
export function withConcede(view: MatchView, legal: Intent[]): Intent[] {
  return view.viewer !== "spectator" && !view.outcome ? [...legal, { type: "concede" }] : legal;
}

/** What a patch applies to (docs/protocol.md, "Deltas"): the view's fields and `legal` in one object. */
type HeldDoc = MatchView & { legal: Intent[] };

export type SocketStatus = "connecting" | "open" | "reconnecting" | "closed";

/** What the socket reports upwards, already ordered and de-duplicated. */
export type SocketEvent =
  | { kind: "status"; status: SocketStatus; attempt: number; closeCode?: number; reason?: string }
  | { kind: "welcome"; room: RoomInfo; seat: Seat | null; version: number; game: number }
  | { kind: "snapshot"; v: number; game: number; view: MatchView; legal: Intent[]; clocks: Clocks | null }
  | { kind: "update"; v: number; events: Event[]; view: MatchView; legal: Intent[]; clocks: Clocks | null }
  | { kind: "skip"; v: number }
  | { kind: "history"; game: number; v: number; entries: HistoryEntry[] }
  | { kind: "sent"; seq: number; intent: Intent }
  | { kind: "accepted"; seq: number; v: number }
  | { kind: "rejected"; seq: number; rejection: Rejection; legal: Intent[] }
  | { kind: "room"; room: RoomInfo }
  | { kind: "error"; code: string; message: string }
  | { kind: "announcement"; announcement: Announcement }
  | { kind: "emote"; seat: Seat; name: string; emote: Emote };

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SocketOptions {
  url: string;
  role: Role;
  transport: Transport;
  onEvent: (e: SocketEvent) => void;
  timers?: Timers;
  /** Backoff: base * 2^attempt, capped, times a jitter factor in [0.5, 1). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** Keep-alive interval; 0 disables. */
  pingMs?: number;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Close codes after which reconnecting cannot help. */
const FATAL = new Set<number>([CLOSE.badProtocol, CLOSE.unknownRoom, CLOSE.policy, CLOSE.tooLarge]);

export class GameSocket {
  private conn: Connection | null = null;
  private lastVersion: number | null = null;
  /** Index of the game (best of three) that `lastVersion` belongs to; versions restart with each game. */
  private game: number | null = null;
  /** What the last snapshot or update left: the base of the next update's patch. */
  /** The document the next patch applies to: the view's fields with `legal` beside them (protocol 3). */
  private doc: HeldDoc | null = null;
  private seq = 0;
  private attempt = 0;
  private stopped = false;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private readonly timers: Timers;
  private statusNow: SocketStatus = "connecting";

  constructor(private readonly opts: SocketOptions) {
    this.timers = opts.timers ?? realTimers;
  }

  get status(): SocketStatus {
    return this.statusNow;
  }

  /** The last version applied; sent as `last_version` on (re)connect. */
  get version(): number | null {
    return this.lastVersion;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes for good (leaving the page). */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const c = this.conn;
    this.conn = null;
    c?.close(CLOSE.normal, "bye");
    this.setStatus("closed");
  }

  /** Sends an intent; returns its seq, or null when not connected (the UI disables controls then). */
  sendIntent(intent: Intent): number | null {
    if (!this.conn || this.statusNow !== "open") return null;
    const seq = ++this.seq;
    this.send({ type: "intent", seq, intent });
    this.opts.onEvent({ kind: "sent", seq, intent });
    return seq;
  }

  /** One of the fixed emotes to the table; the server may refuse it with an `error` (rate limit). */
  sendEmote(emote: Emote): void {
    this.send({ type: "emote", emote });
  }

  private send(msg: ClientMsg): void {
    this.conn?.send(JSON.stringify(msg));
  }

  private setStatus(status: SocketStatus, closeCode?: number, reason?: string): void {
    this.statusNow = status;
    this.opts.onEvent({ kind: "status", status, attempt: this.attempt, closeCode, reason });
  }

  private connect(): void {
    this.retryTimer = null;
    const conn = this.opts.transport(this.opts.url);
    this.conn = conn;
    // Handlers check `this.conn === conn` so a replaced connection's late callbacks are ignored.
    conn.onopen = () => {
      if (this.conn !== conn) return;
      this.send({ type: "hello", protocol: PROTOCOL_VERSION, as: this.opts.role, last_version: this.lastVersion, game: this.game });
    };
    conn.onmessage = (text) => {
      if (this.conn !== conn) return;
      let msg: ServerMsg;
      try {
        msg = JSON.parse(text) as ServerMsg;
      } catch {
        return;
      }
      this.handle(msg);
    };
    conn.onclose = (code, reason) => {
      if (this.conn !== conn) return;
      this.conn = null;
      this.clearPing();
      if (this.stopped) return;
      if (FATAL.has(code)) {
        this.setStatus("closed", code, reason);
        return;
      }
      this.scheduleReconnect(code, reason);
    };
    if (this.statusNow !== "reconnecting") this.setStatus("connecting");
  }

  private scheduleReconnect(code?: number, reason?: string): void {
    const base = this.opts.baseDelayMs ?? 500;
    const max = this.opts.maxDelayMs ?? 15_000;
    const jitter = 0.5 + 0.5 * (this.opts.random ?? Math.random)();
    const delay = Math.min(max, base * 2 ** this.attempt) * jitter;
    this.attempt++;
    this.setStatus("reconnecting", code, reason);
    this.retryTimer = this.timers.setTimeout(() => this.connect(), delay);
  }

  /** A gap in versions: drop this connection and reconnect at once with the last good version. */
  private resync(): void {
    const c = this.conn;
    this.conn = null;
    this.clearPing();
    c?.close(CLOSE.normal, "resync");
    this.setStatus("reconnecting", undefined, "resync");
    this.connect();
  }

  /** What we hold cannot take the next patch: forget it and reconnect as a new client, which gets a snapshot. */
  private resnapshot(): void {
    this.lastVersion = null;
    this.doc = null;
    this.resync();
  }

  /** True if message version `v` is the next one; false for duplicates; resyncs (and returns false) on a gap. */
  private inOrder(v: number): boolean {
    if (this.lastVersion !== null && v <= this.lastVersion) return false;
    const expected = (this.lastVersion ?? 0) + 1;
    if (v !== expected) {
      this.resync();
      return false;
    }
    this.lastVersion = v;
    return true;
  }

  private handle(msg: ServerMsg): void {
    const emit = this.opts.onEvent;
    switch (msg.type) {
      case "welcome":
        this.attempt = 0;
        this.setStatus("open");
        this.schedulePing();
        emit({ kind: "welcome", room: msg.room, seat: msg.seat, version: msg.version, game: msg.game });
        return;
      case "snapshot":
        // A snapshot is whole. Within one game only an older one than what we hold is stale;
        // a snapshot of another game (a rematch) always starts afresh.
        if (msg.game === this.game && this.lastVersion !== null && msg.v < this.lastVersion) return;
        this.game = msg.game;
        this.lastVersion = msg.v;
        this.doc = { ...msg.view, legal: msg.legal };
        emit({ kind: "snapshot", v: msg.v, game: msg.game, view: msg.view, legal: withConcede(msg.view, msg.legal), clocks: msg.clocks });
        return;
      case "update": {
        if (!this.inOrder(msg.v)) return;
        let doc: HeldDoc;
        try {
          if (!this.doc) throw new PatchError("an update before any snapshot");
          doc = applyPatch(this.doc, msg.patch);
        } catch (e) {
          if (!(e instanceof PatchError)) throw e;
          this.resnapshot();
          return;
        }
        this.doc = doc;
        const { legal, ...view } = doc;
        emit({ kind: "update", v: msg.v, events: msg.events, view, legal: withConcede(view, legal), clocks: msg.clocks ?? null });
        return;
      }
      case "skip":
        if (this.inOrder(msg.v)) emit({ kind: "skip", v: msg.v });
        return;
      case "history":
        // The log up to the snapshot just received (a late arrival, or a resume that fell back to a snapshot).
        if (msg.game === this.game && msg.v === this.lastVersion) emit({ kind: "history", game: msg.game, v: msg.v, entries: msg.entries });
        return;
      case "accepted":
        emit({ kind: "accepted", seq: msg.seq, v: msg.v });
        return;
      case "rejected":
        emit({ kind: "rejected", seq: msg.seq, rejection: msg.rejection, legal: this.doc ? withConcede(this.doc, msg.legal) : msg.legal });
        return;
      case "room":
        emit({ kind: "room", room: msg.room });
        return;
      case "error":
        emit({ kind: "error", code: msg.code, message: msg.message });
        return;
      case "pong":
        return;
      case "announcement":
        // An event's announcement at its table (docs/tournaments.md, "Announcements"): unversioned, sent again
        // on each connect; the page keeps one per `seq`.
        emit({ kind: "announcement", announcement: msg.announcement });
        return;
      case "emote":
        // Words, not a version: shown as they come (docs/protocol.md, "Emotes").
        emit({ kind: "emote", seat: msg.seat, name: msg.name, emote: msg.emote });
        return;
      case "judge_watching":
        // The `room` frame right after it carries the same in `RoomInfo.judge_watching`, which the page shows.
        return;
      default: {
        // Compile-time exhaustiveness; at run time an unknown type from a newer server is ignored.
        const unknown: never = msg;
        void unknown;
        return;
      }
    }
  }

  private schedulePing(): void {
    const ms = this.opts.pingMs ?? 25_000;
    if (!ms) return;
    this.clearPing();
    this.pingTimer = this.timers.setTimeout(() => {
      this.send({ type: "ping" });
      this.schedulePing();
    }, ms);
  }

  private clearPing(): void {
    if (this.pingTimer !== null) this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = null;
  }

  private clearTimers(): void {
    this.clearPing();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}

/** The browser transport: a real WebSocket. */
export const webSocketTransport: Transport = (url) => {
  const ws = new WebSocket(url);
  const conn: Connection = {
    send: (t) => ws.send(t),
    close: (code, reason) => ws.close(code, reason),
    onopen: () => {},
    onmessage: () => {},
    onclose: () => {},
  };
  ws.onopen = () => conn.onopen();
  ws.onmessage = (e) => {
    if (typeof e.data === "string") conn.onmessage(e.data);
  };
  ws.onclose = (e) => conn.onclose(e.code, e.reason);
  return conn;
};

/** ws(s)://host/ws/rooms/{id} for the page's own origin (the server checks Origin). */
export function roomSocketUrl(roomId: string, loc: Location = location): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/ws/rooms/${encodeURIComponent(roomId)}`;
}
