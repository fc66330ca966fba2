import { describe, expect, it } from "vitest";
import { type EventView, type RoundView, type TableView, COMPUTER_MARK, auditText, clockText, gamesFromScore, myTable, noShowText, parseHandPairing, playerName, playerStatus, resultText, seedText, standingName } from "./tournament";

const table = (result: TableView["result"]): TableView => ({ table: 3, players: ["ann", "bob"], room_id: "r1", result, extension_minutes: 0, time_called: false, arrived: [true, false] });
const name = (p: string) => p.toUpperCase();

describe("resultText", () => {
  it("says who won and by how much, a draw, or that the table is still playing", () => {
    expect(resultText(table({ games: [] }), name)).toBe("playing");
    expect(resultText(table({ games: [{ result: "win", winner: "bob" }, { result: "win", winner: "ann" }, { result: "win", winner: "bob" }] }), name)).toBe("BOB 2–1");
    expect(resultText(table({ games: [{ result: "game_loss", player: "bob" }] }), name)).toBe("ANN 1–0");
    expect(resultText(table({ games: [{ result: "draw" }] }), name)).toBe("draw 0–0");
  });
  it("names a concession and an intentional draw", () => {
    expect(resultText(table({ games: [], end: { conceded_by: "bob" } }), name)).toBe("BOB conceded");
    expect(resultText(table({ games: [], end: "intentional_draw" }), name)).toBe("intentional draw");
  });
  it("says when time was called, and how the time rule decided a playoff game", () => {
    expect(resultText(table({ games: [{ result: "win", winner: "ann" }, { result: "unfinished" }], end: "time" }), name)).toBe("ANN 1–0 (time called)");
    const games: TableView["result"]["games"] = [
      { result: "win", winner: "bob" }, { result: "win", winner: "ann", decided_by: "rounds_won" }, { result: "win", winner: "ann", decided_by: "hp" },
    ];
    expect(resultText(table({ games, end: "time" }), name)).toBe("ANN 2–1 (time called; game 2 decided on in-game rounds won; game 3 decided on HP)");
    expect(resultText(table({ games: [{ result: "win", winner: "bob", decided_by: "sudden_death" }] }), name)).toBe("BOB 1–0 (game 1 decided by sudden death)");
  });
  it("puts a judge's match loss before the games", () => {
    expect(resultText(table({ games: [{ result: "win", winner: "ann" }], judge: [{ action: "match_loss", player: "ann" }] }), name)).toBe("ANN: match loss");
    expect(resultText(table({ games: [], judge: [{ action: "match_loss", player: "bob", reason: "no-show" }] }), name)).toBe("BOB: no-show");
  });
});

describe("myTable and the round clock", () => {
  const round: RoundView = { number: 2, started_at_ms: 0, time_called_at_ms: 45 * 60_000, no_show_at_ms: 600_000, tables: [table({ games: [] })], byes: ["cy"] };
  const ev = { rounds: [round] } as unknown as EventView;
  it("finds the player's table and opponent, or their bye", () => {
    expect(myTable(ev, "bob")).toMatchObject({ round: 2, opponent: "ann", bye: false });
    expect(myTable(ev, "cy")).toMatchObject({ round: 2, table: null, bye: true });
    expect(myTable(ev, "dee")).toBeNull();
  });
  it("counts down to time and then says so", () => {
    expect(clockText(round, 45 * 60_000 - 61_500)).toBe("1:01 left");
    expect(clockText(round, 45 * 60_000)).toBe("time called");
  });
});

describe("auditText", () => {
  it("shows players by name, not by id", () => {
    const entry = { seq: 3, actor: "org", action: "concession", detail_json: JSON.stringify({ round: 1, table: 2, player: "ann", player_name: "Ann" }), created_at: 0 };
    const names: Record<string, string> = { org: "Organizer", ann: "Ann", bob: "Bob" };
    const who = (id: string) => names[id] ?? id;
    expect(auditText(entry, who)).toBe("Organizer: concession (round: 1, table: 2, player: Ann)");
    const fix = { ...entry, action: "correction", detail_json: JSON.stringify({ result: { games: [{ result: "win", winner: "bob" }] } }) };
    expect(auditText(fix, who)).toBe("Organizer: correction (result: games result win, winner Bob)");
    // The server's names beside nested ids too ("Names") are not repeated.
    const named = { ...entry, action: "correction", detail_json: JSON.stringify({ result: { games: [{ result: "win", winner: "bob", winner_name: "Bob" }] } }) };
    expect(auditText(named, who)).toBe("Organizer: correction (result: games result win, winner Bob)");
  });
});

