// Tournament REST (docs/tournaments.md "On the server") and the pure helpers the event pages use.
// Every body is generated from gb-protocol's tournament module (and gb-tournament's file format) into gen/.
import { call } from "./api";
import type { AccountName } from "./gen/AccountName";
import type { AddComputers } from "./gen/AddComputers";
import type { AuditEntry } from "./gen/AuditEntry";
import type { BracketSeed } from "./gen/BracketSeed";
import type { EventView } from "./gen/EventView";
import type { CheckIn } from "./gen/CheckIn";
import type { Concede } from "./gen/Concede";
import { NO_SHOW_REASON } from "./gen/constants";
import type { Correct } from "./gen/Correct";
import type { FeatureTable } from "./gen/FeatureTable";
import type { CreateTournament } from "./gen/CreateTournament";
import type { Game } from "./gen/Game";
import type { Judge } from "./gen/Judge";
import type { PlayoffTimeRule } from "./gen/PlayoffTimeRule";
import type { JudgeAction } from "./gen/JudgeAction";
import type { LateEntry } from "./gen/LateEntry";
import type { ManualPairing } from "./gen/ManualPairing";
import type { Repair } from "./gen/Repair";
import type { Reason } from "./gen/Reason";
import type { RoundView } from "./gen/RoundView";
import type { SetSwissRounds } from "./gen/SetSwissRounds";
import type { Settings } from "./gen/Settings";
import type { Standing } from "./gen/Standing";
import type { Standings } from "./gen/Standings";
import type { TableResult } from "./gen/TableResult";
import type { TableView } from "./gen/TableView";
import type { BotLevel, JoinSeat } from "./protocol";

export type { AccountName, AuditEntry, EventView, Game, JudgeAction, RoundView, Settings, Standings, TableResult, TableView };

const base = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;

export const tournaments = {
  create: (name: string, settings: Settings) => call<EventView>("POST", "/api/tournaments", { name, settings } satisfies CreateTournament),
  get: (id: string) => call<EventView>("GET", base(id)),
  openRegistration: (id: string) => call<EventView>("POST", `${base(id)}/registration/open`, {}),
  closeRegistration: (id: string) => call<EventView>("POST", `${base(id)}/registration/close`, {}),
  register: (id: string, deck: JoinSeat) => call<EventView>("POST", `${base(id)}/registrations`, deck),
  lateEntry: (id: string, account_id: string, preconstructed: string) =>
    call<EventView>("POST", `${base(id)}/late_entries`, { account_id, preconstructed } satisfies LateEntry),
  drop: (id: string, player: string, reason: string) =>
    call<EventView>("POST", `${base(id)}/players/${encodeURIComponent(player)}/drop`, { reason } satisfies Reason),
  /** The organizer re-adds a dropped player from the next round on. */
  readd: (id: string, player: string, reason: string) =>
    call<EventView>("POST", `${base(id)}/players/${encodeURIComponent(player)}/readd`, { reason } satisfies Reason),
  /** A judge action at a table: a match loss, a disqualification, or a time extension. */
  judge: (id: string, round: number, table: number, action: JudgeAction) =>
    call<EventView>("POST", `${base(id)}/judge`, { round, table, action } satisfies Judge),
  startRound: (id: string) => call<EventView>("POST", `${base(id)}/rounds`, {}),
  correct: (id: string, round: number, table: number, result: TableResult, reason: string) =>
    call<EventView>("POST", `${base(id)}/corrections`, { round, table, result, reason } satisfies Correct),
  /** The caller concedes (or, for the organizer, `player` does) the match at a table of the round being played. */
  concede: (id: string, round: number, table: number, player?: string) =>
    call<EventView>("POST", `${base(id)}/rounds/${round}/tables/${table}/concede`, (player ? { player } : {}) satisfies Concede),
  /** An intentional draw: recorded at once for the organizer, once both players asked otherwise. */
  intentionalDraw: (id: string, round: number, table: number) =>
    call<EventView>("POST", `${base(id)}/rounds/${round}/tables/${table}/intentional_draw`, {}),
  /** The caller checks in (or, for the organizer, `player` is checked in), before round 1. */
  checkIn: (id: string, player?: string) =>
    call<EventView>("POST", `${base(id)}/check-in`, (player ? { player } : {}) satisfies CheckIn),
  /** The organizer pairs the next Swiss round by hand (`confirm`: rematches and second byes are meant). */
  pairByHand: (id: string, pairings: ManualPairing[], reason: string, confirm: boolean) =>
    call<EventView>("POST", `${base(id)}/rounds/by_hand`, { pairings, reason, confirm } satisfies Repair),
  /** The organizer re-pairs the round being played by hand, before any table has a result. */
  repair: (id: string, pairings: ManualPairing[], reason: string, confirm: boolean) =>
    call<EventView>("POST", `${base(id)}/rounds/current/pairings`, { pairings, reason, confirm } satisfies Repair),
  setSwissRounds: (id: string, rounds: number, reason: string) =>
    call<EventView>("POST", `${base(id)}/swiss_rounds`, { rounds, reason } satisfies SetSwissRounds),
  /** Ends the event after the round just played: its standings are final. */
  end: (id: string, reason: string) => call<EventView>("POST", `${base(id)}/end`, { reason } satisfies Reason),
  /** The organizer enters `count` computer players at `level` while registration is open. */
  addComputers: (id: string, count: number, level: BotLevel) =>
    call<EventView>("POST", `${base(id)}/computers`, { count, level } satisfies AddComputers),
  /** The organizer features `table` of the round being played for spectators (`null`: none). */
  feature: (id: string, table: number | null) => call<EventView>("POST", `${base(id)}/featured`, { table } satisfies FeatureTable),
  standings: (id: string) => call<Standings>("GET", `${base(id)}/standings`),
  /** Accounts whose display name contains `name` (at least two characters): the organizer's late entry. */
  findAccounts: (name: string) => call<AccountName[]>("GET", `/api/accounts?name=${encodeURIComponent(name)}`),
  audit: (id: string) => call<AuditEntry[]>("GET", `${base(id)}/audit`),
};

