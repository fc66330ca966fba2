// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RoomInfo } from "../protocol";
import type { Seat } from "../gen/Seat";
import { TableLobby } from "./tablelobby";

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const seat = (s: Seat, name: string) => ({ seat: s, display_name: name, connected: true, bot: false, bot_level: null, rematch: false });
// The host sits in seat A unless a test says otherwise (`RoomInfo.host`).
function room(seats: RoomInfo["seats"][number][], status: RoomInfo["status"] = "waiting", host: Seat | undefined = "A"): RoomInfo {
  return {
    id: "r1", visibility: "public", best_of: 1, seats: seats as RoomInfo["seats"], status, games: [], series_winner: null,
    spectators: 0, spectator_delay: null, clock: null, seed_hash: "", version: 0, host,
  };
}
const draw = (r: RoomInfo, me: Seat | null) => act(() => render(<TableLobby room={r} seat={me} onRoom={() => undefined} />, root));
const startButton = () => [...root.querySelectorAll("button")].find((b) => b.textContent === "Start now (computers fill empty seats)");

describe("the table's waiting room (issue 16)", () => {
  it("says how many of the N seats are taken and offers the host, only, to start with computers", () => {
    const four = room([seat("A", "Alice"), seat("B", "Bob"), null, null]);
    draw(four, "B");
    expect(root.querySelector('[data-testid="table-seats"]')!.textContent).toBe("2 of 4 seats taken. The game starts when every seat is taken, or when the host starts it.");
    expect(startButton()).toBeUndefined();
    draw(four, "A");
    expect(root.querySelector('[data-testid="table-seats"]')!.textContent).toMatch(/^2 of 4 seats taken.*or when you start it\.$/);
    expect(startButton()!.disabled).toBe(false);
    // A spectator (the host's browser watching, say) holds no seat: no button.
    draw(four, null);
    expect(startButton()).toBeUndefined();
    // A host who holds no seat (the server names none): nobody is offered the button.
    draw(room([null, seat("B", "Bob"), null, null], "waiting", undefined), "B");
    expect(startButton()).toBeUndefined();
  });

  it("shows nothing for a two-player room or once the table plays", () => {
    draw(room([seat("A", "Alice"), null]), "A");
    expect(root.innerHTML).toBe("");
    draw(room([seat("A", "Alice"), null, null], "playing"), "A");
    expect(root.innerHTML).toBe("");
  });
});