describe("gamesFromScore", () => {
  it("writes any game score as games, so resultText reads it back", () => {
    const games = gamesFromScore(["ann", "bob"], [1, 2], 0);
    expect(games).toEqual([{ result: "win", winner: "ann" }, { result: "win", winner: "bob" }, { result: "win", winner: "bob" }]);
    expect(resultText(table({ games }), name)).toBe("BOB 2–1");
    expect(resultText(table({ games: gamesFromScore(["ann", "bob"], [1, 1], 1) }), name)).toBe("draw 1–1");
    // The leader's wins come last: the match is not won before its last game (the server refuses that).
    expect(gamesFromScore(["ann", "bob"], [2, 1], 0)).toEqual([{ result: "win", winner: "bob" }, { result: "win", winner: "ann" }, { result: "win", winner: "ann" }]);
    expect(gamesFromScore(["ann", "bob"], [2, 0], 1)).toEqual([{ result: "draw" }, { result: "win", winner: "ann" }, { result: "win", winner: "ann" }]);
  });
});

describe("attendance", () => {
  const log = { roster: [
    { before_round: 2, player: "bob", change: "drop", reason: "no-show" },
    { before_round: 2, player: "cy", change: "drop", reason: "" },
    { before_round: 2, player: "dee", change: "drop", reason: "no-show" },
    { before_round: 3, player: "dee", change: "readd" },
  ] };
  it("says who was dropped as a no-show, and who is back after a re-add", () => {
    const ev = { log, rounds: [{}], checked_in: [] } as unknown as EventView;
    expect(playerStatus(ev, "bob")).toBe("dropped (no-show)");
    expect(playerStatus(ev, "cy")).toBe("dropped");
    expect(playerStatus(ev, "dee")).toBe("playing");
    const over = { ...ev, status: "finished" } as EventView;
    expect(playerStatus(over, "dee")).toBe("finished");
    expect(playerStatus(over, "cy")).toBe("dropped");
  });
  it("shows check-in before round 1", () => {
    const ev = { log: { roster: [], settings: { check_in: true } }, rounds: [], checked_in: ["ann"] } as unknown as EventView;
    expect(playerStatus(ev, "ann")).toBe("checked in");
    expect(playerStatus(ev, "bob")).toBe("not checked in");
    const open = { log: { roster: [], settings: {} }, rounds: [], checked_in: [] } as unknown as EventView;
    expect(playerStatus(open, "bob")).toBe("registered");
  });
  it("counts down the time left to join a table", () => {
    const round = { no_show_at_ms: 600_000 } as RoundView;
    expect(noShowText(round, 600_000 - 61_500)).toBe("1:02 to join");
    expect(noShowText(round, 600_000)).toBeNull();
    expect(noShowText({ no_show_at_ms: null } as RoundView, 0)).toBeNull();
  });
});

describe("seedText", () => {
  it("names a provisional seed, or a bye for a seed nobody fills", () => {
    const name = (p: string) => (p === "ann" ? "Ann" : p);
    expect(seedText({ seed: 1, player: "ann" }, name)).toBe("1. Ann");
    expect(seedText(null, name)).toBe("bye");
  });
});

describe("parseHandPairing", () => {
  const players = [{ id: "a1", name: "Ann Lee" }, { id: "b2", name: "Bob" }, { id: "c3", name: "Cy" }];
  it("reads tables and a bye by name", () => {
    expect(parseHandPairing("ann lee v Bob\n\nbye Cy", players)).toEqual([{ players: ["a1", "b2"] }, { bye: "c3" }]);
    expect(parseHandPairing("Bob vs Ann Lee", players)).toEqual([{ players: ["b2", "a1"] }]);
  });
  it("names the line of an unknown name or a line it cannot read", () => {
    expect(() => parseHandPairing("Ann Lee v Dee", players)).toThrow('line 1: no player is called "Dee"');
    expect(() => parseHandPairing("Bob\nAnn Lee Bob", players)).toThrow("line 1");
  });
});

describe("computer players", () => {
  it("marks a computer's name wherever the event shows it, never a person's", () => {
    const ev = { log: { players: [{ id: "ann", name: "Ann", entered_round: 1 }, { id: "computer-1", name: "Computer 1 (Hard)", entered_round: 1, computer: true }] } } as unknown as EventView;
    const name = playerName(ev);
    expect(name("ann")).toBe("Ann");
    expect(name("computer-1")).toBe(`${COMPUTER_MARK} Computer 1 (Hard)`);
    expect(name("someone")).toBe("someone");
    const row = { name: "Computer 1 (Hard)", computer: true } as Parameters<typeof standingName>[0];
    expect(standingName(row)).toBe(`${COMPUTER_MARK} Computer 1 (Hard)`);
    expect(standingName({ ...row, name: "Ann", computer: false })).toBe("Ann");
  });
});
