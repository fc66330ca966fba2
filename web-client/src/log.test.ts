import { describe, expect, it } from "vitest";
import { describeEvent, groupByTurn, seatNames } from "./log";
import type { Event } from "./gen/Event";

describe("event log", () => {
  const me = seatNames("A", { B: "Brave Otter" });
  it("phrases events from the viewer's side", () => {
    expect(describeEvent({ type: "turn_order_chosen", chooser: "B", first: "B" }, me)).toBe("Brave Otter chose: Brave Otter goes first.");
    expect(describeEvent({ type: "mulligan", seat: "B", mulligan: false }, me)).toBe("Brave Otter kept their hand.");
    expect(describeEvent({ type: "turn_started", seat: "A", turn: 3, first_turn: false }, me)).toBe("Turn 3: You.");
    expect(describeEvent({ type: "damage", seat: "B", amount: 3, attack: true, hp: 14 }, me)).toBe("Brave Otter took 3 damage from an attack (HP 14).");
    expect(describeEvent({ type: "additional_attack", seat: "A", attacker: "right", target: "left" }, me)).toBe("Your right hero attacks the left hero again.");
    expect(describeEvent({ type: "additional_attack_forgone", seat: "B", attacker: "center" }, me)).toBe("Brave Otter’s center hero forgoes its additional attack.");
    expect(describeEvent({ type: "card_drawn", seat: "B", card: null }, me)).toBe("Brave Otter drew a card.");
    expect(describeEvent({ type: "game_over", winner: "A", reason: "two_rounds" }, me)).toBe("Game over: You win (two rounds).");
    expect(describeEvent({ type: "deblended", seat: "A", hero: "left", blend: { id: 1, card: "usher" }, reason: "gems_lost" }, me))
      .toBe("Your left hero deblended from Usher (gems lost).");
  });
  it("names seats for spectators", () => {
    const s = seatNames(null);
    expect(describeEvent({ type: "conceded", seat: "B" }, s)).toBe("Player B conceded.");
    expect(describeEvent({ type: "took_back", seat: "B" } , s)).toBe("Player B took back their last action.");
    expect(describeEvent({ type: "eliminated", seat: "C", place: 3, reason: "hp" }, s)).toBe("Player C is out: 3rd place.");
    expect(describeEvent({ type: "meter_emptied", seat: "D", below: 30, cards: [{ id: 7, card: "stun" }] }, s))
      .toBe("Player D’s action meter emptied (HP under 30).");
  });
  it("describes effect events", () => {
    const n = seatNames("A", { B: "Brave Otter" });
    expect(describeEvent({ type: "effect_used", seat: "A", hero: "right", card: "Tara" }, n)).toBe("You used the effect of Tara (right hero).");
    expect(describeEvent({ type: "effect_resolving", seat: "B", card: "Hornet" }, n)).toBe("Brave Otter’s Hornet effect resolves.");
    expect(describeEvent({ type: "card_revealed", seat: "A", card: "Pyrogem", kept: true }, n)).toBe("You revealed Pyrogem from the top of the deck and kept it.");
    expect(describeEvent({ type: "searched", seat: "B", card: null }, n)).toBe("Brave Otter searched the deck and took nothing.");
    expect(describeEvent({ type: "searched", seat: "B", card: "Aquagem" }, n)).toBe("Brave Otter searched the deck and took Aquagem.");
    expect(describeEvent({ type: "deck_shuffled", seat: "A" }, n)).toBe("Your deck was shuffled.");
    expect(describeEvent({ type: "returned_to_hand", seat: "B", card: "Pyrogem" }, n)).toBe("Pyrogem returned to Brave Otter’s hand.");
    expect(describeEvent({ type: "switched", seat: "A", a: "left", b: "back" }, n)).toBe("You switched the left and back heroes.");
    expect(describeEvent({ type: "rotated", seat: "B", clockwise: false }, n)).toBe("Brave Otter’s heroes rotated counter-clockwise.");
    expect(describeEvent({ type: "arranged", seat: "A", heroes: [{ id: 1, card: "elaine" }, { id: 2, card: "tara" }, { id: 3, card: "kula" }, { id: 4, card: "claire" }] }, n))
      .toBe("You arranged the heroes: Elaine, Tara, Kula, Claire (left to back).");
    expect(describeEvent({ type: "attached", seat: "B", hero: "left", card: { id: 9, card: "cryogem" } }, n)).toBe("Cryogem was attached to Brave Otter’s left hero.");
    expect(describeEvent({ type: "level_changed", seat: "A", hero: "left", level: 3 }, n)).toBe("Your left hero is now LV 3.");
    expect(describeEvent({ type: "effect_removed", seat: "B", hero: "center" }, n)).toBe("Brave Otter’s center hero lost its effect.");
    expect(describeEvent({ type: "effect_copied", seat: "A", hero: "left", card: "Gull" }, n)).toBe("Your left hero copied the effect of Gull.");
    expect(describeEvent({ type: "inverted", seat: "A", hero: "left" }, n)).toBe("Your left hero was inverted (written ATK and DEF switched for the turn).");
    expect(describeEvent({ type: "attack_blocked", seat: "B", attacker: "center" }, n)).toBe("Brave Otter’s center attacker was blocked: its damage is 0.");
  });
});

describe("log grouped by turn", () => {
  it("puts setup lines first and opens a group per turn, without version numbers", () => {
    const n = seatNames("A", { B: "Brave Otter" });
    const groups = groupByTurn([
      { type: "mulligan", seat: "A", mulligan: true },
      { type: "turn_started", seat: "B", turn: 1, first_turn: true },
      { type: "end_phase", seat: "B" },
      { type: "turn_started", seat: "A", turn: 2, first_turn: false },
      { type: "card_drawn", seat: "A", card: null },
    ], n);
    expect(groups).toEqual([
      { title: "Setup", lines: ["You took a mulligan."] },
      { title: "Turn 1 · Brave Otter (first turn)", lines: ["Brave Otter’s turn ends."] },
      { title: "Turn 2 · You", lines: ["You drew a card."] },
    ]);
  });
});

describe("free-for-all log lines (issue 16)", () => {
  const n = seatNames("A", { B: "Bob", C: "Carol" });
  it("names the defender of each attacker and of each calculated hit (MP-10)", () => {
    const declared: Event = { type: "attack_declared", seat: "A", attackers: [{ hero: "left", target: "right", defender: "B" }, { hero: "center", target: "center", defender: "C" }] };
    expect(describeEvent(declared, n)).toBe("You attack: left → Bob’s right, center → Carol’s center.");
    const calc: Event = { type: "attack_damage_calculated", seat: "B", attacker: "center", target: "center", defender: "A", atk: 5, def: 2, damage: 3 };
    expect(describeEvent(calc, n)).toBe("Bob’s center (ATK 5) vs your center (DEF 2): 3 damage.");
  });
  it("says who is out and in which place, and when a meter empties (MP-20, MP-24)", () => {
    expect(describeEvent({ type: "eliminated", seat: "C", place: 3, reason: "hp" }, n)).toBe("Carol is out: 3rd place.");
    expect(describeEvent({ type: "eliminated", seat: "A", place: 2, reason: "concession" }, n)).toBe("You are out (conceded): 2nd place.");
    expect(describeEvent({ type: "meter_emptied", seat: "B", below: 30, cards: [] }, n)).toBe("Bob’s action meter emptied (HP under 30).");
  });
});
