import { describe, expect, it } from "vitest";
import { attackChoices, findAttack, toggleAttacker } from "./intents";
import { draftByDefender, previewTargets, targetsByDefender } from "./targets";
import { THREE_LEGAL, threeView } from "./test/ffa-fixtures";
import { mainLegal, mainView } from "./test/fixtures";

describe("attack targets from attack_preview (MP-10)", () => {
  it("maps each preview to its defender's board and target hero, with the attackers and their damage", () => {
    const byDefender = targetsByDefender(previewTargets(threeView(), "A"));
    expect([...byDefender.keys()]).toEqual(["B", "C"]);
    const b = byDefender.get("B")!;
    expect([...b.keys()]).toEqual(["right", "center"]);
    expect(b.get("right")!.map((t) => [t.hero, t.damage])).toEqual([["left", 3]]);
    const c = byDefender.get("C")!;
    expect(c.get("center")!.map((t) => [t.hero, t.damage])).toEqual([["center", 2]]);
    // Face down to A: the engine hides its DEF, so the damage is unknown.
    expect(c.get("left")!.map((t) => [t.hero, t.def, t.damage])).toEqual([["right", null, null]]);
    // Nothing of B's left or back, nor of C's right: MP-10 allows no attack there.
    expect(b.has("left") || b.has("back") || c.has("right")).toBe(false);
  });

  it("reads a two-player preview (no defender) as against the one opponent", () => {
    const view = { ...mainView(), attack_preview: [{ hero: "left" as const, target: "right" as const, atk: 3, def: null, damage: null }] };
    expect(previewTargets(view, "A")).toEqual([{ hero: "left", defender: "B", target: "right", atk: 3, def: null, damage: null }]);
  });

  it("lists each attacker's (defender, target) pairs and finds the declaration with its defenders", () => {
    const choices = attackChoices(THREE_LEGAL);
    expect(choices.get("center")).toEqual([
      { hero: "center", target: "center", defender: "B" },
      { hero: "center", target: "center", defender: "C" },
    ]);
    let draft = toggleAttacker([], "center", "center", "C");
    draft = toggleAttacker(draft, "left", "right", "B");
    expect(findAttack(THREE_LEGAL, draft)?.attackers).toEqual([
      { hero: "left", target: "right", defender: "B" }, { hero: "center", target: "center", defender: "C" },
    ]);
    // The same hero and target against another defender is another declaration; retargeting replaces it.
    const againstB = toggleAttacker(draft, "center", "center", "B");
    expect(againstB).toContainEqual({ hero: "center", target: "center", defender: "B" });
    expect(findAttack(THREE_LEGAL, againstB)).toBeUndefined();
    expect(toggleAttacker(draft, "center", "center", "C")).toEqual([{ hero: "left", target: "right", defender: "B" }]);
    // Two-player declarations stay without a defender.
    expect(findAttack(mainLegal, toggleAttacker([], "center", "center"))?.attackers).toEqual([{ hero: "center", target: "center" }]);
  });

  it("sums the draft's damage per defender, counting face-down targets apart", () => {
    const targets = previewTargets(threeView(), "A");
    const sums = draftByDefender([
      { hero: "left", target: "right", defender: "B" },
      { hero: "center", target: "center", defender: "C" },
      { hero: "right", target: "left", defender: "C" },
    ], targets, "B");
    expect([...sums]).toEqual([["B", { known: 3, unknown: 0 }], ["C", { known: 2, unknown: 1 }]]);
  });
});
