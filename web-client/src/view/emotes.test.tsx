// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heardLine, mutedNames } from "../emotes";
import type { Heard } from "../emotes";
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
function Table({ send }: { send?: (e: string) => void }) {
  const e = useEmotes();
  hear = e.hear;
  return <div><EmoteBubble heard={e.heard} seat="A" /><EmotePanel heard={e.heard} muted={e.muted} onMute={e.mute} opponents={["Ann"]} send={send} /></div>;
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
    expect(mutedNames()).toEqual(["Ann"]);
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
    expect(mutedNames()).toEqual([]);
    act(() => hear({ seat: "A", name: "Ann", emote: "thanks" }));
    expect(root!.querySelector('[role="log"]')!.textContent).toBe("Ann: Thanks");
  });
});
