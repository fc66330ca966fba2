// The waiting room of a table for 3-6 (issue 16, plan section 9): how many seats are taken, and for the host
// "Start now", which fills the empty seats with computers (`POST /api/rooms/{id}/start`). The server decides
// who the host is (the room's creator), names the seat they hold in `RoomInfo.host` and refuses anyone else's
// start; the button is offered to the viewer sitting in that seat.
import { useState } from "preact/hooks";
import { api } from "../api";
import type { Seat } from "../gen/Seat";
import type { RoomInfo } from "../protocol";

export function TableLobby({ room, seat, onRoom }: { room: RoomInfo; seat: Seat | null; onRoom: (r: RoomInfo) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (room.seats.length <= 2 || room.status !== "waiting") return null;
  const taken = room.seats.filter(Boolean).length;
  const host = seat !== null && room.host === seat;
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      onRoom(await api.startRoom(room.id));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="table-lobby panel" aria-labelledby="table-lobby-h">
      <h2 id="table-lobby-h">A table for {room.seats.length}</h2>
      <p data-testid="table-seats">{taken} of {room.seats.length} seats taken. The game starts when every seat is taken{host ? ", or when you start it" : ", or when the host starts it"}.</p>
      {host ? (
        <button type="button" class="primary" disabled={busy || taken === 0} onClick={start}>
          {busy ? "Starting…" : "Start now (computers fill empty seats)"}
        </button>
      ) : null}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}
