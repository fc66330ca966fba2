// The event page's live feed (docs/protocol.md, "Event socket"): `GET /ws/events/{id}?since=N` sends the event's
// public view whenever it changes and each announcement once. This client keeps the announcements it holds (by
// `seq`), reconnects with backoff asking only for those after the last it holds, and falls back to polling
// `GET /api/tournaments/{id}` (whose view carries the latest announcements) when the socket cannot be opened.
// The network and the clock are injected, so all of this is unit-testable without a socket.
import { call } from "./api";
import type { Announcement } from "./gen/Announcement";
import type { EventFeed } from "./gen/EventFeed";
import type { EventView } from "./gen/EventView";
import type { Timers, Transport } from "./socket";

export type { Announcement };

/** live: the socket is open; polling: it failed, the page reads the event every `pollMs`. */
export type FeedMode = "connecting" | "live" | "reconnecting" | "polling" | "closed";

/** How many announcements the page keeps (the server's view carries as many). */
export const KEPT = 50;

export interface EventFeedOptions {
  /** The socket's URL, resuming after announcement `since`. */
  url: (since: number) => string;
  transport: Transport;
  /** The REST read the fallback polls. */
  poll: () => Promise<EventView>;
  onView: (view: EventView) => void;
  /** Every held announcement, oldest first, each time one arrives. */
  onAnnouncements: (all: Announcement[]) => void;
  onMode?: (mode: FeedMode) => void;
  timers?: Timers;
  /** Attempts in a row that never got a frame before the page polls instead. */
  maxFailures?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  pollMs?: number;
  /** Keep-alive (the server closes a silent socket); 0 disables. */
  pingMs?: number;
}

/** `held` with `incoming` added: one per `seq` (a later copy wins: it may say where you play), oldest first. */
export function mergeAnnouncements(held: Announcement[], incoming: Announcement[]): Announcement[] {
  const bySeq = new Map(held.map((a) => [a.seq, a]));
  for (const a of incoming) bySeq.set(a.seq, { ...bySeq.get(a.seq), ...a, for_you: a.for_you ?? bySeq.get(a.seq)?.for_you });
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-KEPT);
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Close codes after which the event is gone (no reconnect, no polling). */
const GONE = 4004;

export class EventFeedClient {
  private held: Announcement[] = [];
  private failures = 0;
  private attempt = 0;
  private stopped = false;
  private conn: ReturnType<Transport> | null = null;
  private timer: unknown = null;
  private pingTimer: unknown = null;
  private readonly timers: Timers;

  constructor(private readonly opts: EventFeedOptions) {
    this.timers = opts.timers ?? realTimers;
  }

  start(): void {
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clear();
    this.conn?.close(1000, "page closed");
    this.conn = null;
    this.mode("closed");
  }

  /** The last announcement held: a reconnect asks for those after it. */
  since(): number {
    return this.held.length ? this.held[this.held.length - 1]!.seq : 0;
  }

  private mode(m: FeedMode): void {
    this.opts.onMode?.(m);
  }

  private take(incoming: Announcement[]): void {
    if (!incoming.length) return;
    this.held = mergeAnnouncements(this.held, incoming);
    this.opts.onAnnouncements(this.held);
  }

  private connect(): void {
    this.mode(this.attempt ? "reconnecting" : "connecting");
    const c = this.opts.transport(this.opts.url(this.since()));
    this.conn = c;
    let heard = false;
    c.onopen = () => {
      this.mode("live");
      this.schedulePing();
    };
    c.onmessage = (text) => {
      let msg: EventFeed;
      try {
        msg = JSON.parse(text) as EventFeed;
      } catch {
        return;
      }
      heard = true;
      this.failures = 0;
      this.attempt = 0;
      if (msg.type === "view") this.opts.onView(msg.view);
      else if (msg.type === "announcement") this.take([msg.announcement]);
    };
    c.onclose = (code) => {
      if (this.conn !== c) return;
      this.conn = null;
      this.clear();
      if (this.stopped) return;
      if (code === GONE) return this.mode("closed");
      if (!heard) this.failures++;
      if (this.failures >= (this.opts.maxFailures ?? 3)) return this.pollNow();
      const delay = Math.min((this.opts.baseDelayMs ?? 500) * 2 ** this.attempt, this.opts.maxDelayMs ?? 10_000);
      this.attempt++;
      this.mode("reconnecting");
      this.timer = this.timers.setTimeout(() => this.connect(), delay);
    };
  }

  /** The fallback: the event read over REST now and every `pollMs`, its latest announcements merged in. */
  private pollNow(): void {
    if (this.stopped) return;
    this.mode("polling");
    const next = () => {
      if (!this.stopped) this.timer = this.timers.setTimeout(() => this.pollNow(), this.opts.pollMs ?? 2000);
    };
    this.opts.poll().then((view) => {
      if (this.stopped) return;
      this.opts.onView(view);
      this.take(view.announcements);
      next();
    }, next);
  }

  private schedulePing(): void {
    const ms = this.opts.pingMs ?? 25_000;
    if (!ms) return;
    this.pingTimer = this.timers.setTimeout(() => {
      this.conn?.send(JSON.stringify({ type: "ping" }));
      this.schedulePing();
    }, ms);
  }

  private clear(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    if (this.pingTimer !== null) this.timers.clearTimeout(this.pingTimer);
    this.timer = this.pingTimer = null;
  }
}

/** ws(s)://host/ws/events/{id}?since=N for the page's own origin (the server checks Origin). */
export function eventSocketUrl(id: string, since: number, loc: Location = location): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/ws/events/${encodeURIComponent(id)}${since ? `?since=${since}` : ""}`;
}

/** The organizer's message to the players (`POST /api/tournaments/{id}/announcements`). */
export const announce = (id: string, text: string) =>
  call<EventView>("POST", `/api/tournaments/${encodeURIComponent(id)}/announcements`, { text });
