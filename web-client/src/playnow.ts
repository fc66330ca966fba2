// Play now, ratings, leaderboard and profiles over REST (docs/protocol.md, "Play now"; docs/ratings.md).
import { call } from "./api";
import type { JoinQueue } from "./gen/JoinQueue";
import type { Leaderboard } from "./gen/Leaderboard";
import type { PlayerProfile } from "./gen/PlayerProfile";
import type { QueueView } from "./gen/QueueView";

export type { JoinQueue, Leaderboard, PlayerProfile, QueueView };
export type Format = "bo1" | "bo3";

export const FORMATS: { value: Format; label: string }[] = [
  { value: "bo1", label: "One game" },
  { value: "bo3", label: "Best of three" },
];

export const playApi = {
  joinQueue: (body: JoinQueue) => call<QueueView>("POST", "/api/queue", body),
  /** The heartbeat that keeps the place in the queue (every 1–2 s): the wait, how many are looking, the match. */
  queue: () => call<QueueView>("GET", "/api/queue"),
  leaveQueue: () => call<void>("DELETE", "/api/queue"),
  leaderboard: (format: Format) => call<Leaderboard>("GET", `/api/leaderboard?format=${format}`),
  player: (name: string) => call<PlayerProfile>("GET", `/api/players/${encodeURIComponent(name)}`),
};

/** "1:05" for 65 000 ms. */
export function waited(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** "+12", "−8", "±0": a rating change as shown. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}
