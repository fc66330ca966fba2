// An opponent who left mid-game (docs/protocol.md, "Leaving"): the server says when the claim opens
// (`claim_win_at_ms` on the away seat); until then a countdown, then "Claim the win" or "Keep waiting". A reconnect
// clears it (the next `room` frame has no `claim_win_at_ms`).
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { RoomInfo } from "../gen/RoomInfo";
import type { Seat } from "../gen/Seat";

/** "0:42" for the seconds until `at`, or null once it has passed. */
export function countdown(at: number, now: number): string | null {
  const left = Math.ceil((at - now) / 1000);
  if (left <= 0) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

export function OpponentLeft({ room, seat, names, onRoom }: {
  room: RoomInfo; seat: Seat | null; names: Partial<Record<Seat, string>>; onRoom: (r: RoomInfo) => void;
}) {
  const away = room.seats.find((s) => s && s.seat !== seat && s.claim_win_at_ms != null);
  const [now, setNow] = useState(Date.now());
  const [waiting, setWaiting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const at = away?.claim_win_at_ms ?? null;
  useEffect(() => {
    if (at === null) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [at]);
  if (!seat || !away || at === null || waiting === at) return null;
  const who = names[away.seat] ?? away.display_name;
  const left = countdown(at, now);
  const claim = () => api.claimWin(room.id).then(onRoom, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  return (
    <div class="opponent-left" role="status" data-testid="opponent-left">
      <p><strong>{who} has left the game.</strong>{" "}
        {left ? <>If they do not come back, you may claim the win in <span data-testid="claim-countdown">{left}</span>.</> : "You may claim the win, or keep waiting."}</p>
      {left ? null : (
        <p class="row">
          <button type="button" class="primary" onClick={claim}>Claim the win</button>
          <button type="button" class="ghost" onClick={() => setWaiting(at)}>Keep waiting</button>
        </p>
      )}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </div>
  );
}
