import { describe, expect, it } from "vitest";
import { actionLabel, auditUndo, finalPlaces, nextRoundLabel, roundName, stateText, tableActions, tableState, winnerOf } from "./console";
import { NO_SHOW_REASON } from "./gen/constants";
import type { AuditEntry, EventView, RoundView, TableView } from "./tournament";

const name = (p: string) => p.toUpperCase();
const table = (over: Partial<TableView> = {}): TableView => ({
  table: 2, players: ["ann", "bob"], room_id: "r", result: { games: [] }, extension_minutes: 0, time_called: false, arrived: [true, true], ...over,
});
const labels = (t: TableView, bo = 3) => tableActions(t, tableState(t, bo, name)).map((a) => actionLabel(a, t.table, name));

describe("a table's state and the actions that fit it", () => {
  it("waits for players who have not joined, offering a match loss for the absent", () => {
    const t = table({ arrived: [true, false] });
    expect(stateText(tableState(t, 3, name), name)).toBe("waiting for BOB");
    expect(labels(t)).toEqual(["Record a result at table 2", "Match loss: BOB", "+10 min at table 2"]);
  });
  it("counts the games of a match being played", () => {
    expect(stateText(tableState(table(), 3, name), name)).toBe("playing game 1");
    const one = table({ result: { games: [{ result: "win", winner: "ann" }] } });
    expect(stateText(tableState(one, 3, name), name)).toBe("playing game 2");
    expect(labels(one)).toEqual(["Record a result at table 2", "Intentional draw", "Match loss: ANN", "Match loss: BOB", "+10 min at table 2"]);
  });
  it("says when time is called, and no longer offers more time", () => {
    const t = table({ time_called: true, result: { games: [{ result: "win", winner: "ann" }, { result: "win", winner: "bob" }] } });
    expect(stateText(tableState(t, 3, name), name)).toBe("time called (game 3)");
    expect(labels(t)).not.toContain("+10 min at table 2");
  });
  it("offers only a correction once the table has its result or a no-show", () => {
    const done = table({ result: { games: [{ result: "win", winner: "bob" }, { result: "win", winner: "bob" }] } });
    expect(stateText(tableState(done, 3, name), name)).toBe("result: BOB 2–0");
    expect(labels(done)).toEqual(["Correct table 2"]);
    const absent = table({ result: { games: [], judge: [{ action: "match_loss", player: "bob", reason: NO_SHOW_REASON }] } });
    expect(stateText(tableState(absent, 3, name), name)).toBe("no-show: BOB");
    expect(labels(absent)).toEqual(["Correct table 2"]);
  });
  it("treats a time extension as no result", () => {
    const t = table({ result: { games: [], judge: [{ action: "time_extension", minutes: 10 }] } });
    expect(tableState(t, 3, name).kind).toBe("playing");
  });
  it("plays on after a drawn game, as the server scores it, until someone has the games needed or time ends it", () => {
    const games: TableView["result"]["games"] = [{ result: "win", winner: "ann" }, { result: "win", winner: "bob" }, { result: "draw" }];
    expect(stateText(tableState(table({ result: { games } }), 3, name), name)).toBe("playing game 4");
    expect(stateText(tableState(table({ result: { games, end: "time" } }), 3, name), name)).toBe("result: draw 1–1 (time called)");
    const cut = table({ result: { games: [{ result: "win", winner: "ann" }, { result: "unfinished" }] } });
    expect(stateText(tableState(cut, 3, name), name)).toBe("result: ANN 1–0");
  });
  it("treats a warning as no result, and no win for the opponent", () => {
    const warned = table({ result: { games: [], judge: [{ action: "warning", player: "ann", reason: "slow play" }] } });
    expect(stateText(tableState(warned, 3, name), name)).toBe("playing game 1");
    expect(labels(warned)).toContain("Record a result at table 2");
    expect(winnerOf(warned, 3)).toBeNull();
    const later = table({ result: { games: [{ result: "win", winner: "ann" }, { result: "win", winner: "ann" }], judge: [{ action: "warning", player: "ann" }] } });
    expect(stateText(tableState(later, 3, name), name)).toBe("result: ANN 2–0");
    expect(winnerOf(later, 3)).toBe("ann");
  });
  it("one game a match: a single win is the result", () => {
    expect(tableState(table({ result: { games: [{ result: "win", winner: "ann" }] } }), 1, name).kind).toBe("result");
  });
});

const round = (number: number, tables: TableView[], byes: string[] = []): RoundView => ({ number, started_at_ms: 0, time_called_at_ms: 1, no_show_at_ms: null, tables, byes });
const event = (over: Partial<EventView>, structure: EventView["log"]["settings"]["structure"] = { kind: "swiss", rounds: "auto", top_cut: 4 }): EventView => ({
  id: "e", organizer_id: "org", status: "running", rounds: [], champion: null, over: false, next_round_blocked: null, checked_in: [],
  provisional_bracket: [], warnings: [], swiss_rounds: null, announcements: [], judges: [], penalties: [], featured: null,
  log: { format: "", name: "E", seed: 1, players: ["ann", "bob", "cy", "dee", "eve"].map((id) => ({ id, name: id, entered_round: 1 })), roster: [], rounds: [], corrections: [],
    settings: { structure, games_per_match: 3, next_game_chooser: "loser", round_minutes: 45, end_of_round: { extra_turns: 3 }, spectator_delay_seconds: 0 } },
  ...over,
});

