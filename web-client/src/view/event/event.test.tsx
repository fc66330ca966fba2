// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type EventView, type Standings, type TableView, tournaments } from "../../tournament";
import { useActions } from "./actions";
import { PrintView } from "./print";
import { StandingsTable } from "./standings";
import { Console } from "./console";
import { ConsoleTables } from "./tables";
import { Pairings } from "./sections";

const players = ["ann", "bob", "cy", "dee", "eve"];
const names: Record<string, string> = { ann: "Ann", bob: "Bob", cy: "Cy", dee: "Dee", eve: "Eve" };
const name = (p: string) => names[p] ?? p;
const table = (n: number, a: string, b: string, result: TableView["result"] = { games: [] }): TableView =>
  ({ table: n, players: [a, b], room_id: `r${n}`, result, extension_minutes: 0, time_called: false, arrived: [true, true] });
const ev: EventView = {
  id: "e1", organizer_id: "org", status: "running", champion: null, over: false, next_round_blocked: null, checked_in: [], provisional_bracket: [], warnings: [], swiss_rounds: 3, announcements: [], judges: [], penalties: [], featured: null,
  rounds: [{ number: 1, started_at_ms: 0, time_called_at_ms: 1, no_show_at_ms: null, byes: ["eve"],
    tables: [table(1, "dee", "ann"), table(2, "bob", "cy", { games: [{ result: "win", winner: "cy" }, { result: "win", winner: "cy" }] })] }],
  log: { format: "", name: "Friday Blend", seed: 1, roster: [], rounds: [], corrections: [], players: players.map((id) => ({ id, name: names[id]!, entered_round: 1 })),
    settings: { structure: { kind: "swiss", rounds: 3, top_cut: null }, games_per_match: 3, next_game_chooser: "loser", round_minutes: 45, end_of_round: { extra_turns: 3 }, spectator_delay_seconds: 0 } },
};
const standing = (player: string, rank: number, points: number) => ({
  rank, player, name: names[player]!, match_points: points, record: { won: points / 3, lost: 0, drawn: 0 }, games: { won: 2, lost: 0, drawn: 0 },
  omw: "2/3", gw: "1/1", ogw: "1/3", mw: "1/1", active: true, byes: player === "eve" ? 1 : 0, opponents: player === "eve" ? [] : ["ann"],
});
const standings: Standings = { rounds: 1, players: [standing("cy", 1, 3), standing("eve", 2, 3), standing("ann", 3, 0)] };

let root: HTMLElement | null = null;
afterEach(() => { if (root) { render(null, root); root.remove(); root = null; } vi.restoreAllMocks(); });
function mount(node: preact.ComponentChild) {
  root = document.createElement("div");
  document.body.append(root);
  act(() => render(node, root!));
  return root;
}
const button = (label: string) => [...root!.querySelectorAll("button")].find((b) => b.textContent === label);
const click = async (label: string) => {
  const b = button(label);
  if (!b) throw new Error(`no button "${label}" in ${[...root!.querySelectorAll("button")].map((x) => x.textContent).join(" | ")}`);
  await act(async () => { b.click(); await Promise.resolve(); });
};

function Harness({ onChange }: { onChange: (e: EventView) => void }) {
  const { run, ui } = useActions(ev, onChange);
  return <>{ui}<ConsoleTables ev={ev} round={ev.rounds[0]!} name={name} run={run} /></>;
}

