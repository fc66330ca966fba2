// Penalties, judges and the judge view (docs/tournaments.md, "Penalties", "Judges", "Judge view"): their REST
// calls and the words the pages show for them. Bodies are generated from gb-protocol into gen/.
import { call } from "./api";
import type { AppointJudge } from "./gen/AppointJudge";
import type { EventView } from "./gen/EventView";
import type { Infraction } from "./gen/Infraction";
import type { IssuePenalty } from "./gen/IssuePenalty";
import type { JudgeBoard } from "./gen/JudgeBoard";
import type { Penalty } from "./gen/Penalty";
import type { PenaltyKind } from "./gen/PenaltyKind";

export type { Infraction, IssuePenalty, JudgeBoard, Penalty, PenaltyKind };

const base = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;

export const judging = {
  /** A penalty (or time extension) from the organizer or a judge; without round and table, at the player's table. */
  penalize: (id: string, body: IssuePenalty) => call<EventView>("POST", `${base(id)}/penalties`, body),
  /** The organizer appoints an account as a judge of the event. */
  appoint: (id: string, account_id: string) => call<EventView>("POST", `${base(id)}/judges`, { account_id } satisfies AppointJudge),
  /** A table's whole game, for the organizer and judges; audited, and the table is told a judge is watching. */
  judgeView: (id: string, round: number, table: number) =>
    call<JudgeBoard>("GET", `${base(id)}/rounds/${round}/tables/${table}/judge_view`),
};

/** The penalty kinds, in the order of the IPG's ladder, with their names. */
export const PENALTY_KINDS: [PenaltyKind, string][] = [
  ["warning", "Warning"],
  ["game_loss", "Game loss"],
  ["match_loss", "Match loss"],
  ["disqualification", "Disqualification"],
  ["time_extension", "Time extension"],
];

/** The infractions as gb-tournament names them (`Infraction::label`). */
export const INFRACTIONS: [Infraction, string][] = [
  ["tardiness", "Tardiness"],
  ["slow_play", "Slow play"],
  ["game_play_error", "Game play error"],
  ["deck_problem", "Deck problem"],
  ["decklist_problem", "Deck list problem"],
  ["outside_assistance", "Outside assistance"],
  ["communication_violation", "Communication policy violation"],
  ["unsporting_conduct_minor", "Unsporting conduct — minor"],
  ["unsporting_conduct_major", "Unsporting conduct — major"],
  ["improperly_determining_a_winner", "Improperly determining a winner"],
  ["bribery_and_wagering", "Bribery and wagering"],
  ["aggressive_behavior", "Aggressive behavior"],
  ["cheating", "Cheating"],
  ["ruling_or_deck_check", "Long ruling or deck check"],
  ["other", "Other"],
];

const label = <T extends string>(list: [T, string][], v: T): string => list.find(([k]) => k === v)?.[1] ?? v;

/** "Round 2, table 3: Ann — Game loss (Tardiness), by Jo: late 6 minutes"; a time extension names its table. */
export function penaltyText(p: Penalty, name: (id: string) => string): string {
  const who = p.player ? `${name(p.player)} — ` : "";
  const what = p.kind === "time_extension" ? `Time extension of ${p.minutes ?? 0} min` : label(PENALTY_KINDS, p.kind);
  const infraction = p.infraction ? ` (${label(INFRACTIONS, p.infraction)})` : "";
  const by = p.judge ? `, by ${p.judge}` : p.kind === "match_loss" ? ", by the server" : "";
  return `Round ${p.round}, table ${p.table}: ${who}${what}${infraction}${by}${p.reason ? `: ${p.reason}` : ""}`;
}

/** The penalties on a player's record: their own, and the time extensions of their tables. */
export function playerPenalties(ev: EventView, player: string): Penalty[] {
  const tables = new Set(ev.rounds.flatMap((r) => r.tables.filter((t) => t.players.includes(player)).map((t) => `${r.number}/${t.table}`)));
  return ev.penalties.filter((p) => p.player === player || (p.player === null && tables.has(`${p.round}/${p.table}`)));
}

/** Whether `me` may give penalties and open judge views: the organizer or an appointed judge. */
export function isJudge(ev: EventView, me: string | undefined): boolean {
  return !!me && (me === ev.organizer_id || ev.judges.some((j) => j.account_id === me));
}
