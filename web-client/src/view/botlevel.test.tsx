// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BotLevel } from "../protocol";
import { BotLevelPicker, seatName } from "./botlevel";

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

describe("computer level picker", () => {
  it("offers Easy, Medium and Hard, shows the current level and reports the wire level picked", () => {
    const picked: BotLevel[] = [];
    act(() => render(<BotLevelPicker value="greedy" onChange={(l) => picked.push(l)} />, root));
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.parentElement!.textContent!.trim())).toEqual(["Easy", "Medium", "Hard"]);
    expect(radios.find((r) => r.checked)!.value).toBe("greedy");
    act(() => radios[2]!.click());
    act(() => radios[0]!.click());
    expect(picked).toEqual(["search", "random"]);
  });

  it("names the computer's seat with its level and leaves people's names alone", () => {
    expect(seatName({ display_name: "Computer", bot: true, bot_level: "greedy" })).toBe("Computer (Medium)");
    expect(seatName({ display_name: "Computer", bot: true, bot_level: "search" })).toBe("Computer (Hard)");
    expect(seatName({ display_name: "Computer", bot: true, bot_level: null })).toBe("Computer (computer)");
    expect(seatName({ display_name: "Ann", bot: false, bot_level: null })).toBe("Ann");
    expect(seatName({ display_name: "Computer 3 (Hard)", bot: true, bot_level: "search" })).toBe("Computer 3 (Hard)");
  });
});
