// Wire messages of docs/protocol.md that are not (yet) generated into src/gen: the room/socket envelope
// and the REST shapes of gb-server, mirroring crates/gb-server/src/protocol.rs by hand. Engine types
// (MatchView, Intent, Event, …) come from src/gen. Once gb-server's ts-rs bindings land in src/gen,
// this file should become re-exports of them.
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

export type ClockSetting =
  | { type: "chess"; initial_ms: number; increment_ms: number; disconnect_bank_ms: number }
  | { type: "per_turn"; limit_ms: number; disconnect_bank_ms: number };

export interface Clocks {
  remaining_ms: [number, number];
  bank_ms: [number, number];
  running: Seat | null;
}

export interface SeatInfo {
  seat: Seat;
  display_name: string;
  connected: boolean;
  bot: boolean;
  /** This seat asked for the next game. */
  rematch: boolean;
}

export interface GameResult {
  match_id: string;
  winner: Seat | null;
  reason: string | null;
  seed_hash: string;
  seed: string | null;
  nonce: string | null;
}

export interface RoomInfo {
  id: string;
  visibility: "public" | "private";
  best_of: 1 | 3;
  seats: (SeatInfo | null)[];
  status: "waiting" | "playing" | "finished";
  games: GameResult[];
  spectators: number;
  spectator_delay: SpectatorDelay;
  clock: ClockSetting | null;
  seed_hash: string;
  version: number;
}

export interface CreateRoom {
  visibility: "public" | "private";
  best_of: 1 | 3;
  spectator_delay: SpectatorDelay;
  clock: ClockSetting | null;
  vs_bot: boolean;
}

export type Role = "player" | "spectator";

export type ClientMsg =
  | { type: "hello"; protocol: number; as: Role; last_version: number | null; game?: number | null }
  | { type: "intent"; seq: number; intent: Intent }
  | { type: "ping" };

export type ServerMsg =
  | { type: "welcome"; protocol: number; room: RoomInfo; seat: Seat | null; version: number; game: number }
  | { type: "snapshot"; v: number; game: number; view: MatchView; legal: Intent[]; clocks: Clocks | null }
  | { type: "update"; v: number; events: Event[]; view: MatchView; legal: Intent[]; clocks: Clocks | null }
  | { type: "skip"; v: number }
  | { type: "accepted"; seq: number; v: number }
  | { type: "rejected"; seq: number; rejection: Rejection; legal: Intent[] }
  | { type: "room"; room: RoomInfo }
  | { type: "error"; code: string; message: string }
  | { type: "pong" };

export interface ReplayStep {
  v: number;
  events: Event[];
  view: MatchView;
}

/** `GET /api/matches/{id}/replay`. */
export interface Replay {
  match_id: string;
  viewer: MatchView["viewer"];
  finished: boolean;
  steps: ReplayStep[];
  record: unknown;
}

/** WebSocket close codes with a meaning of their own (protocol.md, "Close codes"). */
export const CLOSE = {
  normal: 1000,
  policy: 1008,
  tooLarge: 1009,
  restarting: 1012,
  badProtocol: 4000,
  unknownRoom: 4004,
} as const;
