// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../api";
import type { RoomInfo } from "../gen/RoomInfo";
import { seatInfo } from "../test/fixtures";
import { DrawnNotice, OpponentLeft, countdown, drawnGame } from "./leaving";

const seat = (s: "A" | "B", name: string, claim?: number) =>
  seatInfo(s, name, claim === undefined ? {} : { connected: false, claim_win_at_ms: claim });
const room = (claim?: number, rated = false) =>
  ({ id: "r1", rated, seats: [seat("A", "Ann"), seat("B", "Bob", claim)], games: [] }) as unknown as RoomInfo;
const buttons = () => [...root!.querySelectorAll("button")].map((b) => b.textContent);

let root: HTMLElement | null = null;
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } vi.restoreAllMocks(); vi.useRealTimers(); });
function mount(node: preact.ComponentChild) {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root!));
}

describe("an opponent who left", () => {
  it("counts down in minutes and seconds", () => {
    expect(countdown(62_000, 0)).toBe("1:02");
    expect(countdown(500, 0)).toBe("0:01");
    expect(countdown(0, 0)).toBeNull();
  });
  it("says nothing while the opponent is connected, or to a spectator", () => {
    mount(<OpponentLeft room={room()} seat="A" names={{}} onRoom={() => {}} />);
    expect(root!.textContent).toBe("");
    render(null, root!);
    act(() => render(<OpponentLeft room={room(Date.now() - 1)} seat={null} names={{}} onRoom={() => {}} />, root!));
    expect(root!.textContent).toBe("");
  });
  it("counts down, then offers the claim; keep waiting hides it", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    mount(<OpponentLeft room={room(1_000_000 + 3_000)} seat="A" names={{ B: "Bob" }} onRoom={() => {}} />);
    expect(root!.querySelector("[data-testid=claim-countdown]")!.textContent).toBe("0:03");
    expect(root!.querySelector("button")).toBeNull();
    act(() => { vi.advanceTimersByTime(3_000); });
    expect(root!.textContent).toContain("Bob has left the game. You may claim the win");
    const keep = [...root!.querySelectorAll("button")].find((b) => b.textContent === "Keep waiting")!;
    act(() => keep.click());
    expect(root!.textContent).toBe("");
  });
  it("claims the win and shows the room the server answers", async () => {
    const done = room();
    const claim = vi.spyOn(api, "claimWin").mockResolvedValue(done);
    const onRoom = vi.fn();
    mount(<OpponentLeft room={room(Date.now() - 1)} seat="A" names={{}} onRoom={onRoom} />);
    const button = [...root!.querySelectorAll("button")].find((b) => b.textContent === "Claim the win")!;
    await act(async () => { button.click(); await Promise.resolve(); });
    expect(claim).toHaveBeenCalledWith("r1");
    expect(onRoom).toHaveBeenCalledWith(done);
  });
  it("offers a draw in a casual game only, and calls it", async () => {
    mount(<OpponentLeft room={room(Date.now() - 1, true)} seat="A" names={{}} onRoom={() => {}} />);
    expect(buttons()).toEqual(["Claim the win", "Keep waiting"]);
    expect(root!.textContent).toContain("You may claim the win, or keep waiting.");
    render(null, root!);
    const done = { ...room(), games: [{ match_id: "m1", winner: null, reason: "drawn" }] } as unknown as RoomInfo;
    const draw = vi.spyOn(api, "claimDraw").mockResolvedValue(done);
    const onRoom = vi.fn();
    act(() => render(<OpponentLeft room={room(Date.now() - 1)} seat="A" names={{}} onRoom={onRoom} />, root!));
    expect(buttons()).toEqual(["Claim the win", "Call it a draw", "Keep waiting"]);
    expect(root!.textContent).toContain("You may claim the win, call it a draw, or keep waiting.");
    const button = [...root!.querySelectorAll("button")].find((b) => b.textContent === "Call it a draw")!;
    await act(async () => { button.click(); await Promise.resolve(); });
    expect(draw).toHaveBeenCalledWith("r1");
    expect(onRoom).toHaveBeenCalledWith(done);
    // The drawn game's room: the notice says so, and nothing is left to claim.
    expect(drawnGame(done)).toBe(true);
    expect(drawnGame(room())).toBe(false);
    render(null, root!);
    act(() => render(<DrawnNotice room={done} />, root!));
    expect(root!.querySelector("[data-testid=game-drawn]")!.textContent).toContain("The game is a draw.");
  });
  it("shows a refusal's message", async () => {
    vi.spyOn(api, "claimDraw").mockRejectedValue(new Error("only a casual game may be called a draw"));
    mount(<OpponentLeft room={room(Date.now() - 1)} seat="A" names={{}} onRoom={() => {}} />);
    const button = [...root!.querySelectorAll("button")].find((b) => b.textContent === "Call it a draw")!;
    await act(async () => { button.click(); await Promise.resolve(); await Promise.resolve(); });
    expect(root!.querySelector("[role=alert]")!.textContent).toBe("only a casual game may be called a draw");
  });
});
