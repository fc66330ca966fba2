// Wire types of docs/protocol.md, all generated from crates/gb-protocol (src/gen: ts-rs types and
// constants.ts); this file only gathers them under the client's names.

export type { AccountView as Account } from "./gen/AccountView";
export type { BotLevel } from "./gen/BotLevel";
export type { ClientMsg } from "./gen/ClientMsg";
export type { ClockSetting } from "./gen/ClockSetting";
export type { Clocks } from "./gen/Clocks";
export type { CreateRoom } from "./gen/CreateRoom";
export type { DeckBody } from "./gen/DeckBody";
export type { DeckView } from "./gen/DeckView";
export type { ErrorBody } from "./gen/ErrorBody";
export type { GuestBody } from "./gen/GuestBody";
export type { GameEndReason } from "./gen/GameEndReason";
export type { GameResult } from "./gen/GameResult";
export type { JoinReply } from "./gen/JoinReply";
export type { JoinSeat } from "./gen/JoinSeat";
export type { Replay } from "./gen/Replay";
export type { ReplayStep } from "./gen/ReplayStep";
export type { Role } from "./gen/Role";
export type { RoomInfo } from "./gen/RoomInfo";
export type { RoomList } from "./gen/RoomList";
export type { SeatInfo } from "./gen/SeatInfo";
export type { ServerMsg } from "./gen/ServerMsg";
export type { SpectatorDelay } from "./gen/SpectatorDelay";
export type { ValidateBody } from "./gen/ValidateBody";
export type { ValidateReply } from "./gen/ValidateReply";
export { CLOSE, PROTOCOL_VERSION } from "./gen/constants";

