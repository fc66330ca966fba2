// Between games: the series score, and the next game (or a rematch) offered from the result — with the loser's
// choice to go first or second (the server's `rematch {go_first}`), and nothing once the server says a best of 3
// is decided (`RoomInfo.series_winner`; it also refuses a further game then).
import { useState } from "preact/hooks";
import { linkClick } from "../router";
import { api } from "../api";
import type { MatchEndReason } from "../gen/MatchEndReason";
import type { Seat } from "../gen/Seat";
import type { RoomInfo } from "../protocol";

/** Games won per seat, from the room's results (a tally of what the server reported, no rules). */
export function seriesScore(room: RoomInfo): Record<Seat, number> {
  const score: Record<Seat, number> = { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 };
  for (const g of room.games) if (g.winner) score[g.winner]++;
  return score;
}

export function SeriesScore({ room, names }: { room: RoomInfo; names: Partial<Record<Seat, string>> }) {
  if (room.best_of !== 3) return <span>One game</span>;
  const s = seriesScore(room);
  const winner = room.series_winner;
  return (
    <span class="series" data-testid="series">
      Best of 3 · {names.A ?? "Seat A"} {s.A}–{s.B} {names.B ?? "Seat B"}
      {winner ? <strong> · {names[winner] ?? `Seat ${winner}`} wins the series</strong> : null}
    </span>
  );
}

/** What the players are told once the tournament has called time on their table (docs/tournaments.md). */
export function RoundTimeNotice({ room }: { room: RoomInfo }) {
  const t = room.round_time;
  if (!t || room.match_end) return null;
  const last = t.last_turn === null ? "" : ` This game ends after turn ${t.last_turn}; the time rule decides it if it is still going.`;
  const deciding = t.deciding_game ? " Time decided the last game and levelled the match: this game decides it." : "";
  return <p class="panel round-time" role="status" data-testid="round-time">Time has been called on this table.{deciding}{last}</p>;
}

/** Why the tournament ended a table's match, in the players' words. */
const MATCH_END: Record<MatchEndReason, string> = {
  time: "time", concession: "concession", intentional_draw: "intentional draw", no_show: "no-show", judge: "judge",
  organizer: "result recorded by the organizer",
  reset: "an earlier result was corrected: this match is played again at a new table",
};

export function NextGame({ room, seat, onRoom }: { room: RoomInfo; seat: Seat; onRoom: (r: RoomInfo) => void }) {
  const [error, setError] = useState<string | null>(null);
  if (room.match_end) return <p class="panel next-game" role="status" data-testid="match-ended">The tournament has ended this match ({MATCH_END[room.match_end]}): see the event page for the result.</p>;
  if (room.status !== "finished" || room.series_winner) return null;
  // An event table plays its match and no more: no rematch (the page offers the way back to the event).
  if (room.event && room.best_of !== 3) return null;
  const last = room.games[room.games.length - 1];
  // A table of 3-6 (issue 16): the seed picks who chooses the turn order (MP-4), so nobody is asked here.
  const table = room.seats.length > 2;
  // The previous game's loser chooses (MTR 2.2), or its winner at a tournament table that says so.
  const winnerChooses = room.next_game_chooser === "winner";
  const chooses = !table && !!last?.winner && (last.winner === seat) === winnerChooses;
  const asked = room.seats.some((s) => s && s.seat === seat && s.rematch);
  const theyAsked = room.seats.some((s) => s && s.seat !== seat && s.rematch);
  const next = room.best_of === 3 ? `game ${room.games.length + 1}` : "a rematch";
  // The computer always agrees: against it the next game is one press away.
  const vsComputer = room.seats.every((s) => !s || s.seat === seat || s.bot);
  const ask = (goFirst?: boolean) => {
    setError(null);
    api.rematch(room.id, goFirst).then(onRoom, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  if (asked) return <p class="panel next-game" role="status">Waiting for the other {table ? "players" : "player"} to agree to {next}…</p>;
  return (
    <section class="panel next-game" aria-label="Next game">
      <p>{theyAsked ? `${table ? "Another player" : "Your opponent"} wants ${next}.` : `Play ${next}?`}{chooses ? ` You ${winnerChooses ? "won" : "lost"} the last game, so you choose who goes first.` : ""}</p>
      <div class="row">
        {chooses ? (
          <>
            <button type="button" class="primary" onClick={() => ask(true)}>Start {next} — I go first</button>
            <button type="button" onClick={() => ask(false)}>Start {next} — they go first</button>
          </>
        ) : (
          <button type="button" class="primary" onClick={() => ask()}>{theyAsked ? `Accept ${next}` : vsComputer ? `Play ${next}` : `Ask for ${next}`}</button>
        )}
      </div>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}

/**
 * The end screen's next steps (issue 43): the series so far (a best of 3), the next game or a rematch for a player,
 * back to the lobby, and the replay of the game just played.
 */
export function NextSteps({ room, names, seat, onRoom }: {
  room: RoomInfo; names: Partial<Record<Seat, string>>; seat: Seat | null; onRoom: (r: RoomInfo) => void;
}) {
  const last = room.games[room.games.length - 1];
  const s = seriesScore(room);
  const you = (x: Seat) => (x === seat ? "You" : names[x] ?? `Seat ${x}`);
  return (
    <div class="next-steps">
      {room.best_of === 3 ? (
        <p class="result-series" data-testid="series-result">
          {room.series_winner ? <strong>{you(room.series_winner)} {room.series_winner === seat ? "win" : "wins"} the series </strong> : "Best of 3, "}
          {you("A")} {s.A}–{s.B} {you("B")}
        </p>
      ) : null}
      {seat ? <NextGame room={room} seat={seat} onRoom={onRoom} /> : null}
      <p class="row end-links">
        <a href="/" onClick={linkClick}>Back to the lobby</a>
        {last ? <a href={`/replays/${encodeURIComponent(last.match_id)}?room=${encodeURIComponent(room.id)}${seat ? `&seat=${seat}` : ""}`} onClick={linkClick}>Watch the replay</a> : null}
      </p>
    </div>
  );
}
