import { describe, expect, it } from "vitest";
import { describeEvent, seatNames } from "./log";

describe("event log", () => {
  const me = seatNames("A", { B: "Brave Otter" });
  it("phrases events from the viewer's side", () => {
    expect(describeEvent({ type: "turn_order_chosen", chooser: "B", first: "B" }, me)).toBe("Brave Otter chose: Brave Otter goes first.");
    expect(describeEvent({ type: "mulligan", seat: "B", mulligan: false }, me)).toBe("Brave Otter kept their hand.");
    expect(describeEvent({ type: "turn_started", seat: "A", turn: 3, first_turn: false }, me)).toBe("Turn 3: You.");
    expect(describeEvent({ type: "damage", seat: "B", amount: 3, attack: true, hp: 14 }, me)).toBe("Brave Otter took 3 damage from an attack (HP 14).");
    expect(describeEvent({ type: "card_drawn", seat: "B", card: null }, me)).toBe("Brave Otter drew a card.");
    expect(describeEvent({ type: "game_over", winner: "A", reason: "two_rounds" }, me)).toBe("Game over: You win (two rounds).");
    expect(describeEvent({ type: "deblended", seat: "A", hero: "left", blend: { id: 1, card: "usher", name: "Usher" }, reason: "gems_lost" }, me))
      .toBe("Your left hero deblended from Usher (gems lost).");
  });
  it("names seats for spectators", () => {
    const s = seatNames(null);
    expect(describeEvent({ type: "conceded", seat: "B" }, s)).toBe("Player B conceded.");
  });
});
