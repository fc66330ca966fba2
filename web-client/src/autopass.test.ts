import { describe, expect, it } from "vitest";
import { forcedIntent, plannedIntent } from "./autopass";
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import { mainView } from "./test/fixtures";

const window = (w: "attacker_declared" | "defender_declared" | "action_response"): MatchView =>
  ({ ...mainView(), pending: { seat: "A", window: w } });
const concede: Intent = { type: "concede" };

describe("forcedIntent", () => {
  it("passes a response window where passing is the only move", () => {
    expect(forcedIntent(window("attacker_declared"), [{ type: "pass" }, concede])).toEqual({ type: "pass" });
  });

  it("takes attack damage when nothing else is legal", () => {
    const view: MatchView = { ...mainView(), pending: { seat: "A", ask: { type: "attack_damage", attacker: "left", target: "right", damage: 0 } } };
    expect(forcedIntent(view, [{ type: "accept_damage" }, concede])).toEqual({ type: "accept_damage" });
  });

  it("answers an effect question with a single possible answer", () => {
    const view: MatchView = { ...mainView(), pending: { seat: "A", ask: { type: "effect", prompt: "remove_effect_target", card: "Stun" } } };
    expect(forcedIntent(view, [{ type: "choose_hero", seat: "B", hero: "left" }, concede])).toEqual({ type: "choose_hero", seat: "B", hero: "left" });
  });

  it("leaves real choices to the player", () => {
    expect(forcedIntent(window("defender_declared"), [{ type: "pass" }, { type: "play_action", card: 3 }, concede])).toBeNull();
    const blockable: MatchView = { ...mainView(), pending: { seat: "A", ask: { type: "attack_damage", attacker: "left", target: "right", damage: 3 } } };
    expect(forcedIntent(blockable, [{ type: "accept_damage" }, { type: "deblend_to_block" }, concede])).toBeNull();
    // Ending the turn is never automatic, even when it is the only move.
    expect(forcedIntent(mainView(), [{ type: "end_turn" }, concede])).toBeNull();
  });

  it("never makes a move that costs HP", () => {
    const ask: MatchView = { ...mainView(), pending: { seat: "A", ask: { type: "effect", prompt: "may_use", card: "Beatrice" } } };
    expect(forcedIntent({ ...ask, hp_prices: [{ intent: { type: "accept" }, hp: 2 }] }, [{ type: "accept" }, concede])).toBeNull();
    expect(forcedIntent(ask, [{ type: "accept" }, concede])).toEqual({ type: "accept" });
  });

  it("does nothing for the other seat, a spectator or a finished game", () => {
    const theirs: MatchView = { ...window("attacker_declared"), pending: { seat: "B", window: "attacker_declared" } };
    expect(forcedIntent(theirs, [{ type: "pass" }])).toBeNull();
    expect(forcedIntent({ ...window("attacker_declared"), viewer: "spectator" }, [{ type: "pass" }])).toBeNull();
    expect(forcedIntent({ ...window("attacker_declared"), outcome: { winner: "A", reason: "concession" } }, [{ type: "pass" }])).toBeNull();
  });
});

describe("plannedIntent", () => {
  const hit = (turn: number): MatchView => ({ ...mainView(), turn, pending: { seat: "A", ask: { type: "attack_damage", attacker: "center", target: "center", damage: 2 } } });
  const legal: Intent[] = [{ type: "accept_damage" }, { type: "deblend_to_block" }, concede];

  it("takes the further hits of an attack whose whole damage the player took, even with a choice left", () => {
    expect(plannedIntent(hit(6), legal, 6)).toEqual({ type: "accept_damage" });
  });

  it("plans nothing for another turn's attack, another question, or without a plan", () => {
    expect(plannedIntent(hit(8), legal, 6)).toBeNull();
    expect(plannedIntent(hit(6), legal, null)).toBeNull();
    expect(plannedIntent(window("defender_declared"), [{ type: "pass" }, concede], window("defender_declared").turn)).toBeNull();
    expect(plannedIntent({ ...hit(6), viewer: "spectator" }, legal, 6)).toBeNull();
  });
});
