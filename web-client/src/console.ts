// The organizer's console, pure (docs/tournaments.md, "Running an event"): where each table of the round stands,
// the few actions that fit that state, what each action changes (the confirmation says it) and how it is undone
// (a correction back to the result before it, a re-add for a drop, a drop for a late entry or a re-add: every
// undo is itself an audited entry in the log, nothing is erased).
import { NO_SHOW_REASON } from "./gen/constants";
import type { AuditEntry, EventView, JudgeAction, RoundView, TableResult, TableView } from "./tournament";
import { playerStatus, resultText } from "./tournament";

export type TableState =
  | { kind: "waiting"; absent: string[] }
  | { kind: "playing"; game: number }
  | { kind: "time_called"; game: number }
  | { kind: "no_show"; players: string[] }
  | { kind: "result"; text: string };

/** A judge action that decides the match (a match loss, a disqualification); a warning or a time extension does not. */
export const decidesMatch = (j: JudgeAction): boolean => j.action === "match_loss" || j.action === "disqualification";

const pending = (r: TableResult) => r.games.length === 0 && !r.end && !(r.judge ?? []).some(decidesMatch);

/** Whether the table's match still has no result (a warning or a time extension alone is no result). */
export function isPending(t: TableView, needed: number): boolean {
  if (!pending(t.result)) {
    // Some games are in, but nobody has the match yet (game 2 of a best of three).
    if (t.result.end || (t.result.judge ?? []).some(decidesMatch)) return false;
    const wins = t.players.map((p) => t.result.games.filter((g) => (g.result === "win" && g.winner === p) || (g.result === "game_loss" && g.player !== p)).length);
    // As gb-tournament scores it (outcome.rs): a drawn game does not end a match; a game cut off by time does.
    return Math.max(...wins) < needed && t.result.games.at(-1)?.result !== "unfinished";
  }
  return true;
}

/** Where a table stands: waiting for players, playing game N, time called, a no-show, or its result in words. */
export function tableState(t: TableView, gamesPerMatch: number, name: (p: string) => string): TableState {
  const needed = Math.floor(gamesPerMatch / 2) + 1;
  const noShows = (t.result.judge ?? []).flatMap((j) => (j.action === "match_loss" && j.reason === NO_SHOW_REASON ? [j.player] : []));
  if (noShows.length) return { kind: "no_show", players: noShows };
  if (!isPending(t, needed)) return { kind: "result", text: resultText(t, name) };
  const game = t.result.games.length + 1;
  if (t.time_called) return { kind: "time_called", game };
  const absent = t.room_id && game === 1 ? t.players.filter((_, i) => !t.arrived[i]) : [];
  if (absent.length) return { kind: "waiting", absent };
  return { kind: "playing", game };
}

export function stateText(s: TableState, name: (p: string) => string): string {
  switch (s.kind) {
    case "waiting": return `waiting for ${s.absent.map(name).join(" and ")}`;
    case "playing": return `playing game ${s.game}`;
    case "time_called": return `time called (game ${s.game})`;
    case "no_show": return `no-show: ${s.players.map(name).join(" and ")}`;
    case "result": return `result: ${s.text}`;
  }
}

/** What the organizer may do at a table. `record` opens the score form (a correction with the games). */
export type TableAction =
  | { kind: "record" }
  | { kind: "correct" }
  | { kind: "intentional_draw" }
  | { kind: "match_loss"; player: string; reason: string }
  | { kind: "extend"; minutes: number };

/** Only the actions that fit the table's state: a table that has its result can only be corrected. */
export function tableActions(t: TableView, s: TableState): TableAction[] {
  const losses = (players: readonly string[], reason: string): TableAction[] => players.map((player) => ({ kind: "match_loss", player, reason }));
  switch (s.kind) {
    case "waiting":
      // Before the server's no-show deadline, a match loss for an absent player is the organizer's ruling.
      return [{ kind: "record" }, ...losses(s.absent, "did not join the table"), { kind: "extend", minutes: 10 }];
    case "playing":
      return [{ kind: "record" }, { kind: "intentional_draw" }, ...losses(t.players, "judge's ruling"), { kind: "extend", minutes: 10 }];
    case "time_called":
      return [{ kind: "record" }, { kind: "intentional_draw" }, ...losses(t.players, "judge's ruling")];
    case "no_show":
    case "result":
      return [{ kind: "correct" }];
  }
}