/** Computer players one request may add (the server's bound, docs/tournaments.md "Computer players"). */
export const MAX_COMPUTERS_PER_REQUEST = 16;

/** Put before a computer player's name wherever it is shown, so it is never mistaken for a person. */
export const COMPUTER_MARK = "🤖";

/** A player's name as the event pages show it, by id (an unknown id as itself); a computer's is marked. */
export function playerName(ev: EventView): (id: string) => string {
  const players = new Map(ev.log.players.map((p) => [p.id, p]));
  return (id) => {
    const p = players.get(id);
    return !p ? id : p.computer ? `${COMPUTER_MARK} ${p.name}` : p.name;
  };
}

/** A standings row's name, a computer's marked as in `playerName`. */
export function standingName(s: Standing): string {
  return s.computer ? `${COMPUTER_MARK} ${s.name}` : s.name;
}

/** "Ann 1–0", "draw", "playing": a table's result in words, for the pairings list. */
export function resultText(t: TableView, name: (id: string) => string): string {
  const judge = t.result.judge?.find((j) => j.action === "match_loss" || j.action === "disqualification");
  if (judge && "player" in judge) {
    const what = judge.reason === NO_SHOW_REASON ? "no-show" : judge.action === "match_loss" ? "match loss" : "disqualified";
    return `${name(judge.player)}: ${what}`;
  }
  const end = t.result.end;
  if (end && typeof end === "object") return `${name(end.conceded_by)} conceded`;
  if (end === "intentional_draw") return "intentional draw";
  if (t.result.games.length === 0 && !end) return "playing";
  let a = 0;
  let b = 0;
  for (const g of t.result.games) {
    const who = g.result === "win" ? g.winner : g.result === "game_loss" ? t.players.find((p) => p !== g.player) : undefined;
    if (who === t.players[0]) a++;
    else if (who === t.players[1]) b++;
  }
  const score = a === b ? `draw ${a}–${b}` : a > b ? `${name(t.players[0])} ${a}–${b}` : `${name(t.players[1])} ${b}–${a}`;
  return score + timeText(t.result.games, end === "time");
}

/** How the time rule decided a game cut off in a playoff (docs/tournaments.md, "End-of-round procedure"). */
const DECIDED_BY: Record<PlayoffTimeRule, string> = { rounds_won: "on in-game rounds won", hp: "on HP", sudden_death: "by sudden death" };

/** " (time called; game 3 decided on HP)": what the round's time did to a match, if anything. */
function timeText(games: Game[], timeCalled: boolean): string {
  const decided = games.flatMap((g, i) => (g.result === "win" && g.decided_by ? [`game ${i + 1} decided ${DECIDED_BY[g.decided_by]}`] : []));
  const parts = [...(timeCalled ? ["time called"] : []), ...decided];
  return parts.length ? ` (${parts.join("; ")})` : "";
}

/**
 * A game score as the games a correction records: `wins[i]` games won by `players[i]` and `draws` drawn games, the
 * leader's wins last: the server refuses a game played after the match was won, so 2–1 is [loss, win, win].
 */
export function gamesFromScore(players: [string, string], wins: [number, number], draws: number): Game[] {
  const won = (p: string, n: number): Game[] => Array.from({ length: Math.max(0, n) }, () => ({ result: "win", winner: p }));
  const lead = wins[1] > wins[0] ? 1 : 0;
  const drawn = Array.from({ length: Math.max(0, draws) }, (): Game => ({ result: "draw" }));
  return [...won(players[1 - lead]!, wins[1 - lead]!), ...drawn, ...won(players[lead]!, wins[lead]!)];
}

/** An audit entry in words, with players' names for their ids (`name` returns anything else unchanged):
 * "Organizer: correction (round: 1, table: 2, reason: slip)". */
