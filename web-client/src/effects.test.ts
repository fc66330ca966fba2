import { triggerLabel } from "./view/prompts";
import { describe, expect, it } from "vitest";
import cardsJson from "../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "./catalogue";
import { answerLabels, cardChoices, promptTitle } from "./effects";
import type { Prompt } from "./gen/Prompt";
import { heroChoices, timedActions, usableEffects } from "./intents";
import { mainView } from "./test/fixtures";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const PROMPTS: Prompt[] = ["may_use", "discard_from_hand", "search_deck", "equip_gem_from_hand", "equip_target", "switch_first", "switch_with",
  "pay_mooring", "opponent_blend_to_discard", "remove_effect_target", "rotate_direction", "copy_from", "invert_target", "opponent_may_draw", "choose_trigger",
  "attach_from_hand", "arrange_left", "arrange_center", "arrange_right", "substitute_out", "substitute_in"];

describe("effect prompts", () => {
  it("has a distinct title for every prompt", () => {
    const titles = PROMPTS.map((p) => promptTitle(p, "X"));
    expect(new Set(titles).size).toBe(PROMPTS.length);
    expect(titles.every((t) => t.length > 5)).toBe(true);
  });
  it("words accept/decline per prompt", () => {
    expect(answerLabels("pay_mooring", "Anchor")).toEqual({ accept: "Take the damage to switch", decline: "Don't switch" });
    expect(answerLabels("may_use", "Gull").accept).toBe("Use Gull");
    expect(answerLabels("search_deck", "Herald").decline).toBe("Take nothing");
  });
  it("names card options from the hand and discard, numbering the rest", () => {
    const v = mainView();
    const opts = cardChoices(v, [{ type: "choose_card", card: 3 }, { type: "choose_card", card: 555 }, { type: "decline" }], cat, "search_deck");
    expect(opts.map((o) => o.label)).toEqual(["Stun", "a card from your deck (option 2)"]);
    expect(opts[0]!.def?.id).toBe("stun");
    const gull = v.players[0]!.discard[0]!;
    expect(cardChoices(v, [{ type: "choose_card", card: gull.id }], cat, "copy_from")[0]!.label).toBe("Gull");
  });
  it("looks up use_effect, choose_hero and timed actions in legal", () => {
    expect([...usableEffects([{ type: "use_effect", hero: "back" }, { type: "end_turn" }])]).toEqual(["back"]);
    expect([...heroChoices([{ type: "choose_hero", seat: "B", hero: "left" }]).keys()]).toEqual(["B:left"]);
    const main = mainView();
    expect(timedActions(main, [{ type: "play_action", card: 3 }])).toEqual([]);
    const win = { ...main, pending: { seat: "A" as const, window: "defender_declared" as const } };
    expect(timedActions(win, [{ type: "play_action", card: 3 }, { type: "pass" }])).toEqual([{ type: "play_action", card: 3 }]);
  });
});


describe("ordering simultaneous effects (CR 501.4)", () => {
  it("names each waiting effect by its card and hero", () => {
    const view = { ...mainView(), trigger_choices: [{ trigger: 7, card: "Slip Knotter", hero: "left" as const }, { trigger: 9, card: "Electron", hero: null }] };
    expect(triggerLabel(view, 7, 0)).toBe("Resolve Slip Knotter (left hero)");
    expect(triggerLabel(view, 9, 1)).toBe("Resolve Electron");
    expect(triggerLabel(view, 3, 2)).toBe("Resolve effect 3");
  });
});
