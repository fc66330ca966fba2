// @vitest-environment jsdom
// The free-for-all board (issue 16): one side per seat round the table, greyed eliminated players with their
// place, a seat's own hand only, and the attack targets of `attack_preview` drawn on the defenders' boards.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import cardsJson from "../../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../catalogue";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import type { Seat } from "../gen/Seat";
import { NAMES, SEATS, SECRET, THREE_LEGAL, ffaView, threeView } from "../test/ffa-fixtures";
import { renderBoard } from "./board";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const CARD_NAMES: Record<string, string> = { pyrogem: "Pyrogem", stun: "Stun", chaser: "Chaser", gull: "Gull", rotate: "Rotate", hornet: "Hornet" };
let root: HTMLElement;
let sent: Intent[];
beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
  sent = [];
});
afterEach(() => {
  render(null, root);
  root.remove();
});

function draw(view: MatchView, legal: Intent[] = [], send: ((i: Intent) => void) | undefined = (i) => sent.push(i)) {
  act(() => render(renderBoard(view, legal, cat, { send, names: NAMES }), root));
}
const q = (sel: string) => root.querySelector<HTMLElement>(sel);
const qa = (sel: string) => [...root.querySelectorAll<HTMLElement>(sel)];
const button = (label: RegExp) => qa("button").find((b) => label.test(b.getAttribute("aria-label") ?? b.textContent ?? ""));
const click = (el: HTMLElement | null | undefined) => act(() => el!.click());
/** The seats' sides in page order, and the section each sits in. */
const sides = () => qa(".side").map((s) => [s.dataset.seat, s.parentElement!.className.split(" ")[0]]);

describe("free-for-all board", () => {
  it("draws three seats round the table: left opponent, right opponent, the viewer below (MP-3)", () => {
    draw(ffaView(3, "B"));
    expect(sides()).toEqual([["C", "seat-left"], ["A", "seat-right"], ["B", "board"]]);
    expect(q('.side[data-seat="C"]')!.getAttribute("aria-label")).toBe("Carol, your left opponent");
    expect(q('.side[data-seat="A"]')!.getAttribute("aria-label")).toBe("Alice, your right opponent");
    expect(q('.side[data-seat="B"]')!.getAttribute("aria-label")).toBe("You");
    // 45 HP and no rounds (MP-2, MP-8).
    expect(q('[data-testid="bar-C"] [role="meter"]')!.getAttribute("aria-valuemax")).toBe("45");
    expect(qa(".rounds")).toHaveLength(0);
    expect(q(".turn-info")!.textContent).not.toMatch(/Round/);
  });

  it("draws six seats with the rest across the top, left to right, and greys an eliminated player with their place", () => {
    draw(ffaView(6, "D", {}, { F: { hp: 0, eliminated: { place: 6, turn: 5, reason: "hp" } } }));
    expect(sides()).toEqual([["E", "seat-left"], ["F", "seat-top"], ["A", "seat-top"], ["B", "seat-top"], ["C", "seat-right"], ["D", "board"]]);
    const out = q('.side[data-seat="F"]')!;
    expect(out.classList.contains("eliminated")).toBe(true);
    expect(out.getAttribute("aria-label")).toBe("Frank, out, 6th place");
    expect(out.querySelector('[data-testid="place"]')!.textContent).toBe("Out · 6th place");
    // The circle closes over F (MP-24): E's left opponent... D's left is still E; A is across.
    expect(q('.side[data-seat="A"]')!.getAttribute("aria-label")).toBe("Alice, across the table");
    expect(qa(".side.eliminated")).toHaveLength(1);
  });

  it("shows each seat only its own hand; every other hand is a count (6 seats, each viewer and the spectator)", () => {
    for (const viewer of [...SEATS, null] as (Seat | null)[]) {
      draw(ffaView(6, viewer));
      const text = root.textContent ?? "";
      for (const s of SEATS) {
        const seen = text.includes(CARD_NAMES[SECRET[s]]!);
        expect(seen, `${viewer ?? "spectator"} sees ${s}'s hand`).toBe(s === viewer);
        expect(q(`[data-testid="bar-${s === (viewer ?? "A") ? "me" : s}"]`)!.textContent).toMatch(/Hand\s*1/);
      }
      expect(qa(".hand-card")).toHaveLength(viewer ? 1 : 0);
      // The viewer's side is at the bottom; a spectator's is seat A's.
      expect(qa(".side").at(-1)!.dataset.seat).toBe(viewer ?? "A");
    }
  });

  it("marks the heroes the viewer may attack with the attacker and damage, and names the defender on each button", () => {
    draw(threeView(), THREE_LEGAL);
    const marked = qa('[data-testid="attackable"]').map((n) => [n.closest(".side")!.getAttribute("data-seat"), n.closest(".hero")!.getAttribute("data-hero"), n.textContent]);
    expect(marked).toEqual([
      ["B", "center", "⚔ can be attacked by your center (4 dmg)"],
      ["B", "right", "⚔ can be attacked by your left (3 dmg)"],
      ["C", "left", "⚔ can be attacked by your right (? dmg)"],
      ["C", "center", "⚔ can be attacked by your center (2 dmg)"],
    ]);
    const center = qa('.hero[data-side="me"][data-hero="center"] .attack-btn').map((b) => b.textContent);
    expect(center).toEqual(["⚔ Bob’s center · 4 dmg", "⚔ Carol’s center · 2 dmg"]);
    expect(button(/^Carol’s center · 2 dmg: your center hero attacks Carol’s center hero, deals 2$/)).toBeTruthy();
  });

  it("sends the declaration with its defenders, and draws the draft as arrows to the defenders' heroes", () => {
    draw(threeView(), THREE_LEGAL);
    click(button(/your left hero attacks Bob’s right hero/));
    click(button(/your center hero attacks Carol’s center hero/));
    expect(q('.side[data-seat="C"] .hero[data-hero="center"]')!.classList.contains("targeted")).toBe(true);
    expect(q('.side[data-seat="B"] .hero[data-hero="center"]')!.classList.contains("targeted")).toBe(false);
    expect(qa('.fx-arrows [data-fx="draft"]').map((a) => a.getAttribute("data-label"))).toEqual([
      "Planned attack from the bottom left hero to the seat B right hero: 3 damage",
      "Planned attack from the bottom center hero to the seat C center hero: 2 damage",
    ]);
    expect(q('[data-testid="attack-total"]')!.textContent).toBe("Bob takes 3; Carol takes 2 damage if every hit is taken.");
    click(qa("button").find((b) => b.textContent?.startsWith("Declare attack")));
    expect(sent).toEqual([{ type: "declare_attack", attackers: [
      { hero: "left", target: "right", defender: "B" }, { hero: "center", target: "center", defender: "C" },
    ] }]);
  });

  it("shows the places at the end (MP-30)", () => {
    draw(ffaView(3, "A", {
      outcome: { winner: "C", reason: "last_standing" as never }, phase: "game_over", pending: null, places: ["C", "A", "B"],
    }, { A: { eliminated: { place: 2, turn: 9, reason: "hp" } }, B: { eliminated: { place: 3, turn: 6, reason: "concession" } } }));
    expect(q('[data-testid="result"]')!.textContent).toBe("Carol wonThe last player standing.1st: Carol2nd: You3rd: Bob");
    expect(qa(".side.eliminated").map((s) => s.dataset.seat)).toEqual(["B", "A"]);
  });
});
