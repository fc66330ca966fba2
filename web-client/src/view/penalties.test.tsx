// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EventView } from "../gen/EventView";
import type { JudgeBoard, Penalty } from "../judging";
import type { RoomInfo } from "../protocol";
import { JudgeBoardView, JudgeWatchingBanner } from "./judgeview";
import { JudgeDesk, PenaltyForm, PenaltyList } from "./penalties";

const names: Record<string, string> = { ann: "Ann", bo: "Bo", org: "Olga" };
const name = (id: string) => names[id] ?? id;
const penalty = (p: Partial<Penalty>): Penalty =>
  ({ round: 1, table: 1, player: "ann", kind: "warning", infraction: "slow_play", reason: "", judge: "Jo", minutes: null, ...p });
const ev = (penalties: Penalty[], judges: EventView["judges"] = []): EventView => ({
  id: "e", organizer_id: "org", status: "running", judges, penalties,
  log: { players: [{ id: "ann", name: "Ann" }, { id: "bo", name: "Bo" }] },
  rounds: [{ number: 1, tables: [{ table: 1, players: ["ann", "bo"], room_id: "r1" }], byes: [] }],
} as unknown as EventView);

let root: HTMLElement | null = null;
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } });
function draw(node: preact.ComponentChild): HTMLElement {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root!));
  return root;
}

describe("penalties", () => {
  it("lists each penalty with its kind, infraction, judge and reason, and a player's own record", () => {
    const list = [
      penalty({ kind: "game_loss", infraction: "tardiness", reason: "late" }),
      penalty({ player: "bo", kind: "warning", infraction: "unsporting_conduct_minor", judge: "Olga" }),
      penalty({ player: null, kind: "time_extension", infraction: "ruling_or_deck_check", minutes: 600 }),
    ];
    const page = draw(<PenaltyList ev={ev(list)} name={name} />);
    const items = [...page.querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toEqual([
      "Round 1, table 1: Ann — Game loss (Tardiness), by Jo: late",
      "Round 1, table 1: Bo — Warning (Unsporting conduct — minor), by Olga",
      "Round 1, table 1: Time extension of 600 min (Long ruling or deck check), by Jo",
    ]);
    render(null, root!);
    const mine = draw(<PenaltyList ev={ev(list)} name={name} player="ann" />);
    expect([...mine.querySelectorAll("li")].length).toBe(2); // her game loss and her table's extension
  });

  it("sends a time extension with its minutes, and other penalties without", () => {
    const submit = vi.fn();
    const form = draw(<PenaltyForm player="ann" submit={submit} />);
    const kind = form.querySelector<HTMLSelectElement>("#pen-kind-ann")!;
    act(() => { kind.value = "time_extension"; kind.dispatchEvent(new Event("change")); });
    const minutes = form.querySelector<HTMLInputElement>("#pen-minutes-ann")!;
    act(() => { minutes.value = "90"; minutes.dispatchEvent(new Event("input")); });
    act(() => { form.querySelector("form")!.dispatchEvent(new Event("submit")); });
    expect(submit).toHaveBeenCalledWith({ player: "ann", kind: "time_extension", infraction: "tardiness", reason: "", minutes: 90 });
    act(() => { kind.value = "game_loss"; kind.dispatchEvent(new Event("change")); });
    expect(form.querySelector("#pen-minutes-ann")).toBeNull();
    act(() => { form.querySelector("form")!.dispatchEvent(new Event("submit")); });
    expect(submit).toHaveBeenLastCalledWith({ player: "ann", kind: "game_loss", infraction: "tardiness", reason: "" });
  });

  it("shows the judge's desk to the organizer and judges only, with a judge view button per table", () => {
    expect(draw(<JudgeDesk ev={ev([])} me="ann" name={name} onChange={() => undefined} />).textContent).toBe("");
    render(null, root!);
    const judge = draw(<JudgeDesk ev={ev([], [{ account_id: "jo", name: "Jo" }])} me="jo" name={name} onChange={() => undefined} />);
    const buttons = [...judge.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons).toContain("Judge view: table 1");
    expect(judge.querySelector("#judge-id")).toBeNull(); // appointing is the organizer's
    expect(judge.querySelectorAll("details").length).toBe(2); // a penalty form per player
  });
});

describe("judge view", () => {
  const card = (slug: string) => ({ id: 1, card: slug });
  const player = (seat: "A" | "B") => ({
    seat, hp: 30, rounds_won: 0, hand_count: null, hand: [card("zz-usher")], deck_count: 2, discard: [], bench_count: null,
    bench: [card("bench-hero")], action_meter: [], meter_slots: 5, mulliganed: false, allotted_gem_used: false, attacked_this_turn: false,
    heroes: (["left", "center", "right", "back"] as const).map((position) => ({ position, face_down: position === "back", hero: card(`${position}-hero`), level: 1, atk: 3, def: 2, gems: [] })),
  });
  it("dumps every hand, bench and deck, read-only", () => {
    const board = {
      round: 1, table: 2, room_id: "r", players: ["Ann", "Bo"], game: 0,
      view: { board: { turn: 3, round: 1, active: "A", pending: null, players: [player("A"), player("B")] }, decks: [[card("top"), card("next")], [card("b-top")]] },
    } as unknown as JudgeBoard;
    const page = draw(<JudgeBoardView board={board} />);
    const a = page.querySelector("[data-testid=judge-seat-A]")!.textContent!;
    expect(a).toContain("Ann (seat A)");
    expect(a).toContain("Hand: zz-usher");
    expect(a).toContain("Bench: bench-hero");
    expect(a).toContain("back: back-hero (face down)");
    expect(a).toContain("Deck, top first (2): top, next");
    expect(page.querySelector("input, select")).toBeNull();
  });

  it("tells the table a judge is watching", () => {
    const room = { judge_watching: { judge: "Jo", at_ms: 1 } } as unknown as RoomInfo;
    expect(draw(<JudgeWatchingBanner room={room} />).textContent).toBe("A judge is watching this table (Jo).");
    render(null, root!);
    expect(draw(<JudgeWatchingBanner room={{} as RoomInfo} />).textContent).toBe("");
  });
});