/** The button's words: "Match loss: Ann", "+10 min at table 2". */
export function actionLabel(a: TableAction, table: number, name: (p: string) => string): string {
  switch (a.kind) {
    case "record": return `Record a result at table ${table}`;
    case "correct": return `Correct table ${table}`;
    case "intentional_draw": return "Intentional draw";
    case "match_loss": return `Match loss: ${name(a.player)}`;
    case "extend": return `+${a.minutes} min at table ${table}`;
  }
}

/** The judge action an action records, if it is one. */
export function judgeAction(a: TableAction, reason: string): JudgeAction | null {
  if (a.kind === "match_loss") return { action: "match_loss", player: a.player, reason: reason || a.reason };
  if (a.kind === "extend") return { action: "time_extension", minutes: a.minutes, reason: reason || "judge's ruling" };
  return null;
}

/** What a confirmation says will change. */
export function consequence(a: TableAction, t: TableView, round: number, name: (p: string) => string): string {
  const at = `round ${round}, table ${t.table} (${name(t.players[0])} – ${name(t.players[1])})`;
  switch (a.kind) {
    case "record":
    case "correct": return `The result of ${at} becomes the score you entered; standings change with it.`;
    case "intentional_draw": return `${at} is recorded as an intentional draw (0–0–3, no game played); the table's game ends.`;
    case "match_loss": return `${name(a.player)} gets a match loss at ${at}; the opponent wins the match 2–0 and the table's game ends.`;
    case "extend": return `${at} gets ${a.minutes} more minutes on the round clock.`;
  }
}

/** An action the console can take back, with what the toast and the audit list say. */
export type Undo =
  | { kind: "restore"; round: number; table: number; result: TableResult; what: string }
  | { kind: "readd"; player: string; what: string }
  | { kind: "drop"; player: string; what: string };

/** The undo of an action that changed a table's result: a correction back to the result before it. */
export function undoResult(round: number, t: TableView, what: string): Undo {
  return { kind: "restore", round, table: t.table, result: t.result, what };
}

/** Undo entries of the audit list: drops, re-adds, late entries and corrections (for a correction, the result in
 * force before it). Only while they still hold, and only the latest correction of a table: undoing an older one
 * would silently replace the later ones. */
export function auditUndo(a: AuditEntry, audit: AuditEntry[], ev: EventView, name: (p: string) => string): Undo | null {
  const d = detail(a);
  if (!d || ev.over) return null;
  const player = typeof d.player === "string" ? d.player : null;
  const dropped = player ? playerStatus(ev, player).startsWith("dropped") : false;
  if (a.action === "drop" && player && dropped) return { kind: "readd", player, what: `${name(player)} dropped` };
  if (a.action === "readd" && player && !dropped) return { kind: "drop", player, what: `${name(player)} re-added` };
  if (a.action === "late_entry" && player && !dropped) return { kind: "drop", player, what: `${name(player)} entered late` };
  if (a.action !== "correction" || typeof d.round !== "number" || typeof d.table !== "number") return null;
  const { round, table } = d;
  // Corrections are audited in the log's order, so a table's k-th "correction" entry is its k-th correction.
  const k = audit.filter((e) => e.action === "correction" && sameTable(e, round, table)).findIndex((e) => e.seq === a.seq);
  const corrections = ev.log.corrections.filter((c) => c.round === round && c.table === table);
  if (k < 0 || k !== corrections.length - 1) return null;
  const before = k > 0 ? corrections[k - 1] : ev.log.rounds[round - 1]?.pairings.find((p) => "table" in p && p.table === table);
  if (!before || !("games" in before)) return null;
  const result: TableResult = { games: before.games, end: before.end ?? null, judge: before.judge ?? [] };
  return { kind: "restore", round, table, result, what: `correction at round ${round}, table ${table}` };
}

