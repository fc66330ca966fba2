import { describe, expect, it } from "vitest";
import { entrantsText, formatText } from "./events";
import type { Settings } from "./gen/Settings";

const settings = (over: Partial<Settings>): Settings => ({
  structure: { kind: "swiss", rounds: 4, top_cut: 8 },
  games_per_match: 3,
  next_game_chooser: "loser",
  round_minutes: 50,
  end_of_round: { extra_turns: 3 },
  spectator_delay_seconds: 0,
  ...over,
} as Settings);

describe("formatText", () => {
  it("states games per match, the structure and the round clock", () => {
    expect(formatText(settings({}))).toBe("Best of 3 · 4 Swiss rounds, top 8 · 50-minute rounds");
    expect(formatText(settings({ games_per_match: 1, structure: { kind: "single_elimination" } }))).toBe("One game a match · single elimination · 50-minute rounds");
    expect(formatText(settings({ structure: { kind: "swiss", rounds: 1, top_cut: null } }))).toBe("Best of 3 · 1 Swiss round · 50-minute rounds");
  });
  it("says when the round count follows the turnout, and a round in seconds", () => {
    const auto = settings({ structure: { kind: "swiss", rounds: "auto", top_cut: 4 } as Settings["structure"], round_seconds: 90 });
    expect(formatText(auto)).toBe("Best of 3 · Swiss rounds for the turnout, top 4 · 90-second rounds");
  });
});

describe("entrantsText", () => {
  it("counts the players", () => {
    expect(entrantsText(0)).toBe("nobody yet");
    expect(entrantsText(1)).toBe("1 player");
    expect(entrantsText(16)).toBe("16 players");
  });
});
