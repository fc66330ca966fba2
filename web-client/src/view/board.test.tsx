// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import cardsJson from "../../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../catalogue";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import { seatNames } from "../log";
import type { LogEntry } from "../state";
import { card, hero, mainLegal, mainView } from "../test/fixtures";
import { pendingText, renderBoard } from "./board";

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
  it("keeps a keyboard user's focus on its control when the next version arrives", () => {
    draw(mainView(), mainLegal);
    const hand = qa(".hand-card")[1]!;
    const end = button("End turn")!;
    for (const el of [end, hand]) {
      el.focus();
      const next = mainView();
      const opp = next.players[1]!;
      opp.hp -= 3;
      opp.hand_count = (opp.hand_count ?? 0) + 1;
      draw(next, mainLegal);
      expect(document.activeElement).toBe(el);
      expect(el.isConnected).toBe(true);
    }
  });

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

  it("draws this turn's events on the board: hero marks, played cards, the meter, HP and an attack arrow with its damage", () => {
    const log: LogEntry[] = [
      { v: 9, event: { type: "turn_started", seat: "A", turn: 3, first_turn: false } },
      { v: 10, event: { type: "action_played", seat: "A", action: card("rotate") } },
      { v: 10, event: { type: "blended", seat: "B", hero: "left", blend: card("burn-fowl") } },
      { v: 11, event: { type: "attack_declared", seat: "A", attackers: [{ hero: "center", target: "left" }] } },
      { v: 12, event: { type: "attack_damage_calculated", seat: "A", attacker: "center", target: "left", atk: 4, def: 1, damage: 3 } },
      { v: 12, event: { type: "damage", seat: "B", amount: 3, attack: true, hp: 14 } },
    ];
    act(() => render(renderBoard(mainView(), mainLegal, cat, { send: (i) => sent.push(i), log }), root));
    expect(q('.hero[data-side="opp"][data-hero="left"] [data-fx="blend"]')!.textContent).toBe("blended into Burn Fowl");
    expect(q('[data-testid="bar-me"] [data-fx="played"]')!.textContent).toBe("played Rotate");
    expect(q('[data-testid="bar-me"] .meter [data-fx="meter"]')!.textContent).toContain("Rotate");
    expect(q('[data-testid="bar-opp"] [data-fx="hp"]')!.textContent).toBe("−3 HP");
    // jsdom lays nothing out, so the arrow is drawn between zero-sized heroes; it is there with its number.
    const arrow = q('.fx-arrows [data-fx="attack"]')!;
    expect(arrow.getAttribute("data-label")).toBe("Attack from the bottom center hero to the left hero: 3 damage");
    expect(arrow.textContent).toBe("3");
    expect(q(".fx-arrows")!.getAttribute("aria-hidden")).toBe("true");
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

  it("previews each attack's damage from the engine, hides it against a face-down hero, and totals the draft", () => {
    const view: MatchView = {
      ...mainView(),
      attack_preview: [
        { hero: "left", target: "right", atk: 3, def: null, damage: null },
        { hero: "center", target: "center", atk: 4, def: 1, damage: 3 },
      ],
    };
    draw(view, mainLegal);
    const center = q('.hero[data-side="me"][data-hero="center"] .attack-btn')!;
    const left = q('.hero[data-side="me"][data-hero="left"] .attack-btn')!;
    expect(center.textContent).toBe("⚔ Attack · 3 dmg");
    expect(center.getAttribute("aria-label")).toBe("center hero attacks opponent's center hero: deals 3");
    expect(center.title).toBe("ATK 4 while attacking vs DEF 1: 3 damage to the opponent's HP, unless blocked or changed by an effect. Your hero takes no damage.");
    expect(left.textContent).toBe("⚔ Attack · ? dmg");
    expect(left.getAttribute("aria-label")).toMatch(/damage unknown \(face down\)$/);
    expect(q('[data-testid="attack-total"]')).toBeNull();
    click(center);
    expect(q('[data-testid="attack-total"]')!.textContent).toMatch(/takes 3 damage if every hit is taken\.$/);
    click(left);
    expect(q('[data-testid="attack-total"]')!.textContent).toMatch(/takes 3 \+ \? \(1 face-down target\) damage if every hit is taken\.$/);
  });

  it("prompts a mulligan as a dialog with exactly the legal choices", () => {
    const view: MatchView = { ...mainView(), phase: "setup", pending: { seat: "A", ask: { type: "mulligan" } } };
    draw(view, [{ type: "mulligan" }, { type: "keep_hand" }, { type: "concede" }]);
    const dialog = q('[role="dialog"]')!;
    expect(dialog.textContent).toContain("Keep this hand?");
    click(button("Keep hand"));
    expect(sent).toEqual([{ type: "keep_hand" }]);
    expect(button("End turn")).toBeUndefined();
  });

  it("asks how to take attack damage", () => {
    const view: MatchView = { ...mainView(), pending: { seat: "A", ask: { type: "attack_damage", attacker: "left", target: "right", damage: 3 } } };
    draw(view, [{ type: "accept_damage" }, { type: "deblend_to_block" }, { type: "concede" }]);
    click(button("Deblend to block"));
    click(button("Take 3 damage"));
    expect(sent).toEqual([{ type: "deblend_to_block" }, { type: "accept_damage" }]);
  });

  it("asks whether to make an additional attack (CR 601.1a)", () => {
    const view: MatchView = { ...mainView(), pending: { seat: "A", ask: { type: "additional_attack", attacker: "right", target: "left" } } };
    draw(view, [{ type: "accept" }, { type: "decline" }, { type: "concede" }]);
    expect(q('[role="dialog"]')!.textContent).toContain("Your right hero may attack again");
    click(button("Attack the left hero again"));
    click(button("Forgo the additional attack"));
    expect(sent).toEqual([{ type: "accept" }, { type: "decline" }]);
    expect(button("End turn")).toBeUndefined();
  });

  it("gives a spectator no controls and no hand", () => {
    const view: MatchView = { ...mainView(), viewer: "spectator", players: [{ ...mainView().players[0]!, hand: null, bench: null }, mainView().players[1]!] };
    draw(view, [], undefined);
    expect(qa(".hand-card")).toHaveLength(0);
    expect(qa(".hero-controls button")).toHaveLength(0);
    expect(q('[data-testid="pending"]')!.textContent).toBe("Waiting for Player A to play.");
  });

  it("disables everything when the seat only may concede", () => {
    const view: MatchView = { ...mainView(), active: "B", pending: { seat: "B", window: "main" } };
    draw(view, [{ type: "concede" }]);
    expect(qa(".hand-card.playable")).toHaveLength(0);
    expect(qa("button:not(.hand-card):not(.card-link)").map((b) => b.textContent)).toEqual(["Concede"]);
    expect(qa(".hand-card").every((b) => b.getAttribute("aria-disabled") === "true")).toBe(true);
    expect(q('[data-testid="pending"]')!.textContent).toBe("Waiting for Opponent to play.");
  });

  it("offers “Use <effect>” on own heroes where use_effect is legal, with the effect text on focus", () => {
    const view = mainView();
    view.players[0]!.heroes[2] = hero("right", "tara", "Tara", { effect: "Tara" });
    draw(view, [...mainLegal, { type: "use_effect", hero: "right" }]);
    const use = qa(".use-effect");
    expect(use.map((b) => b.closest<HTMLElement>(".hero")!.dataset.hero)).toEqual(["right"]);
    expect(use[0]!.textContent).toBe("Use Gamble");
    const tip = root.querySelector(`#${use[0]!.getAttribute("aria-describedby")}`)!;
    expect(tip.getAttribute("role")).toBe("tooltip");
    expect(tip.textContent).toMatch(/^Gamble \(Tara\): Once during your turn, you may reveal the top card/);
    click(use[0]!);
    expect(sent).toEqual([{ type: "use_effect", hero: "right" }]);
  });

  it("says an effect's HP price and waits for a confirmation before committing it", () => {
    const view: MatchView = { ...mainView(), hp_prices: [{ intent: { type: "use_effect", hero: "right" }, hp: 2 }] };
    view.players[0]!.heroes[2] = hero("right", "ghost", "Ghost", { effect: "Ghost" });
    draw(view, [...mainLegal, { type: "use_effect", hero: "right" }]);
    click(qa(".use-effect")[0]);
    expect(sent).toEqual([]);
    const dialog = q('[data-testid="price-confirm"]')!;
    expect(dialog.querySelector("h3")!.textContent).toBe("Using Ghost costs you 2 HP");
    expect(dialog.textContent).toContain(`Your HP goes from ${view.players[0]!.hp} to ${view.players[0]!.hp - 2}.`);
    click(button("Cancel"));
    expect(q('[data-testid="price-confirm"]')).toBeNull();
    expect(sent).toEqual([]);
    click(qa(".use-effect")[0]);
    click(button("Pay 2 HP"));
    expect(sent).toEqual([{ type: "use_effect", hero: "right" }]);
    // The same intent without a price is sent at once.
    sent = [];
    draw({ ...view, hp_prices: null }, [...mainLegal, { type: "use_effect", hero: "right" }]);
    click(qa(".use-effect")[0]);
    expect(sent).toEqual([{ type: "use_effect", hero: "right" }]);
  });

  it("asks once for a whole attack: every hit, their total, and a single “Take N damage”", () => {
    const view: MatchView = {
      ...mainView(),
      pending: { seat: "A", ask: { type: "attack_damage", attacker: "left", target: "right", damage: 3 } },
      damage_due: { seat: "A", total: 5, hits: [{ attacker: "left", target: "right", damage: 3 }, { attacker: "center", target: "center", damage: 2 }] },
    };
    let whole = 0;
    act(() => render(renderBoard(view, [{ type: "accept_damage" }, { type: "deblend_to_block" }, { type: "concede" }], cat, { send: (i) => sent.push(i), takeWholeAttack: () => whole++ }), root));
    const dialog = q('[role="dialog"]')!;
    expect(dialog.querySelector("h3")!.textContent).toBe("You are attacked by 2 heroes");
    expect([...dialog.querySelectorAll(".hits li")].map((li) => li.textContent)).toEqual([
      "The opponent's left hero hits your right hero: 3 damage (now)",
      "The opponent's center hero hits your center hero: 2 damage",
    ]);
    expect([...dialog.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Take 5 damage", "Take only this hit (3)", "Deblend your right hero to block the left hit"]);
    click(button("Take only this hit (3)"));
    expect(whole).toBe(0);
    click(button("Take 5 damage"));
    expect(whole).toBe(1);
    expect(sent).toEqual([{ type: "accept_damage" }, { type: "accept_damage" }]);
  });

  it("shows badges for a removed effect and a hero that cannot attack", () => {
    const view = mainView();
    view.players[1]!.heroes[0] = hero("left", "elaine", "Elaine", { effect_removed: true });
    view.players[0]!.heroes[0] = { ...view.players[0]!.heroes[0], cannot_attack: true };
    draw(view, mainLegal);
    expect(q('.hero[data-side="opp"][data-hero="left"] .hero-badges')!.textContent).toBe("effect removed");
    expect(q('.hero[data-side="me"][data-hero="left"] .hero-badges')!.textContent).toBe("can't attack");
    expect(qa(".hero-badges")).toHaveLength(2);
  });

  const effectAsk = (prompt: import("../gen/Prompt").Prompt, cardName: string): MatchView =>
    ({ ...mainView(), pending: { seat: "A", ask: { type: "effect", prompt, card: cardName } } });

  it("asks Anchor's price with its own wording, and nothing else", () => {
    // The price is the engine's (`hp_prices`): the client only says it.
    draw({ ...effectAsk("pay_mooring", "Anchor"), hp_prices: [{ intent: { type: "accept" }, hp: 3 }] }, [{ type: "accept" }, { type: "decline" }, { type: "concede" }]);
    const dialog = q('[role="dialog"]')!;
    expect(dialog.querySelector("h3")!.textContent).toBe("Anchor: Anchor holds this hero");
    expect([...dialog.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Take 3 damage to switch", "Don't switch"]);
    expect(button("End turn")).toBeUndefined();
    click(button("Don't switch"));
    click(button("Take 3 damage to switch"));
    expect(sent).toEqual([{ type: "decline" }, { type: "accept" }]);
    expect(q('[data-testid="pending"]')!.textContent).toBe("Your decision: answer Anchor’s effect.");
  });

  it("words “you may” questions per prompt", () => {
    draw(effectAsk("may_use", "Hornet"), [{ type: "accept" }, { type: "decline" }, { type: "concede" }]);
    expect([...q('[role="dialog"]')!.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Use Hornet", "Don't use"]);
    draw(effectAsk("opponent_may_draw", "Shard Buster"), [{ type: "accept" }, { type: "decline" }, { type: "concede" }]);
    expect([...q('[role="dialog"]')!.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Draw a card", "Don't draw"]);
  });

  it("highlights hero choices on the board (both sides) and in the dialog", () => {
    const legal: Intent[] = [
      { type: "choose_hero", seat: "B", hero: "left" }, { type: "choose_hero", seat: "B", hero: "right" }, { type: "concede" },
    ];
    draw(effectAsk("remove_effect_target", "Stun"), legal);
    expect(qa(".hero.choosable").map((h) => `${h.dataset.side}:${h.dataset.hero}`).sort()).toEqual(["opp:left", "opp:right"]);
    expect(qa(".choose-hero").map((b) => b.textContent)).toEqual(["Opponent's left hero (Elaine)", "Opponent's right hero"]);
    click(q('.hero[data-side="opp"][data-hero="right"] .choose-btn'));
    click(qa(".choose-hero")[0]);
    click(q('.hero[data-side="opp"][data-hero="left"]'));
    expect(sent).toEqual([{ type: "choose_hero", seat: "B", hero: "right" }, { type: "choose_hero", seat: "B", hero: "left" }, { type: "choose_hero", seat: "B", hero: "left" }]);
  });

  it("offers the two rotation directions as buttons", () => {
    draw(effectAsk("rotate_direction", "Rotate"), [{ type: "choose_direction", clockwise: true }, { type: "choose_direction", clockwise: false }, { type: "concede" }]);
    click(button("↺ Counter-clockwise"));
    click(button("↻ Clockwise"));
    expect(sent).toEqual([{ type: "choose_direction", clockwise: false }, { type: "choose_direction", clockwise: true }]);
  });

  it("shows hand choices as cards and unnamed deck choices as a numbered list", () => {
    draw(effectAsk("discard_from_hand", "Usher"), [{ type: "choose_card", card: 1 }, { type: "choose_card", card: 2 }, { type: "concede" }]);
    expect(qa(".card-choice").map((b) => b.getAttribute("aria-label"))).toEqual(["Choose Pyrogem", "Choose Chaser"]);
    expect(q('.card-choice [data-card="chaser"]')).not.toBeNull();
    click(qa(".card-choice")[1]);
    expect(sent).toEqual([{ type: "choose_card", card: 2 }]);

    draw(effectAsk("search_deck", "Herald"), [{ type: "choose_card", card: 901 }, { type: "choose_card", card: 902 }, { type: "decline" }, { type: "concede" }]);
    expect(qa(".card-choice").map((b) => b.textContent)).toEqual(["a card from your deck (option 1)", "a card from your deck (option 2)"]);
    click(button("Take nothing"));
    expect(sent[1]).toEqual({ type: "decline" });
  });

  it("names deck choices when the view lists them", () => {
    const view: MatchView = { ...effectAsk("search_deck", "Herald"), choices: [card("aquagem", 901)] };
    draw(view, [{ type: "choose_card", card: 901 }, { type: "decline" }, { type: "concede" }]);
    expect(qa(".card-choice").map((b) => b.getAttribute("aria-label"))).toEqual(["Choose Aquagem"]);
  });

  it("offers timed actions as buttons in the attack windows and in the attack-damage dialog", () => {
    const inv = card("invert", 7);
    const block = card("block-attack", 8);
    const base = mainView();
    base.players[0]!.hand = [inv, block];
    const win: MatchView = { ...base, pending: { seat: "A", window: "attacker_declared" } };
    draw(win, [{ type: "play_action", card: 7 }, { type: "pass" }, { type: "concede" }]);
    expect(qa(".timed-action").map((b) => b.textContent)).toEqual(["Play Invert"]);
    click(button("Play Invert"));
    const dmg: MatchView = { ...base, pending: { seat: "A", ask: { type: "attack_damage", attacker: "left", target: "center", damage: 4 } } };
    draw(dmg, [{ type: "accept_damage" }, { type: "play_action", card: 8 }, { type: "concede" }]);
    expect([...q('[role="dialog"]')!.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Take 4 damage", "Play Block Attack"]);
    click(button("Play Block Attack"));
    expect(sent).toEqual([{ type: "play_action", card: 7 }, { type: "play_action", card: 8 }]);
  });

  it("names a copied effect and moves focus to the first answer when a new question arrives", () => {
    const view = mainView();
    view.players[0]!.heroes[3] = hero("back", "kula", "Kula", { effect: "Gull" });
    draw(view, mainLegal);
    expect(q('.hero[data-side="me"][data-hero="back"] .hero-copied')!.textContent).toBe(`has ${cat.find("Gull")!.effect!.name} (from Gull)`);
    draw(effectAsk("rotate_direction", "Rotate"), [{ type: "choose_direction", clockwise: true }, { type: "choose_direction", clockwise: false }, { type: "concede" }]);
    expect(document.activeElement?.textContent).toBe("↻ Clockwise");
    draw({ ...effectAsk("pay_mooring", "Anchor"), hp_prices: [{ intent: { type: "accept" }, hp: 3 }] }, [{ type: "accept" }, { type: "decline" }, { type: "concede" }]);
    expect(document.activeElement?.textContent).toBe("Take 3 damage to switch");
  });
});

describe("pending question", () => {
  const names = seatNames("A", { B: "Computer" });
  const win = (seat: "A" | "B", window: "attacker_declared" | "defender_declared") =>
    ({ seat, window }) as unknown as Parameters<typeof pendingText>[0];
  it("names the attack windows by whose they are (CR 203.2 attacker, CR 203.3 defender)", () => {
    expect(pendingText(win("A", "defender_declared"), names)).toBe("Your chance to respond to the attack.");
    expect(pendingText(win("B", "defender_declared"), names)).toBe("Waiting for Computer to respond to the attack.");
    expect(pendingText(win("A", "attacker_declared"), names)).toMatch(/^Your chance to use “when you declare an attack”/);
  });
});
