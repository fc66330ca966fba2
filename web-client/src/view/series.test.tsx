// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { GameResult, RoomInfo } from "../protocol";
import { NextGame, SeriesScore } from "./series";

const game = (winner: "A" | "B" | null): GameResult => ({ match_id: "m", winner, reason: winner ? "two_rounds" : null, seed_hash: "", seed: null, nonce: null });
const room = (best_of: number, winners: ("A" | "B" | null)[], status: RoomInfo["status"] = "finished", series_winner: "A" | "B" | null = null): RoomInfo => ({
  id: "r", visibility: "private", best_of, status, spectators: 0, spectator_delay: null, clock: null, seed_hash: "", version: 0,
  seats: [{ seat: "A", display_name: "Ann", connected: true, bot: false, bot_level: null, rematch: false },
    { seat: "B", display_name: "Bo", connected: true, bot: false, bot_level: null, rematch: false }],
  games: winners.map(game), series_winner,
});

let root: HTMLElement | null = null;
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } });
function draw(r: RoomInfo, seat: "A" | "B") {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(<NextGame room={r} seat={seat} onRoom={() => undefined} />, root!));
  return [...root.querySelectorAll("button")].map((b) => b.textContent);
}

describe("series", () => {
  it("names the series winner the server reports, and only then", () => {
    const score = (r: RoomInfo) => {
      root = document.createElement("div");
      document.body.append(root);
      act(() => render(<SeriesScore room={r} names={{ A: "Ann", B: "Bo" }} />, root!));
      const text = root.textContent;
      render(null, root);
      return text;
    };
    expect(score(room(3, ["A", "B"]))).toBe("Best of 3 · Ann 1–1 Bo");
    expect(score(room(3, ["A", "B", "B"], "finished", "B"))).toBe("Best of 3 · Ann 1–2 Bo · Bo wins the series");
    expect(score(room(1, ["A"]))).toBe("One game");
  });

  it("offers the loser the go-first choice for the next game and the winner a plain request", () => {
    expect(draw(room(3, ["A"]), "B")).toEqual(["Start game 2 — I go first", "Start game 2 — they go first"]);
    expect(draw(room(3, ["A"]), "A")).toEqual(["Ask for game 2"]);
  });

  it("offers nothing once the series is decided or while a game runs", () => {
    expect(draw(room(3, ["A", "A"], "finished", "A"), "B")).toEqual([]);
    expect(draw(room(3, ["A", null], "playing"), "B")).toEqual([]);
  });

  it("offers no next game once the tournament has ended the match, and says why", () => {
    const ended: RoomInfo = { ...room(3, ["A", null], "finished"), match_end: "no_show" };
    expect(draw(ended, "B")).toEqual([]);
    expect(root!.textContent).toContain("The tournament has ended this match (no-show)");
    draw({ ...ended, match_end: "organizer" }, "B");
    expect(root!.textContent).toContain("result recorded by the organizer");
  });

  it("offers the winner the go-first choice where the table says the winner chooses", () => {
    const winnerChooses: RoomInfo = { ...room(3, ["A"]), next_game_chooser: "winner" };
    expect(draw(winnerChooses, "A")).toEqual(["Start game 2 — I go first", "Start game 2 — they go first"]);
    expect(draw(winnerChooses, "B")).toEqual(["Ask for game 2"]);
  });
});
