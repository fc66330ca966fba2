// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heardLine, mutedKeys } from "../emotes";
import type { Heard } from "../emotes";
import type { Seat } from "../gen/Seat";
import { EmoteBubble, EmotePanel, useEmotes } from "./emotes";

let root: HTMLElement | null = null;
beforeEach(() => localStorage.clear());
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } vi.useRealTimers(); });
function mount(node: preact.ComponentChild) {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root!));
}

const ann: Heard = { id: 1, seat: "A", name: "Ann", emote: "well_played" };

/** The room page's wiring: the hook, the panel and a bubble, with `hear` handed out to the test. */
let hear: ReturnType<typeof useEmotes>["hear"] = () => {};
const ANN = [{ seat: "A" as const, name: "Ann" }];
function Table({ send, opponents = ANN }: { send?: (e: string) => void; opponents?: { seat: Seat; name: string }[] }) {
  const e = useEmotes("r1");
  hear = e.hear;
  return (
    <div>
      {opponents.map((o) => <EmoteBubble key={o.seat} heard={e.heard} seat={o.seat} />)}
      <EmotePanel room="r1" heard={e.heard} muted={e.muted} onMute={e.mute} opponents={opponents} send={send} />
    </div>
  );
}

describe("emotes", () => {
  it("reads as the log's line", () => {
    expect(heardLine(ann)).toBe("Ann: Well played");
  });

  it("shows what was heard in a polite live log, and a bubble by the seat that goes away", () => {
    vi.useFakeTimers();
    mount(<Table />);
    act(() => hear({ seat: "A", name: "Ann", emote: "good_game" }));
    const log = root!.querySelector('[role="log"]')!;
    expect(log.getAttribute("aria-live")).toBe("polite");
    expect(log.textContent).toBe("Ann: Good game");
    expect(root!.querySelector('[data-testid="emote-bubble-A"]')?.textContent).toBe("Good game");
    act(() => { vi.advanceTimersByTime(5000); });
    expect(root!.querySelector('[data-testid="emote-bubble-A"]')).toBeNull();
    expect(log.textContent).toBe("Ann: Good game");
  });

  it("offers the six emotes to a seat and sends the one pressed; a spectator gets none", () => {
    const send = vi.fn();
    mount(<Table send={send} />);
    const buttons = [...root!.querySelectorAll<HTMLButtonElement>('[aria-label="Send an emote"] button')];
    expect(buttons.map((b) => b.textContent)).toEqual(["Hello", "Good game", "Well played", "Thinking", "Oops", "Thanks"]);
    act(() => buttons[2]!.click());
    expect(send).toHaveBeenCalledWith("well_played");
    render(null, root!);
    mount(<Table />);
    expect(root!.querySelector('[aria-label="Send an emote"]')).toBeNull();
  });

  it("mutes an opponent, remembered for the next page", () => {
    mount(<Table />);
    const mute = root!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(mute.parentElement!.textContent).toContain("Mute Ann's emotes");
    act(() => mute.click());
    expect(mutedKeys()).toEqual(["r1/A"]);
    act(() => hear({ seat: "A", name: "Ann", emote: "oops" }));
    expect(root!.querySelector('[role="log"]')!.textContent).toBe("");
    expect(root!.querySelector('[data-testid="emote-bubble-A"]')).toBeNull();

    // A new page reads the mute back; unmuting lets the next one through.
    render(null, root!);
    root!.remove();
    mount(<Table />);
    const again = root!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(again.checked).toBe(true);
    act(() => again.click());
    expect(mutedKeys()).toEqual([]);
    act(() => hear({ seat: "A", name: "Ann", emote: "thanks" }));
    expect(root!.querySelector('[role="log"]')!.textContent).toBe("Ann: Thanks");
  });

  it("mutes by seat, not by name: of two guests called alike, only the one muted goes quiet", () => {
    mount(<Table opponents={[{ seat: "B", name: "Guest" }, { seat: "C", name: "Guest" }]} />);
    const boxes = [...root!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => b.parentElement!.textContent!.trim())).toEqual(["Mute Guest (seat B)'s emotes", "Mute Guest (seat C)'s emotes"]);
    act(() => boxes[0]!.click());
    expect(mutedKeys()).toEqual(["r1/B"]);
    act(() => hear({ seat: "B", name: "Guest", emote: "oops" }));
    act(() => hear({ seat: "C", name: "Guest", emote: "thanks" }));
    expect(root!.querySelector('[role="log"]')!.textContent).toBe("Guest: Thanks");
    expect(root!.querySelector('[data-testid="emote-bubble-B"]')).toBeNull();
    expect(root!.querySelector('[data-testid="emote-bubble-C"]')?.textContent).toBe("Thanks");
    // Another room's seat B is someone else: not muted there.
    expect(mutedKeys().includes("r2/B")).toBe(false);
  });
});
