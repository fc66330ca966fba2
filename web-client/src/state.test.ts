import { describe, expect, it } from "vitest";
import type { Event } from "./gen/Event";
import type { RoomInfo } from "./protocol";
import { canAct, initialRoomState, LOG_LIMIT, restoredRoomState, roomReducer, saveLog, type RoomAction, type RoomState } from "./state";
import { mainLegal, mainView } from "./test/fixtures";

const run = (actions: RoomAction[], s: RoomState = initialRoomState()) => actions.reduce(roomReducer, s);
const ev: Event = { type: "end_phase", seat: "A" };

describe("roomReducer", () => {
  it("takes view and legal from snapshots and updates, and logs update events", () => {
    const s = run([
      { kind: "status", status: "open", attempt: 0 },
      { kind: "snapshot", v: 3, game: 0, view: mainView(), legal: mainLegal, clocks: null },
      { kind: "update", v: 4, events: [ev, { type: "turn_started", seat: "B", turn: 4, first_turn: false }], view: { ...mainView(), turn: 4 }, legal: [], clocks: null },
      { kind: "skip", v: 5 },
    ]);
    expect(s.version).toBe(5);
    expect(s.view?.turn).toBe(4);
    expect(s.legal).toEqual([]);
    expect(s.log.map((l) => [l.v, l.event.type])).toEqual([[4, "end_phase"], [4, "turn_started"]]);
  });

  it("clears the log when a new game of the room begins", () => {
    let s = run([
      { kind: "snapshot", v: 3, game: 0, view: mainView(), legal: [], clocks: null },
      { kind: "update", v: 4, events: [ev], view: mainView(), legal: [], clocks: null },
    ]);
    expect(roomReducer(s, { kind: "snapshot", v: 4, game: 0, view: mainView(), legal: [], clocks: null }).log).toHaveLength(1);
    s = roomReducer(s, { kind: "snapshot", v: 0, game: 1, view: mainView(), legal: [], clocks: null });
    expect(s.log).toEqual([]);
    expect(s.game).toBe(1);
  });

  it("takes the seat from each game's first view: a table's random seating may move the player (MP-3)", () => {
    const room: RoomInfo = {
      id: "r1", visibility: "public", best_of: 1, seats: [null, null, null], status: "waiting", games: [], series_winner: null,
      spectators: 0, spectator_delay: null, clock: null, seed_hash: "", version: 0,
    };
    // Joined third, so seat C while the table waits; the start seats this player at A.
    let s = run([{ kind: "welcome", room, seat: "C", version: 0, game: 0 }]);
    expect(s.seat).toBe("C");
    s = roomReducer(s, { kind: "snapshot", v: 0, game: 0, view: mainView(), legal: [], clocks: null });
    expect(s.seat).toBe("A");
    // A spectator's view leaves a spectator seatless.
    const watching = run([{ kind: "snapshot", v: 0, game: 0, view: { ...mainView(), viewer: "spectator" }, legal: [], clocks: null }]);
    expect(watching.seat).toBeNull();
  });

  it("fills the log from the server's history of the game, replacing what a reload kept", () => {
    const kept: RoomState = { ...initialRoomState(), game: 0, log: [{ v: 1, event: ev }] };
    const drawn: Event = { type: "turn_started", seat: "B", turn: 2, first_turn: false };
    const s = run([
      { kind: "snapshot", v: 7, game: 0, view: mainView(), legal: [], clocks: null },
      { kind: "history", game: 0, v: 7, entries: [{ v: 1, events: [ev] }, { v: 5, events: [drawn, ev] }] },
      { kind: "update", v: 8, events: [ev], view: mainView(), legal: [], clocks: null },
    ], kept);
    expect(s.log.map((l) => [l.v, l.event.type])).toEqual([[1, "end_phase"], [5, "turn_started"], [5, "end_phase"], [8, "end_phase"]]);
    // A history of another game changes nothing.
    expect(roomReducer(s, { kind: "history", game: 3, v: 7, entries: [] }).log).toBe(s.log);
  });

  it("tracks intents in flight and blocks actions until answered", () => {
    let s = run([{ kind: "status", status: "open", attempt: 0 }]);
    expect(canAct(s)).toBe(true);
    s = roomReducer(s, { kind: "sent", seq: 1, intent: { type: "end_turn" } });
    expect(canAct(s)).toBe(false);
    s = roomReducer(s, { kind: "accepted", seq: 1, v: 9 });
    expect(canAct(s)).toBe(true);
  });

  it("shows a rejection with its rule and adopts the legal list sent with it", () => {
    const s = run([
      { kind: "status", status: "open", attempt: 0 },
      { kind: "sent", seq: 1, intent: { type: "end_turn" } },
      { kind: "rejected", seq: 1, rejection: { code: "not_your_turn", rule: "CR 200.8", message: "wait" }, legal: [{ type: "concede" }] },
    ]);
    expect(s.rejection?.rule).toBe("CR 200.8");
    expect(s.legal).toEqual([{ type: "concede" }]);
    expect(canAct(s)).toBe(true);
    expect(roomReducer(s, { kind: "dismiss" }).rejection).toBeNull();
  });

  it("stops waiting on an intent the server answered with an error (not saved): the controls come back", () => {
    const s = run([
      { kind: "status", status: "open", attempt: 0 },
      { kind: "sent", seq: 1, intent: { type: "end_turn" } },
      { kind: "error", code: "not_saved", message: "the intent could not be saved" },
    ]);
    expect(canAct(s)).toBe(true);
    expect(s.error?.code).toBe("not_saved");
  });

  it("forgets in-flight intents when the connection drops and explains fatal closes", () => {
    let s = run([{ kind: "status", status: "open", attempt: 0 }, { kind: "sent", seq: 1, intent: { type: "pass" } }]);
    s = roomReducer(s, { kind: "status", status: "reconnecting", attempt: 1 });
    expect(s.inFlight).toEqual({});
    expect(canAct(s)).toBe(false);
    s = roomReducer(s, { kind: "status", status: "closed", attempt: 1, closeCode: 4004 });
    expect(s.closeReason).toMatch(/no such room/i);
  });

  it("keeps the log bounded", () => {
    let s = initialRoomState();
    for (let v = 1; v <= LOG_LIMIT + 10; v++) s = roomReducer(s, { kind: "update", v, events: [ev], view: mainView(), legal: [], clocks: null });
    expect(s.log).toHaveLength(LOG_LIMIT);
    expect(s.log[0]!.v).toBe(11);
  });
});

describe("log across a reload", () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  const turn: Event = { type: "turn_started", seat: "A", turn: 3, first_turn: false };

  it("keeps the log of the same game after the reload's snapshot, and drops it for a new game", () => {
    const st = store();
    let s = roomReducer(initialRoomState(), { kind: "snapshot", v: 3, game: 0, view: mainView(), legal: [], clocks: null });
    s = roomReducer(s, { kind: "update", v: 4, events: [turn], view: mainView(), legal: [], clocks: null });
    saveLog("r1", s, st);
    const again = roomReducer(restoredRoomState("r1", st), { kind: "snapshot", v: 4, game: 0, view: mainView(), legal: [], clocks: null });
    expect(again.log).toEqual([{ v: 4, event: turn }]);
    const next = roomReducer(restoredRoomState("r1", st), { kind: "snapshot", v: 1, game: 1, view: mainView(), legal: [], clocks: null });
    expect(next.log).toEqual([]);
    expect(restoredRoomState("other", st).log).toEqual([]);
  });

  it("ignores a damaged entry", () => {
    const st = store();
    st.setItem("gb.log.r1", "{not json");
    expect(restoredRoomState("r1", st).log).toEqual([]);
  });
});
