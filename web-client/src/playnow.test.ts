import { describe, expect, it } from "vitest";
import { signed, waited } from "./playnow";
import { parseRoute } from "./router";

describe("play now", () => {
  it("shows a wait as minutes and seconds", () => {
    expect(waited(0)).toBe("0:00");
    expect(waited(65_400)).toBe("1:05");
  });
  it("shows a rating change with its sign", () => {
    expect([signed(12), signed(-8), signed(0)]).toEqual(["+12", "−8", "±0"]);
  });
  it("routes the leaderboard by format and profiles by name", () => {
    expect(parseRoute("/leaderboard", "?format=bo3")).toEqual({ name: "leaderboard", format: "bo3" });
    expect(parseRoute("/leaderboard", "")).toEqual({ name: "leaderboard", format: "bo1" });
    expect(parseRoute("/players/ann%20b")).toEqual({ name: "player", player: "ann b" });
  });
});
