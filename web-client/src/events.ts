// The lobby's events (`GET /api/tournaments`, docs/tournaments.md "Finding an event") and their format in words.
import { call } from "./api";
import type { EventList } from "./gen/EventList";
import type { EventSummary } from "./gen/EventSummary";
import type { Settings } from "./gen/Settings";

export type { EventList, EventSummary };

export const listEvents = () => call<EventList>("GET", "/api/tournaments");

/** "Best of 3 · 4 Swiss rounds, top 8 · 50-minute rounds": what a player needs to know before entering. */
export function formatText(s: Settings): string {
  const games = s.games_per_match === 1 ? "One game a match" : `Best of ${s.games_per_match}`;
  const st = s.structure;
  let structure: string;
  if (st.kind === "single_elimination") structure = "single elimination";
  else {
    const rounds = typeof st.rounds === "number" ? `${st.rounds} Swiss round${st.rounds === 1 ? "" : "s"}` : "Swiss rounds for the turnout";
    structure = st.top_cut ? `${rounds}, top ${st.top_cut}` : rounds;
  }
  const clock = s.round_seconds ? `${s.round_seconds}-second rounds` : `${s.round_minutes}-minute rounds`;
  return [games, structure, clock].join(" · ");
}

/** "8 players", "1 player", "nobody yet". */
export function entrantsText(n: number): string {
  return n === 0 ? "nobody yet" : `${n} player${n === 1 ? "" : "s"}`;
}