describe("the console by table", () => {
  it("shows each table's state and only the actions that fit it", () => {
    mount(<Harness onChange={() => undefined} />);
    const cards = [...root!.querySelectorAll("[data-testid^=console-table-]")];
    expect(cards.map((c) => c.querySelector("[data-testid=table-state]")!.textContent)).toEqual(["playing game 1", "result: Cy 2–0"]);
    expect([...cards[1]!.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Correct table 2"]);
    expect(root!.textContent).toContain("Bye: Eve");
  });

  it("asks before a match loss, says what changes, and offers its undo: a correction back to the result before", async () => {
    const judged = { ...ev };
    const judge = vi.spyOn(tournaments, "judge").mockResolvedValue(judged);
    const correct = vi.spyOn(tournaments, "correct").mockResolvedValue(judged);
    const changed = vi.fn();
    mount(<Harness onChange={changed} />);
    await click("Match loss: Dee");
    const dialog = root!.querySelector("[role=dialog]")!;
    expect(dialog.textContent).toContain("Dee gets a match loss at round 1, table 1 (Dee – Ann)");
    expect(judge).not.toHaveBeenCalled();
    await click("Cancel");
    expect(root!.querySelector("[role=dialog]")).toBeNull();
    await click("Match loss: Dee");
    await click("Confirm");
    expect(judge).toHaveBeenCalledWith("e1", 1, 1, { action: "match_loss", player: "dee", reason: "judge's ruling" });
    expect(changed).toHaveBeenCalledWith(judged);
    expect(root!.querySelector("[data-testid=toast]")!.textContent).toBe("Match loss: Dee (round 1)");
    await click("Undo");
    expect(correct).toHaveBeenCalledWith("e1", 1, 1, { games: [] }, "undo: Match loss: Dee (round 1)");
    expect(root!.querySelector("[data-testid=toast]")!.textContent).toBe("Undone: Match loss: Dee (round 1)");
    expect(button("Undo")).toBeUndefined();
  });

  it("records a score from inputs that show their digits", async () => {
    const correct = vi.spyOn(tournaments, "correct").mockResolvedValue(ev);
    mount(<Harness onChange={() => undefined} />);
    await click("Record a result at table 1");
    const form = root!.querySelector("[aria-label='Score for table 1']")!;
    const inputs = [...form.querySelectorAll("input")];
    expect(inputs.every((i) => i.type === "number" && i.classList.contains("score"))).toBe(true);
    await act(async () => { inputs[1]!.value = "2"; inputs[1]!.dispatchEvent(new Event("input", { bubbles: true })); });
    expect(inputs[1]!.value).toBe("2");
    await click("Record 0–2–0");
    expect(root!.querySelector("[role=dialog]")!.textContent).toContain("Table 1: Dee 0–2–0 Ann");
    await click("Confirm");
    expect(correct).toHaveBeenCalledWith("e1", 1, 1, { games: [{ result: "win", winner: "ann" }, { result: "win", winner: "ann" }] }, "recorded by the organizer");
  });

  it("keeps the table's warnings and time extensions when it records a score", async () => {
    const correct = vi.spyOn(tournaments, "correct").mockResolvedValue(ev);
    const judge: TableView["result"]["judge"] = [{ action: "warning", player: "dee", reason: "slow play" }, { action: "time_extension", minutes: 5 }];
    const warned: EventView = { ...ev, rounds: [{ ...ev.rounds[0]!, tables: [table(1, "dee", "ann", { games: [], judge })] }] };
    function Warned() {
      const { run, ui } = useActions(warned, () => undefined);
      return <>{ui}<ConsoleTables ev={warned} round={warned.rounds[0]!} name={name} run={run} /></>;
    }
    mount(<Warned />);
    await click("Record a result at table 1");
    const [dee] = [...root!.querySelector("[aria-label='Score for table 1']")!.querySelectorAll("input")];
    await act(async () => { dee!.value = "2"; dee!.dispatchEvent(new Event("input", { bubbles: true })); });
    await click("Record 2–0–0");
    await click("Confirm");
    expect(correct).toHaveBeenCalledWith("e1", 1, 1, { games: [{ result: "win", winner: "dee" }, { result: "win", winner: "dee" }], judge }, "recorded by the organizer");
  });

  it("records a score where nobody has the games needed as a match ended at time", async () => {
    const correct = vi.spyOn(tournaments, "correct").mockResolvedValue(ev);
    mount(<Harness onChange={() => undefined} />);
    await click("Record a result at table 1");
    const inputs = [...root!.querySelector("[aria-label='Score for table 1']")!.querySelectorAll("input")];
    for (const i of inputs) await act(async () => { i.value = "1"; i.dispatchEvent(new Event("input", { bubbles: true })); });
    await click("Record 1–1–1");
    expect(root!.querySelector("[role=dialog]")!.textContent).toContain("Nobody has 2 game wins: the match is recorded as ended at time.");
    await click("Confirm");
    const games = [{ result: "win", winner: "ann" }, { result: "draw" }, { result: "win", winner: "dee" }];
    expect(correct).toHaveBeenCalledWith("e1", 1, 1, { games, end: "time" }, "recorded by the organizer");
  });
});

describe("pairing round 1", () => {
  function Page({ e }: { e: EventView }) {
    const { run, ui } = useActions(e, () => undefined);
    return <>{ui}<Console ev={e} name={name} run={run} act={(f) => run({ title: "", detail: "", call: f, confirm: false })} /></>;
  }
  it("asks first when it drops players who have not checked in, and names them", async () => {
    const start = vi.spyOn(tournaments, "startRound").mockResolvedValue(ev);
    const before: EventView = { ...ev, status: "closed", rounds: [], checked_in: ["ann", "bob", "cy"], log: { ...ev.log, settings: { ...ev.log.settings, check_in: true } } };
    mount(<Page e={before} />);
    await click("Pair and start round 1");
    expect(root!.querySelector("[role=dialog]")!.textContent).toContain("Dee, Eve have not checked in and are dropped before round 1");
    expect(start).not.toHaveBeenCalled();
    await click("Confirm");
    expect(start).toHaveBeenCalledWith("e1");
  });
  it("pairs at once when everyone has checked in", async () => {
    const start = vi.spyOn(tournaments, "startRound").mockResolvedValue(ev);
    mount(<Page e={{ ...ev, status: "closed", rounds: [], checked_in: players }} />);
    await click("Pair and start round 1");
    expect(root!.querySelector("[role=dialog]")).toBeNull();
    expect(start).toHaveBeenCalledWith("e1");
  });
});

describe("an earlier round's tables", () => {
  it("are shown on request, to correct one of their results", async () => {
    const correct = vi.spyOn(tournaments, "correct").mockResolvedValue(ev);
    const round2 = { ...ev.rounds[0]!, number: 2, byes: [], tables: [table(1, "ann", "eve"), table(2, "cy", "bob")] };
    const e: EventView = { ...ev, rounds: [ev.rounds[0]!, round2] };
    function Page() {
      const { run, ui } = useActions(e, () => undefined);
      return <>{ui}<Console ev={e} name={name} run={run} act={() => undefined} /></>;
    }
    mount(<Page />);
    expect(root!.querySelector("#tables-h")!.textContent).toBe("Round 2: tables");
    expect(button("Correct table 2")).toBeUndefined();
    const select = root!.querySelector<HTMLSelectElement>("#console-round")!;
    expect([...select.options].map((o) => o.textContent)).toEqual(["1", "2 (latest)"]);
    await act(async () => { select.value = "1"; select.dispatchEvent(new Event("change")); await Promise.resolve(); });
    expect(root!.querySelector("#tables-h")!.textContent).toBe("Round 1: tables");
    expect(root!.textContent).toContain("Round 1 is over:");
    await click("Correct table 2");
    const form = root!.querySelector<HTMLFormElement>("[aria-label='Score for table 2']")!;
    const [bob] = [...form.querySelectorAll("input")];
    await act(async () => { bob!.value = "2"; bob!.dispatchEvent(new Event("input")); await Promise.resolve(); });
    await act(async () => { form.requestSubmit(); await Promise.resolve(); });
    await click("Confirm");
    expect(correct).toHaveBeenCalledWith("e1", 1, 2, expect.anything(), expect.any(String));
  });
});

describe("standings", () => {
  it("shows every tiebreaker as a percentage, with the exact fraction", () => {
    mount(<StandingsTable standings={standings} />);
    expect([...root!.querySelectorAll("thead th")].map((t) => t.textContent)).toEqual(["Rank", "Player", "Points", "Record", "Byes", "OMW%", "GW%", "OGW%", "Opponents"]);
    const first = [...root!.querySelectorAll("tbody tr")[0]!.querySelectorAll("td")].map((t) => t.textContent);
    expect(first).toEqual(["1", "Cy", "3", "1–0–0", "0", "66.67", "100.00", "33.33", "Ann"]);
  });
});

describe("print pages", () => {
  const text = (sel: string) => [...root!.querySelectorAll(sel)].map((e) => e.textContent);
  it("pairings by table, and alphabetically by name with the bye", () => {
    mount(<PrintView ev={ev} standings={standings} kind="pairings" />);
    expect(root!.querySelector("h1")!.textContent).toBe("Friday Blend: Pairings by table");
    expect(text("tbody tr")).toEqual(["1Dee0Ann0", "2Bob0Cy3", "–Eve3bye"]);
    render(null, root!);
    act(() => render(<PrintView ev={ev} standings={standings} kind="pairings-by-name" />, root!));
    expect(text("tbody tr td:first-child")).toEqual(["Ann", "Bob", "Cy", "Dee", "Eve"]);
  });
  it("a result slip per table with boxes to fill, the standings and the seating", () => {
    mount(<PrintView ev={ev} standings={standings} kind="slips" />);
    expect(text(".slip h2")).toEqual(["Table 1 · Friday Blend · round 1", "Table 2 · Friday Blend · round 1"]);
    expect(root!.querySelectorAll(".slip td.box").length).toBe(8);
    render(null, root!);
    act(() => render(<PrintView ev={ev} standings={standings} kind="standings" />, root!));
    expect(text("tbody tr td:nth-child(2)")).toEqual(["Cy", "Eve", "Ann"]);
    render(null, root!);
    act(() => render(<PrintView ev={ev} standings={standings} kind="seatings" />, root!));
    expect(text("tbody tr")).toEqual(["Ann11", "Bob21", "Cy32", "Dee42", "Eve53"]);
  });
});

describe("spectators", () => {
  const round2 = { number: 2, started_at_ms: 0, time_called_at_ms: 1, no_show_at_ms: null, byes: [], tables: [table(1, "cy", "eve"), table(2, "ann", "bob")] };
  const later: EventView = { ...ev, rounds: [...ev.rounds, round2], featured: { round: 2, table: 2 } };
  const links = () => [...root!.querySelectorAll("a")].map((a) => [a.getAttribute("aria-label"), a.getAttribute("href")]);
  it("shows the featured table first, Watch for a table playing and Replays for one with a result", () => {
    mount(<Pairings ev={later} name={name} />);
    expect(root!.querySelector("[data-testid=featured-table]")!.textContent).toBe("★ Featured table 2: Ann – Bob · playing · Watch");
    expect(links().slice(0, 3)).toEqual([["Watch: Ann – Bob", "/rooms/r2?watch"], ["Watch: Cy – Eve", "/rooms/r1?watch"], ["Watch: Ann – Bob", "/rooms/r2?watch"]]);
    const earlier = root!.querySelector("[data-testid=earlier-rounds]")!;
    expect([...earlier.querySelectorAll("a")].map((a) => a.textContent)).toEqual(["Watch", "Replays"]);
    expect(earlier.querySelectorAll("[data-testid]").length).toBe(0);
  });
  it("features nothing from an earlier round, and shows no earlier rounds in round 1", () => {
    mount(<Pairings ev={{ ...ev, featured: { round: 2, table: 1 } }} name={name} />);
    expect(root!.querySelector("[data-testid=featured-table]")).toBeNull();
    expect(root!.querySelector("[data-testid=earlier-rounds]")).toBeNull();
  });
  it("the console features a table and stops featuring it, without asking", async () => {
    const feature = vi.spyOn(tournaments, "feature").mockResolvedValue(later);
    mount(<Harness onChange={() => {}} />);
    await click("☆ Feature for spectators");
    expect(feature).toHaveBeenCalledWith("e1", 1);
    expect(root!.querySelector("[role=dialog]")).toBeNull();
  });
});
