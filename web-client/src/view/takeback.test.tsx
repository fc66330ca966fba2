// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../api";
import type { RoomInfo } from "../gen/RoomInfo";
import { seatInfo } from "../test/fixtures";
import { Takeback } from "./takeback";

const seat = (s: "A" | "B", name: string, takeback = false, may = false) =>
  seatInfo(s, name, { ...(takeback ? { takeback } : {}), ...(may ? { may_take_back: true } : {}) });
/** A casual game in play; `may`: the seat the server says may take back now (seat A unless told otherwise). */
const room = (asking: "A" | "B" | null, extra: Partial<RoomInfo> = {}, may: "A" | "B" | null = "A") =>
  ({
    id: "r1", status: "playing", games: [],
    seats: [seat("A", "Ann", asking === "A", may === "A"), seat("B", "Bob", asking === "B", may === "B")], ...extra,
  }) as unknown as RoomInfo;

let root: HTMLElement | null = null;
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } vi.restoreAllMocks(); });
function mount(node: preact.ComponentChild) {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root!));
}
const button = (label: string) => [...root!.querySelectorAll("button")].find((b) => b.textContent === label);

describe("takeback", () => {
  it("offers Take back to a player of a casual game, never to a spectator nor in a rated or event game", () => {
    mount(<Takeback room={room(null)} seat="A" names={{}} onRoom={() => {}} />);
    expect(button("Take back")).toBeTruthy();
    for (const [r, s] of [[room(null), null], [room(null, { rated: true }), "A"], [room(null, { event: "e1" }), "A"]] as const) {
      render(null, root!);
      act(() => render(<Takeback room={r} seat={s} names={{}} onRoom={() => {}} />, root!));
      expect(root!.textContent).toBe("");
    }
  });
  it("asks, and shows the server's refusal", async () => {
    const ask = vi.spyOn(api, "askTakeback").mockRejectedValue(new Error("hidden information was revealed since that action"));
    mount(<Takeback room={room(null)} seat="A" names={{}} onRoom={() => {}} />);
    await act(async () => { button("Take back")!.click(); });
    expect(ask).toHaveBeenCalledWith("r1");
    expect(root!.querySelector("[role=alert]")!.textContent).toContain("hidden information");
  });
  it("lets the opponent accept or decline, and the asker wait", async () => {
    const answered = room(null);
    const answer = vi.spyOn(api, "answerTakeback").mockResolvedValue(answered);
    const onRoom = vi.fn();
    mount(<Takeback room={room("A")} seat="B" names={{ A: "Ann" }} onRoom={onRoom} />);
    expect(root!.textContent).toContain("Ann asks to take back their last action.");
    await act(async () => { button("Accept")!.click(); });
    expect(answer).toHaveBeenCalledWith("r1", true);
    expect(onRoom).toHaveBeenCalledWith(answered);
    await act(async () => { button("Decline")!.click(); });
    expect(answer).toHaveBeenCalledWith("r1", false);
    render(null, root!);
    act(() => render(<Takeback room={room("A")} seat="A" names={{}} onRoom={() => {}} />, root!));
    expect(root!.textContent).toContain("waiting for your opponent");
    expect(button("Take back")).toBeUndefined();
  });
  it("shows Take back only while the server says it would accept it", () => {
    // The opponent's action was last, or something hidden came out since: the server says no, so no button.
    mount(<Takeback room={room(null, {}, "B")} seat="A" names={{}} onRoom={() => {}} />);
    expect(button("Take back")).toBeUndefined();
    expect(root!.textContent).toBe("");
    render(null, root!);
    act(() => render(<Takeback room={room(null, {}, null)} seat="A" names={{}} onRoom={() => {}} />, root!));
    expect(button("Take back")).toBeUndefined();
    // The next room frame says it may: the button comes.
    act(() => render(<Takeback room={room(null, {}, "A")} seat="A" names={{}} onRoom={() => {}} />, root!));
    expect(button("Take back")).toBeTruthy();
  });
});
