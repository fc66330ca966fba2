// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import cardsJson from "../../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../catalogue";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import { mainLegal, mainView } from "../test/fixtures";
import { renderBoard } from "./board";

const cat = makeCatalogue(cardsJson as CatalogueJson);
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

function draw(view: MatchView, legal: Intent[], send: ((i: Intent) => void) | undefined = (i) => sent.push(i)) {
  act(() => render(renderBoard(view, legal, cat, { send }), root));
}
const q = <T extends Element = HTMLElement>(sel: string) => root.querySelector<T & HTMLElement>(sel);
const qa = (sel: string) => [...root.querySelectorAll<HTMLButtonElement>(sel)];
const button = (text: string | RegExp) => qa("button").find((b) => (typeof text === "string" ? b.textContent?.trim() === text : text.test(b.textContent ?? "")));
const click = (el: HTMLElement | null | undefined) => act(() => el!.click());

describe("board", () => {
  it("shows the opponent's hidden zones only as counts and face-down heroes as backs", () => {
    draw(mainView(), mainLegal);
    const opp = q('[data-testid="bar-opp"]')!;
    expect(opp.textContent).toMatch(/Hand\s*5/);
    expect(opp.textContent).not.toMatch(/Pyrogem|Chaser/);
    expect(qa('.hero[data-side="opp"] .card-back')).toHaveLength(1);
    expect(q('.hero[data-side="opp"][data-hero="right"] [role="img"]')!.getAttribute("aria-label")).toMatch(/face down/);
    expect(qa(".hand-card").map((b) => b.textContent)).toEqual([expect.stringContaining("Pyrogem"), expect.stringContaining("Chaser"), expect.stringContaining("Stun")]);
  });

  it("renders stats, written stats, gems, meter and HP", () => {
    draw(mainView(), mainLegal);
    const center = q('.hero[data-side="me"][data-hero="center"]')!;
    expect(center.textContent).toContain("Hornet");
    expect(center.querySelector(".stat.changed")?.textContent).toBe("ATK4 (3)");
    expect(center.querySelectorAll(".gem-icon")).toHaveLength(3);
    expect(q('[data-testid="bar-me"] .meter')!.getAttribute("aria-label")).toBe("Action meter: 1 of 5 used");
    expect(q('[data-testid="bar-opp"] [role="meter"]')!.getAttribute("aria-valuenow")).toBe("14");
    expect(q('[data-testid="pending"]')!.textContent).toMatch(/^Your turn/);
  });

  it("plays a gem by selecting it and choosing a highlighted hero", () => {
    draw(mainView(), mainLegal);
    expect(qa("[data-drop]")).toHaveLength(0);
    click(q('.hand-card[data-card-id="1"]'));
    expect(qa("[data-drop]").map((h) => h.dataset.hero).sort()).toEqual(["left", "right"]);
    click(q('.hero[data-hero="right"] .drop-btn'));
    expect(sent).toEqual([{ type: "play_gem", card: 1, hero: "right" }]);
  });

  it("cancels a selection with Escape", () => {
    draw(mainView(), mainLegal);
    click(q('.hand-card[data-card-id="1"]'));
    expect(qa("[data-drop]")).toHaveLength(2);
    act(() => { window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })); });
    expect(qa("[data-drop]")).toHaveLength(0);
  });

  it("plays an action from the action bar", () => {
    draw(mainView(), mainLegal);
    click(q('.hand-card[data-card-id="3"]'));
    click(button("Play Stun"));
    expect(sent).toEqual([{ type: "play_action", card: 3 }]);
  });

  it("offers deblend only where legal and builds an attack from toggles", () => {
    draw(mainView(), mainLegal);
    expect(qa("button").filter((b) => b.textContent === "Deblend").map((b) => b.closest<HTMLElement>(".hero")!.dataset.hero)).toEqual(["center"]);
    const declare = button(/^Declare attack/)!;
    expect(declare.disabled).toBe(true);
    click(q('.hero[data-hero="center"] .attack-btn'));
    click(q('.hero[data-hero="left"] .attack-btn'));
    expect(q('.hero[data-side="opp"][data-hero="center"]')!.classList.contains("targeted")).toBe(true);
    expect(button(/^Declare attack \(2\)/)!.disabled).toBe(false);
    click(button(/^Declare attack/));
    expect(sent).toEqual([{ type: "declare_attack", attackers: [{ hero: "left", target: "right" }, { hero: "center", target: "center" }] }]);
    click(button("End turn"));
    expect(sent[1]).toEqual({ type: "end_turn" });
  });

  it("prompts a mulligan as a dialog with exactly the legal choices", () => {
    const view: MatchView = { ...mainView(), phase: "setup", pending: { seat: "A", decision: { type: "ask", ask: { type: "mulligan" } } } };
    draw(view, [{ type: "mulligan" }, { type: "keep_hand" }, { type: "concede" }]);
    const dialog = q('[role="dialog"]')!;
    expect(dialog.textContent).toContain("Keep this hand?");
    click(button("Keep hand"));
    expect(sent).toEqual([{ type: "keep_hand" }]);
    expect(button("End turn")).toBeUndefined();
  });

  it("asks how to take attack damage", () => {
    const view: MatchView = { ...mainView(), pending: { seat: "A", decision: { type: "ask", ask: { type: "attack_damage", attacker: "left", target: "right", damage: 3 } } } };
    draw(view, [{ type: "accept_damage" }, { type: "deblend_to_block" }, { type: "concede" }]);
    click(button("Deblend to block"));
    click(button("Take 3 damage"));
    expect(sent).toEqual([{ type: "deblend_to_block" }, { type: "accept_damage" }]);
  });

  it("gives a spectator no controls and no hand", () => {
    const view: MatchView = { ...mainView(), viewer: "spectator", players: [{ ...mainView().players[0], hand: null, bench: null }, mainView().players[1]] };
    draw(view, [], undefined);
    expect(qa(".hand-card")).toHaveLength(0);
    expect(qa(".hero-controls button")).toHaveLength(0);
    expect(q('[data-testid="pending"]')!.textContent).toBe("Waiting for Player A to play.");
  });

  it("disables everything when the seat only may concede", () => {
    const view: MatchView = { ...mainView(), active: "B", pending: { seat: "B", decision: { type: "window", window: "main" } } };
    draw(view, [{ type: "concede" }]);
    expect(qa(".hand-card.playable")).toHaveLength(0);
    expect(qa("button:not(.hand-card)").map((b) => b.textContent)).toEqual(["Concede"]);
    expect(qa(".hand-card").every((b) => b.getAttribute("aria-disabled") === "true")).toBe(true);
    expect(q('[data-testid="pending"]')!.textContent).toBe("Waiting for Opponent to play.");
  });
});
