// Wire types of docs/protocol.md. The room/socket protocol is generated from gb-server (src/gen, ts-rs);
// the account and deck REST shapes are not exported by the server yet, so they are declared here.
import type { DeckList } from "./gen/DeckList";
import type { Rejection } from "./gen/Rejection";

export type { BotLevel } from "./gen/BotLevel";
export type { ClientMsg } from "./gen/ClientMsg";
export type { ClockSetting } from "./gen/ClockSetting";
export type { Clocks } from "./gen/Clocks";
export type { CreateRoom } from "./gen/CreateRoom";
export type { GameResult } from "./gen/GameResult";
export type { JoinSeat } from "./gen/JoinSeat";
export type { Replay } from "./gen/Replay";
export type { ReplayStep } from "./gen/ReplayStep";
export type { Role } from "./gen/Role";
export type { RoomInfo } from "./gen/RoomInfo";
export type { RoomList } from "./gen/RoomList";
export type { SeatInfo } from "./gen/SeatInfo";
export type { ServerMsg } from "./gen/ServerMsg";
export type { SpectatorDelay } from "./gen/SpectatorDelay";

export const PROTOCOL_VERSION = 2;

/** `GET /api/me` (gb-server `AccountView`). */
export interface Account {
  id: string;
  display_name: string;
  username: string | null;
  guest: boolean;
}

/** A saved deck (gb-server `DeckView`). */
export interface DeckView {
  id: string;
  name: string;
  list: DeckList;
  created_at: number;
  updated_at: number;
}

/** `POST /api/decks/validate`. */
export interface ValidateReply {
  ok: boolean;
  errors: Rejection[];
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
