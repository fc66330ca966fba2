// Emotes (docs/protocol.md, "Emotes"): the fixed words a player may send the table, and which opponents this
// browser has muted. Mutes are kept in localStorage by room and seat (`muteKey`), not by display name: two
// players may share one (two guests, "Computer"), and seats carry no account id.
import type { Emote } from "./gen/Emote";
import type { Seat } from "./gen/Seat";

export const EMOTES: { emote: Emote; text: string }[] = [
  { emote: "hello", text: "Hello" },
  { emote: "good_game", text: "Good game" },
  { emote: "well_played", text: "Well played" },
  { emote: "thinking", text: "Thinking" },
  { emote: "oops", text: "Oops" },
  { emote: "thanks", text: "Thanks" },
];

export function emoteText(e: Emote): string {
  return EMOTES.find((x) => x.emote === e)?.text ?? e;
}

/** An emote as heard: who sent it, and a number to tell two alike apart. */
export interface Heard { id: number; seat: Seat; name: string; emote: Emote }

/** The log's line for it, "Ann: Well played". */
export const heardLine = (h: Heard) => `${h.name}: ${emoteText(h.emote)}`;

/** The key of a mute: the opponent's seat in this room. */
export const muteKey = (room: string, seat: Seat) => `${room}/${seat}`;

const KEY = "gb.emotes.muted.seats";
/** Mutes kept at most: the oldest room's go first. */
const KEPT = 100;

function store(): Storage | null {
  try { return typeof localStorage === "undefined" ? null : localStorage; } catch { return null; }
}

export function mutedKeys(): string[] {
  try {
    const list: unknown = JSON.parse(store()?.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === "string") : [];
  } catch { return []; }
}

export function setMuted(key: string, muted: boolean): string[] {
  const rest = mutedKeys().filter((n) => n !== key);
  const list = (muted ? [...rest, key] : rest).slice(-KEPT);
  store()?.setItem(KEY, JSON.stringify(list));
  return list;
}
