// Where each seat's board sits on the screen (issue 16, docs/design/multiplayer-engine.md section 9): the viewer
// at the bottom, the others clockwise from the viewer's left — the left opponent on the left, the right opponent
// on the right, the rest across the top. Seats sit in letter order clockwise seen from above (MP-3), so from the
// bottom the next seat in letter order is on the left, and going on clockwise crosses the top from left to right
// and comes down on the right. A spectator sees the table from seat A. Pure: no view, no DOM.
import type { Seat } from "./gen/Seat";

export interface TableLayout {
  bottom: Seat;
  /** The seat at the viewer's left (next in letter order); null in the two-player game. */
  left: Seat | null;
  /** Across the table, left to right as drawn; in the two-player game the one opponent. */
  top: Seat[];
  /** The seat at the viewer's right (previous in letter order); null in the two-player game. */
  right: Seat | null;
}

/**
 * `seats`: the match's seats in letter order (`view.players`' seats). Eliminated seats keep their chairs, so the
 * table does not move when someone is out; who may be attacked is drawn from the engine's preview instead.
 */
export function tableLayout(seats: readonly Seat[], viewer: Seat | null): TableLayout {
  if (seats.length < 2) throw new Error(`a table has 2 to 6 seats, not ${seats.length}`);
  const at = viewer === null ? 0 : seats.indexOf(viewer);
  const i = at < 0 ? 0 : at;
  const n = seats.length;
  const clockwise = (k: number) => seats[(i + k) % n]!;
  // The two-player board keeps its look: the opponent across, nobody at the sides.
  if (n === 2) return { bottom: clockwise(0), left: null, top: [clockwise(1)], right: null };
  return {
    bottom: clockwise(0),
    left: clockwise(1),
    top: Array.from({ length: n - 3 }, (_, k) => clockwise(k + 2)),
    right: clockwise(n - 1),
  };
}

/** Every seat of the layout from the bottom, clockwise (the order a keyboard and a screen reader meet them). */
export function clockwiseFromBottom(t: TableLayout): Seat[] {
  return [t.bottom, ...(t.left ? [t.left] : []), ...t.top, ...(t.right ? [t.right] : [])];
}

/**
 * What `seat` is to `me` among the living (MP-3, MP-24: the circle closes over the eliminated): "left opponent",
 * "right opponent" (both with two left, MP-12), or "across" for the rest; null for `me` or an eliminated seat.
 */
export function relation(seats: readonly Seat[], living: readonly Seat[], me: Seat, seat: Seat): string | null {
  if (seat === me || !living.includes(seat) || !living.includes(me)) return null;
  const circle = seats.filter((s) => living.includes(s));
  const i = circle.indexOf(me);
  const left = circle[(i + 1) % circle.length];
  const right = circle[(i + circle.length - 1) % circle.length];
  if (seat === left && seat === right) return "your left and right opponent";
  if (seat === left) return "your left opponent";
  if (seat === right) return "your right opponent";
  return "across the table";
}
