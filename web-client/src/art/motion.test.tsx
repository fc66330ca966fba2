// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import cardsJson from "../../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../catalogue";
import type { Event } from "../gen/Event";
import type { LogEntry } from "../state";
import { card, mainLegal, mainView } from "../test/fixtures";
import { renderBoard } from "../view/board";
import { MOTIONS } from "./motion";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const view = mainView();
let root: HTMLElement;
let played: { el: Element; motion: string }[];
let reduce: boolean;

beforeEach(() => {
  played = [];
  reduce = false;
  // jsdom has neither the Web Animations API nor media queries: record what would move, and answer the query.
  Element.prototype.animate = function (this: Element, frames: Keyframe[] | PropertyIndexedKeyframes | null) {
    const motion = Object.entries(MOTIONS).find(([, m]) => m.keyframes === frames)?.[0] ?? "?";
    played.push({ el: this, motion });
    return {} as Animation;
  };
  vi.stubGlobal("matchMedia", (q: string) => ({ matches: reduce && q === "(prefers-reduced-motion: reduce)" }));
  root = document.body.appendChild(document.createElement("div"));
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.unstubAllGlobals();
});

const draw = (log: LogEntry[]) => act(() => render(renderBoard(view, mainLegal, cat, { send: () => undefined, log }), root));
const at = (v: number, ...events: Event[]) => events.map((event) => ({ v, event }));
const opened = at(1, { type: "turn_started", seat: "B", turn: 2, first_turn: false }, { type: "damage", seat: "A", amount: 2, attack: true, hp: 18 });
const news = [
  ...opened,
  ...at(2, { type: "blended", seat: "A", hero: "left", blend: card("chaser", 50) }),
  ...at(3, { type: "attack_declared", seat: "B", attackers: [{ hero: "center", target: "left" }] },
    { type: "attack_damage_calculated", seat: "B", attacker: "center", target: "left", atk: 4, def: 1, damage: 3 },
    { type: "damage", seat: "A", amount: 3, attack: true, hp: 15 }, { type: "attack_ended", seat: "B" },
    { type: "round_lost", seat: "B", round: 1, rounds_won: [1, 0] }),
];
const where = (el: Element) => el.matches(".emblem") ? `emblem ${el.closest(".hero")!.getAttribute("data-hero")}`
  : el.matches(".hero") ? `hero ${el.getAttribute("data-side")} ${el.getAttribute("data-hero")}`
  : el.matches(".hp") ? `hp ${el.closest("[data-testid]")!.getAttribute("data-testid")}` : el.className;

describe("board motion", () => {
  it("moves what arrives: the blend's emblem, the hero the attack lands on, the HP bar, the round banner", () => {
    draw(opened);
    expect(played).toEqual([]); // what was there when the page opened stands still
    draw(news);
    expect(played.map((p) => `${p.motion}: ${where(p.el)}`)).toEqual([
      "blend: emblem left", "hit: hero me left", "hp: hp bar-me", "round: round-banner",
    ]);
    draw([...news]); // a new render of the same marks does not replay them
    expect(played.length).toBe(4);
  });

  it("a deblend turns the hero's own emblem back in", () => {
    draw(opened);
    draw([...opened, ...at(2, { type: "deblended", seat: "A", hero: "center", blend: card("hornet", 51), reason: "effect" } as Event)]);
    expect(played.map((p) => `${p.motion}: ${where(p.el)}`)).toEqual(["blend: emblem center"]);
  });

  it("the game's result rises when the game ends", () => {
    draw(opened);
    const over = { ...view, outcome: { winner: "A", reason: "two_rounds" } } as typeof view;
    const log = [...opened, ...at(4, { type: "game_over", winner: "A", reason: "two_rounds" } as Event)];
    act(() => render(renderBoard(over, [], cat, { send: () => undefined, log }), root));
    expect(played.map((p) => `${p.motion}: ${p.el.getAttribute("data-testid")}`)).toEqual(["round: result"]);
  });

  it("nothing moves under prefers-reduced-motion: reduce", () => {
    reduce = true;
    draw(opened);
    draw(news);
    expect(played).toEqual([]);
    expect(root.querySelector(".round-banner")).not.toBeNull();
  });
});
