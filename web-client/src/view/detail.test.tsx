// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import cardsJson from "../../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../catalogue";
import type { MatchView } from "../gen/MatchView";
import { mainLegal, mainView } from "../test/fixtures";
import { renderBoard } from "./board";
import { LONG_PRESS_MS } from "./detail";

const cat = makeCatalogue(cardsJson as CatalogueJson);
let root: HTMLElement;
beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});
const draw = (view: MatchView) => act(() => render(renderBoard(view, mainLegal, cat, { send: () => undefined }), root));
const q = (sel: string) => root.querySelector<HTMLElement>(sel)!;
const panel = () => q('[data-testid="card-detail"]');
const effectText = (slug: string) => cat.byId.get(slug)!.effect!.text;

describe("card detail panel", () => {
  it("starts empty and shows an opponent's hero with its full text and stats on hover", () => {
    draw(mainView());
    expect(panel().textContent).toContain("Hover, tap or focus any card");
    act(() => { q('.hero[data-side="opp"][data-hero="center"]').dispatchEvent(new MouseEvent("mouseenter")); });
    expect(panel().querySelector("h3")!.textContent).toBe("Devin · Opponent’s center");
    expect(panel().textContent).toContain(effectText("devin"));
    expect(q('[data-testid="detail-atk"]').textContent).toBe("2");
  });

  it("shows a blended hero's blend and hero cards and follows the hero into a newer view", () => {
    draw(mainView());
    act(() => q('.hero[data-side="me"][data-hero="center"]').focus());
    expect(panel().querySelector("h3")!.textContent).toBe("Hornet · your center");
    expect(panel().textContent).toContain(effectText("hornet"));
    expect([...panel().querySelectorAll(".card")].map((c) => c.getAttribute("data-card"))).toEqual(["hornet", "beatrice"]);
    expect(q('[data-testid="detail-atk"]').textContent).toBe("4");
    // Why ATK is 4: the engine's terms, listed with their sources, sum to it.
    const terms = [...panel().querySelectorAll<HTMLElement>('[data-testid="detail-atk-terms"] li')];
    expect(terms.map((li) => li.textContent)).toEqual(["3 blend · Hornet", "+1 bonus this turn"]);
    expect(terms.reduce((sum, li) => sum + Number(li.dataset.amount), 0)).toBe(4);
    const next = mainView();
    next.players[0]!.heroes[1] = {
      ...next.players[0]!.heroes[1]!, atk: 6,
      atk_terms: [{ source: "blend", amount: 3, card: "Hornet" }, { source: "while_attacking", amount: 3, card: "Hornet" }],
    };
    draw(next);
    expect(q('[data-testid="detail-atk"]').textContent).toBe("6");
    expect(panel().textContent).toContain("+3 while attacking (CR 203.1h) · Hornet");
  });

  it("opens a meter card and a discard card on focus, and a hand card on a long press (not a tap); Escape closes", () => {
    draw(mainView());
    act(() => q('[data-testid="bar-me"] .meter .card-link').focus());
    expect(panel().querySelector("h3")!.textContent).toBe("Rotate · action meter slot 1");
    expect(panel().textContent).toContain(effectText("rotate"));
    act(() => q('[data-testid="bar-me"] .zone-list ol .card-link').focus());
    expect(panel().querySelector("h3")!.textContent).toBe("Gull · discard");
    // A touch: a tap selects the card and opens nothing (issue 43); a long press opens its details.
    const touch = (type: string) => {
      const e = new Event(type, { bubbles: true }) as Event & { pointerType: string };
      Object.defineProperty(e, "pointerType", { value: "touch" });
      return e;
    };
    const card = q('.hand-card[data-card-id="2"]');
    vi.useFakeTimers();
    try {
      act(() => { card.dispatchEvent(touch("pointerdown")); window.dispatchEvent(touch("pointerup")); vi.advanceTimersByTime(LONG_PRESS_MS + 50); });
      // The touch elsewhere closed the details it did not open.
      expect(panel().querySelector("h3")!.textContent).toBe("Card details");
      act(() => { card.dispatchEvent(touch("pointerdown")); vi.advanceTimersByTime(LONG_PRESS_MS + 50); });
      act(() => { window.dispatchEvent(touch("pointerup")); card.click(); });
    } finally {
      vi.useRealTimers();
    }
    expect(panel().querySelector("h3")!.textContent).toBe("Chaser · your hand");
    expect(card.getAttribute("aria-pressed"), "the click ending a long press does not select the card").toBe("false");
    expect(panel().classList.contains("open")).toBe(true);
    act(() => { window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })); });
    expect(panel().classList.contains("open")).toBe(false);
  });
});

describe("round banner", () => {
  it("says who won the round until the next turn starts", () => {
    const lost = { v: 30, event: { type: "round_lost" as const, seat: "B" as const, round: 1, rounds_won: [1, 0] as [number, number] } };
    act(() => render(renderBoard(mainView(), mainLegal, cat, { send: () => undefined, log: [lost] }), root));
    expect(q(".round-banner").textContent).toBe("You won round 1 (1–0).");
    const next = { v: 31, event: { type: "turn_started" as const, seat: "B" as const, turn: 9, first_turn: false } };
    act(() => render(renderBoard(mainView(), mainLegal, cat, { send: () => undefined, log: [lost, next] }), root));
    expect(root.querySelector(".round-banner")).toBeNull();
  });
});

describe("activation gem", () => {
  it("says on the hero when a stat needs a gem, from the engine's activation_gem term", () => {
    const view = mainView();
    view.players[1]!.heroes[0] = { ...view.players[1]!.heroes[0]!, atk: 0, atk_terms: [{ source: "written", amount: 2, card: "Elaine" }, { source: "activation_gem", amount: -2, card: "Elaine" }] };
    act(() => render(renderBoard(view, mainLegal, cat, { send: () => undefined }), root));
    expect(q('.hero[data-side="opp"][data-hero="left"] .badge-warn').textContent).toBe("ATK needs a gem");
    expect(root.querySelectorAll(".badge-warn")).toHaveLength(1);
  });
});
