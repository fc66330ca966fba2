// REST client for gb-server (docs/protocol.md, "REST"). Same-origin, cookie-authenticated.
import type { DeckList } from "./gen/DeckList";
import type { LoginBody } from "./gen/LoginBody";
import type { Rejection } from "./gen/Rejection";
import type {
  Account,
  CreateRoom,
  DeckBody,
  DeckView,
  ErrorBody,
  GuestBody,
  JoinReply,
  JoinSeat,
  Replay,
  RoomInfo,
  RoomList,
  ValidateBody,
  ValidateReply,
} from "./protocol";
import type { Seat } from "./gen/Seat";

/** A failed call: the server's `{error: {code, message, rejections?}}`, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly rejections: Rejection[] = [],
  ) {
    super(message);
  }
}

/** Why a page's data did not load, for people: `missingEndpoint` when the server lacks the feature, `notFound` for a 404. */
export function loadFailure(e: unknown, missingEndpoint: string, notFound: string): string {
  if (e instanceof ApiError && e.code === "no_such_endpoint") return missingEndpoint;
  if (e instanceof ApiError && e.status === 404) return notFound;
  return e instanceof Error ? e.message : String(e);
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, "network", `cannot reach the server (${String(e)})`);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON body (e.g. a proxy error page, or plain-text export): handled below.
  }
  if (!res.ok) {
    // Anything else (a proxy's page) has no `error`: fall back to the status line.
    const err = (json as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? `http_${res.status}`,
      err?.message ?? `${method} ${path}: HTTP ${res.status}`,
      err?.rejections ?? [],
    );
  }
  return (json ?? text) as T;
}

export const api = {
  me: () => call<Account>("GET", "/api/me"),
  /** Who is signed in, null when nobody: `GET /api/session` answers 200 either way (no failed request logged). */
  session: () => call<{ account: Account | null }>("GET", "/api/session").then((s) => s.account),
  guest: (display_name: string) => call<Account>("POST", "/api/guest", { display_name } satisfies GuestBody),
  login: (username: string, password: string) => call<Account>("POST", "/api/login", { username, password } satisfies LoginBody),
  logout: () => call<void>("POST", "/api/logout"),

  decks: () => call<DeckView[]>("GET", "/api/decks"),
  createDeck: (list: DeckList, name?: string) => call<DeckView>("POST", "/api/decks", { name, list } satisfies DeckBody),
  updateDeck: (id: string, list: DeckList, name?: string) =>
    call<DeckView>("PUT", `/api/decks/${encodeURIComponent(id)}`, { name, list } satisfies DeckBody),
  deleteDeck: (id: string) => call<void>("DELETE", `/api/decks/${encodeURIComponent(id)}`),
  validate: (list: DeckList) => call<ValidateReply>("POST", "/api/decks/validate", { list } satisfies ValidateBody),

  rooms: () => call<RoomList>("GET", "/api/rooms"),
  room: (id: string) => call<RoomInfo>("GET", `/api/rooms/${encodeURIComponent(id)}`),
  createRoom: (req: CreateRoom) => call<RoomInfo>("POST", "/api/rooms", req),
  /** The host starts a room for 3-6 now: computers take the empty seats (issue 16, plan section 9). */
  startRoom: (id: string) => call<RoomInfo>("POST", `/api/rooms/${encodeURIComponent(id)}/start`),
  takeSeat: (id: string, deck: JoinSeat) =>
    call<JoinReply>("POST", `/api/rooms/${encodeURIComponent(id)}/seats`, deck),
  askTakeback: (id: string) => call<RoomInfo>("POST", `/api/rooms/${encodeURIComponent(id)}/takeback`, {}),
  answerTakeback: (id: string, accept: boolean) =>
    call<RoomInfo>("POST", `/api/rooms/${encodeURIComponent(id)}/takeback/answer`, { accept }),
  /** Claims the win over an opponent who left past the grace period (docs/protocol.md, "Leaving"). */
  claimWin: (id: string) => call<RoomInfo>("POST", `/api/rooms/${encodeURIComponent(id)}/claim_win`, {}),
  /** Calls a casual game a draw once the opponent has been away past the grace period. */
  claimDraw: (id: string) => call<RoomInfo>("POST", `/api/rooms/${encodeURIComponent(id)}/claim_draw`, {}),
  rematch: (id: string, go_first?: boolean) =>
    call<RoomInfo>("POST", `/api/rooms/${encodeURIComponent(id)}/rematch`, go_first === undefined ? {} : { go_first }),
  replay: (matchId: string, seat?: Seat) =>
    call<Replay>("GET", `/api/matches/${encodeURIComponent(matchId)}/replay${seat ? `?seat=${seat}` : ""}`),
};
