// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RoomInfo } from "../protocol";
import { TableLobby, rememberHosted } from "./tablelobby";

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
  localStorage.clear();
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const seat = (s: "A" | "B", name: string) => ({ seat: s, display_name: name, connected: true, bot: false, bot_level: null, rematch: false });
function room(seats: RoomInfo["seats"][number][], status: RoomInfo["status"] = "waiting"): RoomInfo {
  return {
    id: "r1", visibility: "public", best_of: 1, seats: seats as RoomInfo["seats"], status, games: [], series_winner: null,
    spectators: 0, spectator_delay: null, clock: null, seed_hash: "", version: 0,
  };
}
const draw = (r: RoomInfo, seated: boolean) => act(() => render(<TableLobby room={r} seated={seated} onRoom={() => undefined} />, root));
const startButton = () => [...root.querySelectorAll("button")].find((b) => b.textContent === "Start now (computers fill empty seats)");

describe("the table's waiting room (issue 16)", () => {
  it("says how many of the N seats are taken and offers the host, only, to start with computers", () => {
    const four = room([seat("A", "Alice"), null, seat("B", "Bob"), null]);
    draw(four, true);
    expect(root.querySelector('[data-testid="table-seats"]')!.textContent).toBe("2 of 4 seats taken. The game starts when every seat is taken, or when the host starts it.");
    expect(startButton()).toBeUndefined();
    rememberHosted("r1");
    draw(room([seat("A", "Alice"), null, null, null]), true);
    expect(root.querySelector('[data-testid="table-seats"]')!.textContent).toMatch(/^1 of 4 seats taken.*or when you start it\.$/);
    expect(startButton()!.disabled).toBe(false);
    // A spectator in the host's browser is not seated: no button.
    draw(four, false);
    expect(startButton()).toBeUndefined();
  });

  it("shows nothing for a two-player room or once the table plays", () => {
    rememberHosted("r1");
    draw(room([seat("A", "Alice"), null]), true);
    expect(root.innerHTML).toBe("");
    draw(room([seat("A", "Alice"), null, null], "playing"), true);
    expect(root.innerHTML).toBe("");
  });
});
