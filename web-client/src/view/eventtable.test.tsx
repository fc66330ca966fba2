// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Announcement } from "../gen/Announcement";
import type { RoomInfo } from "../protocol";
import { AnnouncementList, announcementText } from "./announcements";
import { NextGame } from "./series";

const room = (best_of: number, event?: string): RoomInfo => ({
  id: "r", visibility: "public", best_of, status: "finished", spectators: 0, spectator_delay: null, clock: null, seed_hash: "", version: 0,
  seats: [{ seat: "A", display_name: "Ann", connected: true, bot: false, bot_level: null, rematch: false },
    { seat: "B", display_name: "Bo", connected: true, bot: false, bot_level: null, rematch: false }],
  games: [{ match_id: "m", winner: "A", reason: "two_rounds", seed_hash: "", seed: null, nonce: null }], series_winner: null,
  ...(event ? { event } : {}),
});

let root: HTMLElement | null = null;
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } });
function draw(node: preact.ComponentChild): HTMLElement {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root!));
  return root;
}

describe("an event table", () => {
  it("offers no rematch once its one-game match is over; a room outside events still does", () => {
    expect(draw(<NextGame room={room(1, "e1")} seat="B" onRoom={() => undefined} />).querySelectorAll("button").length).toBe(0);
    render(null, root!);
    expect(draw(<NextGame room={room(1)} seat="B" onRoom={() => undefined} />).textContent).toContain("rematch");
  });

  it("still offers game 2 of a best of three at an event table", () => {
    expect(draw(<NextGame room={room(3, "e1")} seat="B" onRoom={() => undefined} />).textContent).toContain("game 2");
  });

  it("lists announcements newest first, with where you play", () => {
    const a = (seq: number, text: string, for_you?: string): Announcement =>
      ({ seq, kind: seq === 1 ? "round_started" : "message", round: 1, text, at_ms: 0, ...(for_you ? { for_you } : {}) });
    expect(announcementText(a(1, "Round 1 has started", "you are at table 4 vs Ada"))).toBe("Round 1 has started — you are at table 4 vs Ada");
    const items = [...draw(<AnnouncementList list={[a(1, "Round 1 has started", "you have a bye"), a(2, "Lunch at noon")]} />).querySelectorAll("li")];
    expect(items.map((li) => li.textContent?.slice((li.querySelector("time")?.textContent ?? "").length + 1))).toEqual(["Lunch at noon", "Round 1 has started — you have a bye"]);
  });
});
