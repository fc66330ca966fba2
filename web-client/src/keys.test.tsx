// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import cardsJson from "../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "./catalogue";
import type { Intent } from "./gen/Intent";
import { nearest, setShortcuts, shortcutsOn } from "./keys";
import { KeyboardHelp, SHORTCUTS } from "./view/keyhelp";
import { mainLegal, mainView } from "./test/fixtures";
import { renderBoard } from "./view/board";

const cat = makeCatalogue(cardsJson as CatalogueJson);
let root: HTMLElement;
let sent: Intent[];
beforeEach(() => {
  localStorage.clear();
  sent = [];
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(renderBoard(mainView(), mainLegal, cat, { send: (i) => sent.push(i) }), root));
});
afterEach(() => {
  render(null, root);
  root.remove();
});
/** A key pressed where focus is (the page's own keyboard path: the event bubbles to the window). */
function press(key: string) {
  const at = document.activeElement ?? document.body;
  act(() => { at.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })); });
}
const active = () => document.activeElement as HTMLElement;

describe("keyboard shortcuts on the board", () => {
  it("plays a gem from the hand onto a hero in two presses: its number, then Enter", () => {
    press("1"); // Pyrogem, playable on the left and right heroes
    expect(root.querySelector(".hand-card.selected")?.getAttribute("data-card-id")).toBe("1");
    expect(active().matches('.hero[data-side="me"][data-hero="left"][data-drop="1"]')).toBe(true);
    press("Enter");
    expect(sent).toEqual([{ type: "play_gem", card: 1, hero: "left" }]);
  });

  it("H focuses the hand, B your heroes, P the decision's first control", () => {
    press("h");
    expect(active().matches(".hand-card")).toBe(true);
    press("b");
    expect(active().matches('.hero[data-side="me"]')).toBe(true);
    press("p");
    expect(active().matches(".actions button")).toBe(true);
  });

  it("an action card's number moves to its Play button", () => {
    press("3"); // Stun: an action
    expect(active().textContent).toBe("Play Stun");
  });

  it("leaves keys alone while typing, with a modifier, or when shortcuts are turned off", () => {
    const input = document.createElement("input");
    root.append(input);
    input.focus();
    press("1");
    expect(root.querySelector(".hand-card.selected")).toBeNull();
    expect(active()).toBe(input);
    input.remove();
    setShortcuts(false);
    press("1");
    expect(root.querySelector(".hand-card.selected")).toBeNull();
  });
});

describe("How to play's keyboard section", () => {
  it("lists the shortcuts and turns the single-key ones off and on again, remembered", () => {
    const help = document.body.appendChild(document.createElement("div"));
    act(() => render(<KeyboardHelp />, help));
    expect([...help.querySelectorAll("tbody tr td:first-child")].map((td) => td.textContent)).toEqual(SHORTCUTS.map(([k]) => k));
    const box = help.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(box.checked).toBe(true);
    act(() => box.click());
    expect(shortcutsOn()).toBe(false);
    act(() => box.click());
    expect(shortcutsOn()).toBe(true);
    render(null, help);
    help.remove();
  });
});

describe("nearest", () => {
  const box = (x: number, y: number) => ({ left: x, top: y, width: 10, height: 10 });
  // A diamond as drawn: center on top, left and right beside each other, back below.
  const heroes = [{ item: "center", box: box(50, 0) }, { item: "left", box: box(0, 50) }, { item: "right", box: box(100, 50) }, { item: "back", box: box(50, 100) }];
  it("moves to the hero drawn in the arrow's direction", () => {
    const others = (h: string) => heroes.filter((x) => x.item !== h);
    expect(nearest(box(0, 50), others("left"), "ArrowRight")).toBe("right");
    expect(nearest(box(0, 50), others("left"), "ArrowUp")).toBe("center");
    expect(nearest(box(50, 0), others("center"), "ArrowDown")).toBe("back");
    expect(nearest(box(100, 50), others("right"), "ArrowDown")).toBe("back");
    expect(nearest(box(50, 0), others("center"), "ArrowUp")).toBeNull();
  });
});

// The focus and key events themselves are jsdom's; the same path runs in Chromium in e2e/keyboard.test.mjs.
vi.stubGlobal("ResizeObserver", undefined);
