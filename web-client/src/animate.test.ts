import { describe, expect, it } from "vitest";
import { boardFx as fxOfLog } from "./animate";
import type { Event } from "./gen/Event";
import type { Seat } from "./gen/Seat";
import { card } from "./test/fixtures";

/** The marks without their keys and age (tested on their own below), for one update's events at version 7. */
function boardFx(events: Event[], me: Seat) {
  const fx = fxOfLog(events.map((event) => ({ v: 7, event })), me);
  const strip = <T extends { key: string; past: boolean }>(xs: T[]) => xs.map(({ key: _k, past: _p, ...rest }) => rest);
  return { heroes: strip(fx.heroes), arrows: strip(fx.arrows), bars: strip(fx.bars) };
}

describe("boardFx: this turn's events → what the board shows", () => {
  it("draws the opponent's attack as arrows from their side, with each attacker's damage and the HP lost", () => {
    const events: Event[] = [
      { type: "attack_declared", seat: "B", attackers: [{ hero: "center", target: "left" }, { hero: "right", target: "back" }] },
      { type: "attack_damage_calculated", seat: "B", attacker: "center", target: "left", atk: 5, def: 2, damage: 3 },
      { type: "attack_damage_calculated", seat: "B", attacker: "right", target: "back", atk: 1, def: 1, damage: 0 },
      { type: "damage", seat: "A", amount: 3, attack: true, hp: 17 },
      { type: "attack_ended", seat: "B" },
    ];
    const fx = boardFx(events, "A");
    expect(fx.arrows).toEqual([
      { from: "opp", hero: "center", target: "left", damage: 3, ended: true },
      { from: "opp", hero: "right", target: "back", damage: 0, ended: true },
    ]);
    expect(fx.bars).toEqual([{ side: "me", kind: "hp", label: "−3 HP" }]);
    // The same events from B's chair (or a spectator drawn from B): the arrows come from the bottom.
    expect(boardFx(events, "B").arrows.map((a) => a.from)).toEqual(["me", "me"]);
  });

  it("an arrow gets its number when the damage is calculated; Block Attack makes it 0; a new attack replaces it", () => {
    const declared: Event = { type: "attack_declared", seat: "A", attackers: [{ hero: "left", target: "right" }] };
    expect(boardFx([declared], "A").arrows).toEqual([{ from: "me", hero: "left", target: "right", damage: null, ended: false }]);
    const later = boardFx([
      declared,
      { type: "attack_damage_calculated", seat: "A", attacker: "left", target: "right", atk: 4, def: 0, damage: 4 },
      { type: "attack_blocked", seat: "A", attacker: "left" },
    ], "A");
    expect(later.arrows).toEqual([{ from: "me", hero: "left", target: "right", damage: 0, ended: false }]);
    const again = boardFx([declared, { type: "attack_declared", seat: "A", attackers: [{ hero: "back", target: "center" }] }], "A");
    expect(again.arrows).toEqual([{ from: "me", hero: "back", target: "center", damage: null, ended: false }]);
  });

  it("shows the turn in progress and the one before (marked past), and each mark keeps its key so it animates once", () => {
    const dmg = (seat: Seat, amount: number): Event => ({ type: "damage", seat, amount, attack: true, hp: 20 - amount });
    const turn = (seat: Seat, n: number): Event => ({ type: "turn_started", seat, turn: n, first_turn: false });
    const log = [
      { v: 2, event: turn("A", 1) }, { v: 3, event: dmg("B", 2) },
      { v: 4, event: turn("B", 2) }, { v: 5, event: dmg("A", 1) },
    ];
    const first = fxOfLog(log, "A");
    expect(first.bars.map((b) => [b.side, b.label, b.past])).toEqual([["opp", "−2 HP", true], ["me", "−1 HP", false]]);
    // A's next turn: B's turn is now the one before, and A's first turn is gone.
    const next = fxOfLog([...log, { v: 6, event: turn("A", 3) }, { v: 7, event: dmg("B", 4) }], "A");
    expect(next.bars.map((b) => [b.side, b.label, b.past])).toEqual([["me", "−1 HP", true], ["opp", "−4 HP", false]]);
    expect(next.bars[0]!.key).toBe(first.bars[1]!.key);
    expect(new Set(next.bars.map((b) => b.key)).size).toBe(2);
  });

  it("marks cards played from hand, gems, blends, actions entering the meter, moves and substitutions", () => {
    const fx = boardFx([
      { type: "gem_equipped", seat: "B", hero: "left", gem: card("pyrogem"), allotted: true },
      { type: "gem_equipped", seat: "B", hero: "back", gem: card("aquagem"), allotted: false },
      { type: "blended", seat: "B", hero: "center", blend: card("burn-fowl") },
      { type: "action_played", seat: "B", action: card("invert") },
      { type: "switched", seat: "A", a: "left", b: "right" },
      { type: "rotated", seat: "B", clockwise: true },
      { type: "substituted", seat: "A", hero: "back", outgoing: card("usher"), incoming: card("tara") },
      { type: "deblended_to_block", seat: "A", hero: "center", attacker: "left" },
      { type: "deck_shuffled", seat: "B" },
    ], "A");
    expect(fx.heroes).toEqual([
      { side: "opp", hero: "left", kind: "gem", label: "+ Pyrogem" },
      { side: "opp", hero: "back", kind: "gem", label: "+ Aquagem" },
      { side: "opp", hero: "center", kind: "blend", label: "blended into Burn Fowl" },
      { side: "me", hero: "left", kind: "move", label: "switched with right" },
      { side: "me", hero: "right", kind: "move", label: "switched with left" },
      ...(["left", "center", "right", "back"] as const).map((hero) => ({ side: "opp", hero, kind: "move", label: "rotated ↻" })),
      { side: "me", hero: "back", kind: "substitute", label: "Tara in for Usher" },
      { side: "me", hero: "center", kind: "deblend", label: "deblended to block left" },
    ]);
    // The turn's allotted gem came from the hand (CR 301.2), the other an effect equipped; the action is both
    // played and in the meter.
    expect(fx.bars).toEqual([
      { side: "opp", kind: "played", label: "played Pyrogem" },
      { side: "opp", kind: "played", label: "played Burn Fowl" },
      { side: "opp", kind: "played", label: "played Invert" },
      { side: "opp", kind: "meter", label: "Invert" },
    ]);
    expect(fx.arrows).toEqual([]);
  });

  it("a takeback removes the marks of the action it took back, and only those", () => {
    const fx = fxOfLog([
      { v: 5, event: { type: "gem_equipped", seat: "A", hero: "left", gem: card("pyrogem"), allotted: true } },
      { v: 6, event: { type: "blended", seat: "A", hero: "center", blend: card("burn-fowl") } },
      { v: 7, event: { type: "took_back", seat: "A" } },
    ], "A");
    expect(fx.heroes.map((m) => m.label)).toEqual(["+ Pyrogem"]);
    expect(fx.bars.map((m) => m.label)).toEqual(["played Pyrogem"]);
  });

  it("events that change nothing on the board draw nothing", () => {
    expect(boardFx([{ type: "turn_started", seat: "B", turn: 2, first_turn: false }, { type: "deck_shuffled", seat: "B" }], "A"))
      .toEqual({ heroes: [], arrows: [], bars: [] });
  });
});

describe("boardFx in the free-for-all (issue 16)", () => {
  it("gives every opponent their own side and aims each arrow at the defender's side (MP-10)", () => {
    const events = [
      { type: "attack_declared", seat: "B", attackers: [{ hero: "left", target: "right", defender: "C" }, { hero: "center", target: "center", defender: "A" }] },
      { type: "attack_damage_calculated", seat: "B", attacker: "center", target: "center", defender: "A", atk: 5, def: 2, damage: 3 },
      { type: "damage", seat: "A", amount: 3, attack: true, hp: 42 },
    ] as unknown as Event[];
    const fx = fxOfLog(events.map((event) => ({ v: 7, event })), "A", true);
    expect(fx.arrows.map(({ from, hero, to, target, damage }) => ({ from, hero, to, target, damage }))).toEqual([
      { from: "B", hero: "left", to: "C", target: "right", damage: null },
      { from: "B", hero: "center", to: "me", target: "center", damage: 3 },
    ]);
    expect(fx.bars.map((b) => [b.side, b.label])).toEqual([["me", "−3 HP"]]);
    // The same events on a two-player board keep "opp" and no `to`.
    expect(boardFx(events.slice(2), "B").bars.map((b) => b.side)).toEqual(["opp"]);
  });
});