function detail(a: AuditEntry): Record<string, unknown> | null {
  try {
    const d: unknown = JSON.parse(a.detail_json);
    return d && typeof d === "object" ? (d as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const sameTable = (a: AuditEntry, round: number, table: number) => {
  const d = detail(a);
  return d?.round === round && d.table === table;
};

/** A round's tables, for the console: the latest round's. */
export function currentRound(ev: EventView): RoundView | null {
  return ev.rounds[ev.rounds.length - 1] ?? null;
}

/** A playoff stage by the players in it: "Final", "Semi-finals", "Quarter-finals", "Top 16". */
export function stageName(players: number): string {
  if (players <= 2) return "Final";
  if (players <= 4) return "Semi-finals";
  if (players <= 8) return "Quarter-finals";
  return `Top ${players}`;
}

/** Who lost in a stage: "Finalist", "Semi-finalist", "Quarter-finalist", "Top 16". */
function playerTitle(players: number): string {
  const stage = stageName(players);
  return stage.startsWith("Top") ? stage : `${stage.replace(/s$/, "")}ist`;
}

/** A round's name: "Swiss round 2 of 4", or its playoff stage. `swiss_rounds` is null before round 1 (auto). */
export function roundName(ev: EventView, n: number): string {
  const swiss = ev.swiss_rounds;
  if (swiss === null || n <= swiss) return swiss ? `Swiss round ${n} of ${swiss}` : `Swiss round ${n}`;
  const r = ev.rounds[n - 1];
  return r ? stageName(r.tables.length * 2 + r.byes.length) : "Top cut";
}

/** The top cut's size (single elimination: everyone), or null without one. */
export function topCut(ev: EventView): number | null {
  const s = ev.log.settings.structure;
  return s.kind === "single_elimination" ? ev.log.players.length : s.top_cut;
}

/** The console's "next round" button: "Pair and start round 3", "Start the top cut (top 8)", "Pair and start
 * round 6 (Final)". Null once the event is over. */
export function nextRoundLabel(ev: EventView): string | null {
  if (ev.over) return null;
  const next = ev.rounds.length + 1;
  const swiss = ev.swiss_rounds;
  const cut = topCut(ev);
  if (swiss === null || next <= swiss || cut === null) return `Pair and start round ${next}`;
  if (next === swiss + 1 && ev.log.settings.structure.kind === "swiss") return `Start the top cut (top ${cut})`;
  const last = ev.rounds[ev.rounds.length - 1];
  const left = last ? last.tables.length + last.byes.length : cut;
  return `Pair and start round ${next} (${stageName(left)})`;
}

/** Who won a table's match, or null (a draw, or no result yet). */
export function winnerOf(t: TableView, gamesPerMatch: number): string | null {
  const [a, b] = t.players;
  const other = (p: string) => (p === a ? b : a);
  const loss = (t.result.judge ?? []).find(decidesMatch);
  if (loss && "player" in loss) return other(loss.player);
  const end = t.result.end;
  if (end && typeof end === "object") return other(end.conceded_by);
  if (end === "intentional_draw" || isPending(t, Math.floor(gamesPerMatch / 2) + 1)) return null;
  const won = (p: string) => t.result.games.filter((g) => (g.result === "win" && g.winner === p) || (g.result === "game_loss" && g.player !== p)).length;
  return won(a) === won(b) ? null : won(a) > won(b) ? a : b;
}

export interface Place { place: string; title: string; player: string }

/** The finished event's final places: champion, finalist, semi-finalists, ... from the top cut, then everyone else
 * in Swiss order (MTR: the top cut's results decide the places of those who played it). */
export function finalPlaces(ev: EventView, swissOrder: string[]): Place[] {
  const swiss = ev.swiss_rounds ?? ev.rounds.length;
  const playoff = ev.rounds.filter((r) => r.number > swiss);
  const placed = new Set<string>();
  const out: Place[] = [];
  const add = (player: string, place: string, title: string) => {
    if (!placed.has(player)) { placed.add(player); out.push({ place, title, player }); }
  };
  if (ev.champion) add(ev.champion, "1", "Champion");
  for (const r of [...playoff].reverse()) {
    const losers = r.tables.flatMap((t) => { const w = winnerOf(t, ev.log.settings.games_per_match); return w ? t.players.filter((p) => p !== w) : []; });
    const from = out.length + 1;
    const place = losers.length > 1 ? `${from}–${from + losers.length - 1}` : String(from);
    const title = playerTitle(r.tables.length * 2 + r.byes.length);
    // Losers of one stage share its place, listed in Swiss order.
    for (const p of swissOrder.filter((x) => losers.includes(x))) add(p, place, title);
  }
  for (const p of swissOrder) add(p, String(out.length + 1), "");
  return out;
}