export function auditText(a: AuditEntry, name: (id: string) => string): string {
  let detail: Record<string, unknown> = {};
  try {
    detail = JSON.parse(a.detail_json) as Record<string, unknown>;
  } catch {
    return `${name(a.actor)}: ${a.action.replace(/_/g, " ")} ${a.detail_json}`;
  }
  const show = (v: unknown): string =>
    typeof v === "string" ? name(v)
    : Array.isArray(v) ? v.map(show).join(" – ")
    : v && typeof v === "object" ? Object.entries(v).filter(([k]) => !/_names?$/.test(k)).map(([k, x]) => `${k.replace(/_/g, " ")} ${show(x)}`).join(", ")
    : String(v);
  // `…_name(s)` fields are the server's names for the ids beside them (docs/tournaments.md, "Names").
  const parts = Object.entries(detail).filter(([k]) => k !== "explanation" && !/_names?$/.test(k)).map(([k, v]) => `${k.replace(/_/g, " ")}: ${show(v)}`);
  return `${name(a.actor)}: ${a.action.replace(/_/g, " ")}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

/** The player's table in the latest round, their opponent, or their bye. */
export function myTable(ev: EventView, me: string): { round: number; table: TableView | null; opponent: string | null; bye: boolean } | null {
  const round = ev.rounds[ev.rounds.length - 1];
  if (!round) return null;
  if (round.byes.includes(me)) return { round: round.number, table: null, opponent: null, bye: true };
  const table = round.tables.find((t) => t.players.includes(me));
  if (!table) return null;
  return { round: round.number, table, opponent: table.players.find((p) => p !== me) ?? null, bye: false };
}

/** "12:04 left" or "time called", from the round clock. */
export function clockText(round: RoundView, now: number): string {
  const left = round.time_called_at_ms - now;
  if (left <= 0) return "time called";
  const s = Math.floor(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} left`;
}

/** The top cut's rounds, for the bracket: the rounds after the Swiss ones (the server's count, `auto` resolved). */
export function playoffRounds(ev: EventView): RoundView[] {
  const swiss = ev.swiss_rounds;
  return swiss === null ? [] : ev.rounds.filter((r) => r.number > swiss);
}

/** A seed of the provisional top cut in words: "1. Ann", or "bye" for a seed nobody fills. */
export function seedText(s: BracketSeed | null, name: (id: string) => string): string {
  return s ? `${s.seed}. ${name(s.player)}` : "bye";
}

/** Where a player stands in the event, in words: "dropped (no-show)", "dropped", "disqualified", before round 1
 * "checked in" or "not checked in" ("registered" when the event has no check-in), "finished" once the event is over,
 * else "playing". The latest roster change decides (a re-add undoes a drop). */
export function playerStatus(ev: EventView, player: string): string {
  const last = [...ev.log.roster].reverse().find((c) => c.player === player);
  if (last?.change === "disqualify") return "disqualified";
  if (last?.change === "drop") return last.reason === NO_SHOW_REASON ? "dropped (no-show)" : "dropped";
  if (ev.rounds.length === 0) {
    if (!ev.log.settings.check_in) return "registered"; // absent: no check-in (the file leaves false out)
    return ev.checked_in.includes(player) ? "checked in" : "not checked in";
  }
  return ev.status === "finished" ? "finished" : "playing";
}

/** "3:12 to join" while the current round's seats may still arrive, for tables still waiting for a player. */
export function noShowText(round: RoundView, now: number): string | null {
  if (round.no_show_at_ms === null) return null;
  const left = round.no_show_at_ms - now;
  if (left <= 0) return null;
  const s = Math.ceil(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} to join`;
}

/** The organizer's hand pairing, one line per table by the players' names: "Ann v Bob" (or "vs", "-"), and
 * "bye Cy" for a bye. Names match case-insensitively; an unknown or ambiguous name is an error naming the line. */
export function parseHandPairing(text: string, players: { id: string; name: string }[]): ManualPairing[] {
  const find = (n: string, line: number): string => {
    const hits = players.filter((p) => p.name.trim().toLowerCase() === n.trim().toLowerCase());
    if (hits.length !== 1) throw new Error(`line ${line}: ${hits.length ? "more than one player is" : "no player is"} called "${n.trim()}"`);
    return hits[0]!.id;
  };
  return text.split("\n").map((l) => l.trim()).flatMap((l, i): ManualPairing[] => {
    if (!l) return [];
    const bye = /^bye[:\s]+(.+)$/i.exec(l);
    if (bye) return [{ bye: find(bye[1]!, i + 1) }];
    const two = l.split(/\s+(?:v|vs\.?|-)\s+/i);
    if (two.length !== 2) throw new Error(`line ${i + 1}: write "Ann v Bob" or "bye Cy"`);
    return [{ players: [find(two[0]!, i + 1), find(two[1]!, i + 1)] }];
  });
}
