// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlayerProfile } from "../gen/PlayerProfile";
import { playApi } from "../playnow";
import { ProfilePage } from "./profile";

let root: HTMLElement | null = null;
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } vi.restoreAllMocks(); });

const profile: PlayerProfile = {
  id: "acc1", display_name: "Ann", username: "ann", ratings: [], history: [],
  games: [
    { match_id: "m2", room_id: "r2", result: "drawn", reason: "drawn", deck: "Fire and Wind", opponents: ["Bob"], rated: false, vs_computer: false, at_ms: 2_000 },
    { match_id: "m1", room_id: "r1", result: "lost", reason: "concession", deck: "Tide and Stone", opponents: ["Computer"], rated: false, vs_computer: true, at_ms: 1_000 },
  ],
  decks: [{ deck: "Fire and Wind", games: 3, wins: 2 }, { deck: "", games: 1, wins: 0 }],
};

async function mount(p: PlayerProfile) {
  vi.spyOn(playApi, "player").mockResolvedValue(p);
  root = document.createElement("div");
  document.body.append(root);
  await act(async () => { render(<ProfilePage name="ann" />, root!); await Promise.resolve(); });
}

describe("a profile", () => {
  it("lists recent games of every kind with their replays, and favourite decks by name", async () => {
    await mount(profile);
    const games = [...root!.querySelectorAll("[data-testid=recent-games] li")];
    expect(games.map((li) => li.className)).toEqual(["drawn", "lost"]);
    expect(games[0]!.textContent).toContain("Drawn against Bob with Fire and Wind · casual, drawn");
    expect(games[1]!.textContent).toContain("Lost against Computer (computer) with Tide and Stone");
    expect(games.map((li) => li.querySelector("a")!.getAttribute("href"))).toEqual(["/replays/m2?room=r2", "/replays/m1?room=r1"]);
    const decks = [...root!.querySelectorAll("[data-testid=favourite-decks] li")].map((li) => li.textContent);
    expect(decks).toEqual(["Fire and Wind: 3 games, 2 won", "An unnamed deck: 1 game, 0 won"]);
    expect(root!.textContent).toContain("No rated games yet.");
  });
  it("says when there is nothing finished yet", async () => {
    await mount({ ...profile, games: [], decks: [] });
    expect(root!.textContent).toContain("No finished games yet.");
    expect(root!.querySelector("[data-testid=favourite-decks]")).toBeNull();
  });
});