describe("the next round and the top cut", () => {
  it("names the top cut after the Swiss rounds, also when their count was automatic", () => {
    const swiss = [round(1, []), round(2, []), round(3, [])];
    expect(nextRoundLabel(event({ rounds: swiss.slice(0, 2), swiss_rounds: 3 }))).toBe("Pair and start round 3");
    expect(nextRoundLabel(event({ rounds: swiss, swiss_rounds: 3 }))).toBe("Start the top cut (top 4)");
    const semis = round(4, [table({ table: 1 }), table({ table: 2 })]);
    expect(nextRoundLabel(event({ rounds: [...swiss, semis], swiss_rounds: 3 }))).toBe("Pair and start round 5 (Final)");
    expect(roundName(event({ rounds: [...swiss, semis], swiss_rounds: 3 }), 4)).toBe("Semi-finals");
    expect(roundName(event({ rounds: swiss, swiss_rounds: 3 }), 2)).toBe("Swiss round 2 of 3");
    expect(nextRoundLabel(event({ over: true }))).toBeNull();
  });
});

describe("final places", () => {
  it("puts the champion, the finalist and the semi-finalists first, then the Swiss order", () => {
    const win = (w: string) => ({ games: [{ result: "win" as const, winner: w }, { result: "win" as const, winner: w }] });
    const semis = round(4, [table({ table: 1, players: ["ann", "dee"], result: win("ann") }), table({ table: 2, players: ["bob", "cy"], result: win("cy") })]);
    const final = round(5, [table({ table: 1, players: ["ann", "cy"], result: { games: [], end: { conceded_by: "ann" } } })]);
    const ev = event({ rounds: [round(1, []), round(2, []), round(3, []), semis, final], swiss_rounds: 3, champion: "cy", over: true });
    expect(winnerOf(final.tables[0]!, 3)).toBe("cy");
    const places = finalPlaces(ev, ["ann", "bob", "cy", "dee", "eve"]);
    expect(places.map((p) => `${p.place} ${p.player} ${p.title}`.trim())).toEqual(["1 cy Champion", "2 ann Finalist", "3–4 bob Semi-finalist", "3–4 dee Semi-finalist", "5 eve"]);
  });
});

describe("undo from the audit list", () => {
  const entry = (seq: number, action: string, detail: object): AuditEntry => ({ seq, actor: "org", action, detail_json: JSON.stringify(detail), created_at: 0 });
  it("re-adds a dropped player, and drops a late entry, only while that still holds", () => {
    const dropped = event({ log: { ...event({}).log, roster: [{ before_round: 2, player: "bob", change: "drop", reason: "" }] }, rounds: [round(1, [])] });
    const drop = entry(1, "drop", { player: "bob" });
    expect(auditUndo(drop, [drop], dropped, name)).toEqual({ kind: "readd", player: "bob", what: "BOB dropped" });
    expect(auditUndo(drop, [drop], event({ rounds: [round(1, [])] }), name)).toBeNull();
    const late = entry(2, "late_entry", { player: "eve", entered_round: 2 });
    expect(auditUndo(late, [late], event({ rounds: [round(1, [])] }), name)).toEqual({ kind: "drop", player: "eve", what: "EVE entered late" });
    expect(auditUndo(late, [late], event({ over: true }), name)).toBeNull();
  });
  it("restores the result before the latest correction of a table, and offers nothing for an older one", () => {
    const base = event({});
    const recorded = { table: 1, players: ["ann", "bob"] as [string, string], games: [{ result: "win" as const, winner: "ann" }] };
    const fix1 = { round: 1, table: 1, reason: "slip", games: [{ result: "win" as const, winner: "bob" }] };
    const fix2 = { round: 1, table: 1, reason: "again", games: [{ result: "draw" as const }] };
    const ev = event({ log: { ...base.log, rounds: [{ pairings: [recorded] }], corrections: [fix1, fix2] }, rounds: [round(1, [])] });
    const a1 = entry(5, "correction", { round: 1, table: 1 });
    const a2 = entry(9, "correction", { round: 1, table: 1 });
    expect(auditUndo(a1, [a1, a2], ev, name)).toBeNull();
    expect(auditUndo(a2, [a1, a2], ev, name)).toMatchObject({ kind: "restore", round: 1, table: 1, result: { games: fix1.games } });
    const once = event({ log: { ...base.log, rounds: [{ pairings: [recorded] }], corrections: [fix1] }, rounds: [round(1, [])] });
    expect(auditUndo(a1, [a1], once, name)).toMatchObject({ kind: "restore", result: { games: recorded.games } });
  });
});

describe("print routes", () => {
  it("parses the print pages of an event, and nothing else under print/", async () => {
    const { parseRoute } = await import("./router");
    expect(parseRoute("/tournaments/t1/print/slips")).toEqual({ name: "tournament_print", id: "t1", kind: "slips" });
    expect(parseRoute("/tournaments/t1/print/pairings-by-name")).toMatchObject({ kind: "pairings-by-name" });
    expect(parseRoute("/tournaments/t1/print/nonsense")).toMatchObject({ name: "not_found" });
  });
});
