// An opponent who left mid-game (docs/protocol.md, "Leaving"): the server says when the claim opens
// (`claim_win_at_ms` on the away seat); until then a countdown, then "Claim the win", "Call it a draw" (casual
// games only: in a rated one the leaver loses) or "Keep waiting". A reconnect clears it (the next `room` frame has
// no `claim_win_at_ms`). A game called a draw stops where it stood, so the board has no result: `DrawnNotice` says it.
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
  const failed = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
  const claim = () => api.claimWin(room.id).then(onRoom, failed);
  const draw = () => api.claimDraw(room.id).then(onRoom, failed);
  const choices = room.rated ? "You may claim the win, or keep waiting." : "You may claim the win, call it a draw, or keep waiting.";
  return (
    <div class="opponent-left" role="status" data-testid="opponent-left">
      <p><strong>{who} has left the game.</strong>{" "}
        {left ? <>If they do not come back, you may claim the win{room.rated ? "" : " or call it a draw"} in <span data-testid="claim-countdown">{left}</span>.</> : choices}</p>
      {left ? null : (
        <p class="row">
          <button type="button" class="primary" onClick={claim}>Claim the win</button>
          {room.rated ? null : <button type="button" onClick={draw}>Call it a draw</button>}
          <button type="button" class="ghost" onClick={() => setWaiting(at)}>Keep waiting</button>
        </p>
      )}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </div>
  );
}

/** Whether the room's current game was called a draw (`GameEndReason` `drawn`): over, with no winner. */
export function drawnGame(room: RoomInfo): boolean {
  return room.games[room.games.length - 1]?.reason === "drawn";
}

/** The end of a game called a draw: the engine's game never ended, so the board shows no result of its own. */
export function DrawnNotice({ room }: { room: RoomInfo }) {
  if (!drawnGame(room)) return null;
  return (
    <p class="panel result" role="status" data-testid="game-drawn">
      <strong>The game is a draw.</strong> The other player left and did not come back, and the game was called a
      draw: nobody won, and no rating changed.
    </p>
  );
}
