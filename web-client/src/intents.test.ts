import { describe, expect, it } from "vitest";
import type { Intent } from "./gen/Intent";
import {
  actionIntent, attackOptions, cardTargets, deblendable, findAttack, highlights, idle, perspective, playableCards,
  substituteOptions, toggleAttacker,
} from "./intents";
import { mainLegal, mainView } from "./test/fixtures";

describe("intent selection", () => {
  it("highlights exactly the hand cards some legal intent plays", () => {
    expect([...playableCards(mainLegal)].sort()).toEqual([1, 2, 3]);
    expect(playableCards([{ type: "end_turn" }, { type: "concede" }]).size).toBe(0);
  });

  it("highlights the heroes a selected card may go onto", () => {
    expect([...highlights(mainLegal, 1).heroes].sort()).toEqual(["left", "right"]);
    expect([...highlights(mainLegal, 2).heroes]).toEqual(["left"]);
    expect(highlights(mainLegal, 3).heroes.size).toBe(0);
    expect(highlights(mainLegal, null).heroes.size).toBe(0);
    expect(cardTargets(mainLegal, 2).get("left")).toEqual({ type: "play_blend", card: 2, hero: "left" });
    expect(actionIntent(mainLegal, 3)).toEqual({ type: "play_action", card: 3 });
    expect(actionIntent(mainLegal, 1)).toBeUndefined();
  });

  it("offers deblend only where listed", () => {
    expect([...deblendable(mainLegal)]).toEqual(["center"]);
  });

  it("derives attack options and matches a picked declaration in any order", () => {
    const opts = attackOptions(mainLegal);
    expect(opts.get("left")).toEqual(["right"]);
    expect(opts.get("center")).toEqual(["center"]);
    expect(opts.has("right")).toBe(false);
    let picked = toggleAttacker([], "center", "center");
    picked = toggleAttacker(picked, "left", "right");
    expect(findAttack(mainLegal, picked)?.attackers).toHaveLength(2);
    expect(findAttack(mainLegal, [])).toBeUndefined();
    expect(findAttack(mainLegal, [{ hero: "right", target: "left" }])).toBeUndefined();
    // Toggling the same pair removes it; a different target replaces it.
    expect(toggleAttacker(picked, "left", "right")).toEqual([{ hero: "center", target: "center" }]);
    expect(toggleAttacker(picked, "left", "center")).toContainEqual({ hero: "left", target: "center" });
  });

  it("lists substitutions and recognises an idle seat", () => {
    const legal: Intent[] = [{ type: "substitute", hero: "left", bench: 4 }, { type: "substitute", hero: "back", bench: 4 }, { type: "keep_heroes" }, { type: "concede" }];
    expect(substituteOptions(legal).map((s) => s.hero)).toEqual(["left", "back"]);
    expect(idle(legal)).toBe(false);
    expect(idle([{ type: "concede" }])).toBe(true);
  });

  it("draws the viewer at the bottom, spectators as seat A", () => {
    expect(perspective(mainView())).toEqual({ me: "A", opp: "B", spectator: false });
    expect(perspective({ ...mainView(), viewer: { seat: "B" } })).toMatchObject({ me: "B", opp: "A" });
    expect(perspective({ ...mainView(), viewer: "spectator" })).toEqual({ me: "A", opp: "B", spectator: true });
  });
});
