// Room client state: a pure reducer over what the socket reports. The view and `legal` are always the
// server's latest; the client adds only bookkeeping (log, in-flight intents, last rejection).
import type { Event } from "./gen/Event";
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import type { Rejection } from "./gen/Rejection";
import type { Seat } from "./gen/Seat";
import type { Clocks, RoomInfo } from "./protocol";
import type { SocketEvent, SocketStatus } from "./socket";

export interface LogEntry {
  v: number;
  event: Event;
}

export interface RoomState {
  status: SocketStatus;
  reconnectAttempt: number;
  closeReason: string | null;
  room: RoomInfo | null;
  seat: Seat | null;
  version: number | null;
  game: number | null;
  view: MatchView | null;
  legal: Intent[];
  clocks: Clocks | null;
  log: LogEntry[];
  /** Intents sent and not yet answered, by seq; controls stay disabled while one is in flight. */
  inFlight: Record<number, Intent>;
  rejection: Rejection | null;
  error: { code: string; message: string } | null;
}

export const LOG_LIMIT = 300;

export function initialRoomState(): RoomState {
  return {
    status: "connecting",
    reconnectAttempt: 0,
    closeReason: null,
    room: null,
    seat: null,
    version: null,
    game: null,
    view: null,
    legal: [],
    clocks: null,
    log: [],
    inFlight: {},
    rejection: null,
    error: null,
  };
}

export type RoomAction = SocketEvent | { kind: "dismiss" };

function without(o: Record<number, Intent>, seq: number): Record<number, Intent> {
  const { [seq]: _gone, ...rest } = o;
  return rest;
}

export function roomReducer(s: RoomState, a: RoomAction): RoomState {
  switch (a.kind) {
    case "status":
      return {
        ...s,
        status: a.status,
        reconnectAttempt: a.attempt,
        closeReason: a.status === "closed" ? (a.reason || closeText(a.closeCode)) : null,
        // Unanswered intents are lost with the connection; the next snapshot/update tells what happened.
        inFlight: a.status === "open" ? s.inFlight : {},
      };
    case "welcome":
      return { ...s, room: a.room, seat: a.seat };
    case "snapshot":
      // A new game (rematch) starts a fresh log. The seat is the view's: a table seats everyone at random before
      // each game (MP-3), so the letter the welcome or the join answered with may not be the one played.
      return {
        ...s, seat: a.view.viewer === "spectator" ? s.seat : a.view.viewer.seat,
        version: a.v, game: a.game, view: a.view, legal: a.legal, clocks: a.clocks, log: a.game === s.game ? s.log : [],
      };
    case "update": {
      const log = [...s.log, ...a.events.map((event) => ({ v: a.v, event }))].slice(-LOG_LIMIT);
      return { ...s, version: a.v, view: a.view, legal: a.legal, clocks: a.clocks, log, rejection: null };
    }
    case "skip":
      return { ...s, version: a.v };
    case "history": {
      // The server's log up to the snapshot's version replaces what was kept: it is complete, and entries after
      // it (updates that arrived since) are kept.
      if (a.game !== s.game) return s;
      const past = a.entries.flatMap((h) => h.events.map((event) => ({ v: h.v, event })));
      return { ...s, log: [...past, ...s.log.filter((e) => e.v > a.v)].slice(-LOG_LIMIT) };
    }
    case "sent":
      return { ...s, inFlight: { ...s.inFlight, [a.seq]: a.intent }, rejection: null };
    case "accepted":
      return { ...s, inFlight: without(s.inFlight, a.seq) };
    case "rejected":
      return { ...s, inFlight: without(s.inFlight, a.seq), rejection: a.rejection, legal: a.legal };
    case "room":
      return { ...s, room: a.room };
    case "error":
      // An error is the server's whole answer to what was last sent (an intent that could not be saved, a
      // message it could not read): nothing else will answer those intents, so controls must not wait on them.
      return { ...s, inFlight: {}, error: { code: a.code, message: a.message } };
    case "dismiss":
      return { ...s, rejection: null, error: null };
    case "announcement":
      return s; // the table's page keeps those (view/eventtable.tsx)
    case "emote":
      return s; // the room page keeps those (view/emotes.tsx)
    default: {
      const never: never = a;
      return never;
    }
  }
}

function closeText(code: number | undefined): string {
  switch (code) {
    case 4000:
      return "This client speaks an unsupported protocol version; reload the page.";
    case 4004:
      return "There is no such room.";
    case 1008:
      return "The server closed the connection (policy).";
    case 1009:
      return "A message was too large.";
    default:
      return "Disconnected.";
  }
}

/**
 * The log survives a reload: it is kept per room in sessionStorage and restored for the same game (the
 * snapshot after a reload carries no events, so without this the log would start empty).
 */
export function restoredRoomState(roomId: string, storage: Pick<Storage, "getItem"> = sessionStorage): RoomState {
  const s = initialRoomState();
  try {
    const saved = JSON.parse(storage.getItem(`gb.log.${roomId}`) ?? "null") as { game: number; log: LogEntry[] } | null;
    if (saved && typeof saved.game === "number" && Array.isArray(saved.log)) return { ...s, game: saved.game, log: saved.log.slice(-LOG_LIMIT) };
  } catch {
    // A damaged entry is ignored: the log starts empty, as it did before.
  }
  return s;
}

export function saveLog(roomId: string, s: RoomState, storage: Pick<Storage, "setItem"> = sessionStorage): void {
  if (s.game === null) return;
  try {
    storage.setItem(`gb.log.${roomId}`, JSON.stringify({ game: s.game, log: s.log }));
  } catch {
    // Storage full or disabled: the log is simply not kept across a reload.
  }
}

/** Controls are live only while connected and nothing is in flight. */
export function canAct(s: RoomState): boolean {
  return s.status === "open" && Object.keys(s.inFlight).length === 0;
}
