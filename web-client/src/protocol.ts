// Wire messages of docs/protocol.md that are not (yet) generated into src/gen: the room/socket envelope
// and the REST shapes of gb-server. Engine types (MatchView, Intent, Event, …) come from src/gen.
// When gb-server exports ts-rs bindings for these, replace this file with re-exports.
import type { DeckList } from "./gen/DeckList";
import type { Event } from "./gen/Event";
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import type { Rejection } from "./gen/Rejection";
import type { Seat } from "./gen/Seat";

export const PROTOCOL_VERSION = 1;

export interface Account {
  id: string;
  display_name: string;
  username: string | null;
  guest: boolean;
}

export interface DeckView {
  id: string;
  name: string;
  list: DeckList;
  created_at: number;
  updated_at: number;
}

export interface ValidateReply {
  ok: boolean;
  errors: Rejection[];
}

export type SpectatorDelay = { seconds: number } | { turns: number } | null;

export interface SeatInfo {
  seat: Seat;
  display_name: string;
  connected: boolean;
}

export interface RoomInfo {
  id: string;
  visibility: "public" | "private";
  best_of: 1 | 3;
  seats: (SeatInfo | null)[];
  status: "waiting" | "playing" | "finished";
  games: { winner: Seat | null }[];
  spectators: number;
  spectator_delay: SpectatorDelay;
  clock: unknown;
  seed_hash: string;
  version: number;
}

export interface CreateRoom {
  visibility: "public" | "private";
  best_of: 1 | 3;
  spectator_delay: SpectatorDelay;
  clock: null;
  vs_bot: boolean;
}

export type Role = "player" | "spectator";

export type ClientMsg =
  | { type: "hello"; protocol: number; as: Role; last_version: number | null }
  | { type: "intent"; seq: number; intent: Intent }
  | { type: "ping" };

/** Clock state is not specified yet; carried through untouched. */
export type Clocks = unknown;

export type ServerMsg =
  | { type: "welcome"; protocol: number; room: RoomInfo; seat: Seat | null; version: number }
  | { type: "snapshot"; v: number; view: MatchView; legal: Intent[]; clocks: Clocks }
  | { type: "update"; v: number; events: Event[]; view: MatchView; legal: Intent[]; clocks: Clocks }
  | { type: "skip"; v: number }
  | { type: "accepted"; seq: number; v: number }
  | { type: "rejected"; seq: number; rejection: Rejection; legal: Intent[] }
  | { type: "room"; room: RoomInfo }
  | { type: "error"; code: string; message: string }
  | { type: "pong" };

/** WebSocket close codes with a meaning of their own (protocol.md, "Close codes"). */
export const CLOSE = {
  normal: 1000,
  policy: 1008,
  tooLarge: 1009,
  restarting: 1012,
  badProtocol: 4000,
  unknownRoom: 4004,
} as const;
