import { describe, expect, it } from "vitest";
import type { Seat } from "./gen/Seat";
import { clockwiseFromBottom, relation, tableLayout } from "./table";

const ALL: Seat[] = ["A", "B", "C", "D", "E", "F"];

describe("tableLayout: the viewer at the bottom, the others clockwise from the viewer's left (MP-3)", () => {
  it("keeps the two-player board: the opponent across, nobody at the sides", () => {
    expect(tableLayout(["A", "B"], "A")).toEqual({ bottom: "A", left: null, top: ["B"], right: null });
    expect(tableLayout(["A", "B"], "B")).toEqual({ bottom: "B", left: null, top: ["A"], right: null });
    expect(tableLayout(["A", "B"], null)).toEqual({ bottom: "A", left: null, top: ["B"], right: null });
  });

  it("puts the next seat in letter order on the left and the previous one on the right", () => {
    expect(tableLayout(["A", "B", "C"], "B")).toEqual({ bottom: "B", left: "C", top: [], right: "A" });
    // MP-3's example: A's left opponent is B, the right opponent D, C across.
    expect(tableLayout(["A", "B", "C", "D"], "A")).toEqual({ bottom: "A", left: "B", top: ["C"], right: "D" });
    expect(tableLayout(["A", "B", "C", "D"], "C")).toEqual({ bottom: "C", left: "D", top: ["A"], right: "B" });
    expect(tableLayout(["A", "B", "C", "D", "E"], "E")).toEqual({ bottom: "E", left: "A", top: ["B", "C"], right: "D" });
    expect(tableLayout(ALL, "D")).toEqual({ bottom: "D", left: "E", top: ["F", "A", "B"], right: "C" });
  });

  it("shows a spectator the table from seat A", () => {
    expect(tableLayout(["A", "B", "C"], null)).toEqual({ bottom: "A", left: "B", top: [], right: "C" });
    expect(tableLayout(["A", "B", "C", "D", "E"], null)).toEqual({ bottom: "A", left: "B", top: ["C", "D"], right: "E" });
    expect(tableLayout(ALL, null)).toEqual({ bottom: "A", left: "B", top: ["C", "D", "E"], right: "F" });
  });

  it("for 2 to 6 seats and every viewer and the spectator: each seat once, in clockwise order from the viewer", () => {
    for (let n = 2; n <= 6; n++) {
      const seats = ALL.slice(0, n);
      for (const viewer of [...seats, null]) {
        const t = tableLayout(seats, viewer);
        const order = clockwiseFromBottom(t);
        const start = viewer === null ? 0 : seats.indexOf(viewer);
        expect(order).toEqual(seats.map((_, k) => seats[(start + k) % n]));
        expect(t.top).toHaveLength(n === 2 ? 1 : n - 3);
        expect(t.left === null && t.right === null).toBe(n === 2);
      }
    }
  });

  it("refuses a table of one", () => {
    expect(() => tableLayout(["A"], "A")).toThrow(/2 to 6 seats/);
  });
});

describe("relation: what a seat is to the viewer among the living (MP-3, MP-12, MP-24)", () => {
  const four: Seat[] = ["A", "B", "C", "D"];
  it("names the left and right opponents and the rest as across", () => {
    expect(four.map((s) => relation(four, four, "A", s))).toEqual([null, "your left opponent", "across the table", "your right opponent"]);
  });
  it("closes the circle over an eliminated seat, which has no relation", () => {
    const living: Seat[] = ["A", "C", "D"];
    expect(four.map((s) => relation(four, living, "A", s))).toEqual([null, null, "your left opponent", "your right opponent"]);
    expect(relation(four, living, "B", "A")).toBeNull();
  });
  it("with two left, the one opponent is both (MP-12)", () => {
    expect(relation(four, ["A", "C"], "A", "C")).toBe("your left and right opponent");
  });
});
