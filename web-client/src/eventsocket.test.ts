import { describe, expect, it } from "vitest";
import { type Announcement, EventFeedClient, eventSocketUrl, mergeAnnouncements } from "./eventsocket";
import type { EventView } from "./gen/EventView";
import type { Connection, Timers } from "./socket";
import { tablePlace } from "./view/eventtable";

class FakeConn implements Connection {
  sent: unknown[] = [];
  closed: number | null = null;
  onopen = () => {};
  onmessage = (_: string) => {};
  onclose = (_c: number, _r: string) => {};
  constructor(readonly url: string) {}
  send(text: string) { this.sent.push(JSON.parse(text)); }
  close(code = 1000) { this.closed = code; }
  recv(msg: unknown) { this.onmessage(JSON.stringify(msg)); }
}

class FakeTimers implements Timers {
  pending: { fn: () => void; ms: number; id: number }[] = [];
  private n = 0;
  setTimeout(fn: () => void, ms: number) { const id = ++this.n; this.pending.push({ fn, ms, id }); return id; }
  clearTimeout(h: unknown) { this.pending = this.pending.filter((p) => p.id !== h); }
  runAll() { const p = this.pending; this.pending = []; p.forEach((t) => t.fn()); }
}

const a = (seq: number, text = `news ${seq}`, for_you?: string): Announcement =>
  ({ seq, kind: "message", round: null, text, at_ms: seq * 1000, ...(for_you ? { for_you } : {}) });
const view = (name: string, announcements: Announcement[] = []) => ({ id: "e1", log: { name }, announcements }) as unknown as EventView;

function setup(poll: () => Promise<EventView> = () => Promise.reject(new Error("no"))) {
  const conns: FakeConn[] = [];
  const timers = new FakeTimers();
  const views: string[] = [];
  const held: number[][] = [];
  const modes: string[] = [];
  const feed = new EventFeedClient({
    url: (since) => `ws://x/ws/events/e1?since=${since}`,
    transport: (url) => { const c = new FakeConn(url); conns.push(c); return c; },
    poll,
    onView: (v) => views.push(v.log.name),
    onAnnouncements: (all) => held.push(all.map((x) => x.seq)),
    onMode: (m) => modes.push(m),
    timers,
    pingMs: 0,
  });
  feed.start();
  return { feed, conns, timers, views, held, modes, last: () => conns[conns.length - 1]! };
}

describe("event socket client", () => {
  it("shows each view and keeps one announcement per seq, in order", () => {
    const { conns, views, held } = setup();
    conns[0]!.onopen();
    conns[0]!.recv({ type: "view", v: 1, view: view("Friday") });
    conns[0]!.recv({ type: "announcement", announcement: a(2) });
    conns[0]!.recv({ type: "announcement", announcement: a(1) });
    conns[0]!.recv({ type: "announcement", announcement: a(2) });
    expect(views).toEqual(["Friday"]);
    expect(held[held.length - 1]).toEqual([1, 2]);
  });

  it("reconnects after a drop asking only for the announcements after the last it holds", () => {
    const { conns, timers, last } = setup();
    expect(conns[0]!.url).toBe("ws://x/ws/events/e1?since=0");
    conns[0]!.onopen();
    conns[0]!.recv({ type: "view", v: 1, view: view("Friday") });
    conns[0]!.recv({ type: "announcement", announcement: a(3) });
    conns[0]!.onclose(1006, "");
    timers.runAll();
    expect(conns.length).toBe(2);
    expect(last().url).toBe("ws://x/ws/events/e1?since=3");
  });

  it("polls the event only after three attempts in a row got nothing, merging the view's announcements", async () => {
    let polled = 0;
    const { conns, timers, views, held, modes } = setup(() => { polled++; return Promise.resolve(view("Polled", [a(1), a(2)])); });
    for (let i = 0; i < 3; i++) {
      conns[i]!.onclose(1006, "");
      timers.runAll();
    }
    expect(conns.length).toBe(3);
    expect(modes).toContain("polling");
    await Promise.resolve();
    await Promise.resolve();
    expect(polled).toBe(1);
    expect(views).toEqual(["Polled"]);
    expect(held[held.length - 1]).toEqual([1, 2]);
  });

  it("stops for an event that no longer exists (4004) and when the page closes", () => {
    const { conns, timers, modes, feed } = setup();
    conns[0]!.onclose(4004, "gone");
    timers.runAll();
    expect(conns.length).toBe(1);
    expect(modes[modes.length - 1]).toBe("closed");
    feed.stop();
  });

  it("a later copy of an announcement keeps where you play", () => {
    const merged = mergeAnnouncements([a(1, "Round 1 has started", "you are at table 2 vs Ada")], [a(1, "Round 1 has started")]);
    expect(merged).toEqual([a(1, "Round 1 has started", "you are at table 2 vs Ada")]);
    expect(mergeAnnouncements([], Array.from({ length: 60 }, (_, i) => a(i + 1))).map((x) => x.seq)[0]).toBe(11);
  });

  it("builds the socket URL for the page's origin", () => {
    const loc = { protocol: "https:", host: "gb.example" } as Location;
    expect(eventSocketUrl("e 1", 0, loc)).toBe("wss://gb.example/ws/events/e%201");
    expect(eventSocketUrl("e1", 7, loc)).toBe("wss://gb.example/ws/events/e1?since=7");
  });
});

describe("an event table's place", () => {
  const ev = {
    id: "e1", log: { name: "Friday" }, over: false,
    rounds: [
      { number: 1, byes: [], tables: [{ table: 1, players: ["ann", "bob"], room_id: "r1" }, { table: 2, players: ["cy", "di"], room_id: "r2" }] },
      { number: 2, byes: ["cy"], tables: [{ table: 1, players: ["di", "ann"], room_id: "r3" }] },
    ],
  } as unknown as EventView;

  it("names the event, round and table, and the player's next table once paired", () => {
    expect(tablePlace(ev, "r1", "ann")).toEqual({ event: "e1", name: "Friday", round: 1, table: 1, next: { round: 2, table: 1, room: "r3" } });
    expect(tablePlace(ev, "r2", "cy")?.next).toEqual({ round: 2, table: null, room: null });
    expect(tablePlace(ev, "r3", "ann")).toEqual({ event: "e1", name: "Friday", round: 2, table: 1, next: null });
    expect(tablePlace(ev, "nope", "ann")).toBeNull();
  });
});
