// Takeback (docs/protocol.md, "Takeback"): in a casual two-player game a player may ask to take back their last
// action. The server says when it would accept (`may_take_back` on the seat: the last action is theirs and nothing
// hidden came out since), so "Take back" shows only then; the client knows no rules (a refusal's message is still
// shown, should the game move on meanwhile). The opponent sees the request (`takeback` on the asking seat) with
// Accept and Decline. The rewind itself arrives as an ordinary update, so nothing here touches the board.
import { useState } from "preact/hooks";
import { api } from "../api";
import type { RoomInfo } from "../gen/RoomInfo";
import type { Seat } from "../gen/Seat";

/** Whether takebacks exist in this room: casual (not rated, not an event's table), two seats, a game in play. */
export function takebacksApply(room: RoomInfo): boolean {
  return !room.rated && !room.event && room.seats.length === 2 && room.status === "playing";
}

export function Takeback({ room, seat, names, onRoom }: {
  room: RoomInfo; seat: Seat | null; names: Partial<Record<Seat, string>>; onRoom: (r: RoomInfo) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  if (!seat || !takebacksApply(room)) return null;
  const asker = room.seats.find((s) => s?.takeback) ?? null;
  const done = (r: RoomInfo) => { setError(null); onRoom(r); };
  const failed = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
  const shown = error ? <span class="error" role="alert"> {error}</span> : null;
  if (asker && asker.seat !== seat) {
    const who = names[asker.seat] ?? asker.display_name;
    return (
      <span class="takeback" role="status" data-testid="takeback-asked">
        <strong>{who} asks to take back their last action.</strong>{" "}
        <button type="button" class="primary" onClick={() => api.answerTakeback(room.id, true).then(done, failed)}>Accept</button>
        <button type="button" class="ghost" onClick={() => api.answerTakeback(room.id, false).then(done, failed)}>Decline</button>
        {shown}
      </span>
    );
  }
  if (asker) {
    return <span class="takeback small" role="status" data-testid="takeback-waiting">Takeback asked: waiting for your opponent’s answer.{shown}</span>;
  }
  if (!room.seats.some((s) => s?.seat === seat && s.may_take_back)) return shown;
  return (
    <span class="takeback">
      <button type="button" class="ghost" onClick={() => api.askTakeback(room.id).then(done, failed)}>Take back</button>
      {shown}
    </span>
  );
}
