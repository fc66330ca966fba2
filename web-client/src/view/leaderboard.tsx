// The leaderboard of a format (/leaderboard?format=bo1): established players best first, and the reader's own
// place (docs/ratings.md, "Shown ratings").
import { useEffect, useState } from "preact/hooks";
import { loadFailure } from "../api";
import { FORMATS, type Format, type Leaderboard, playApi } from "../playnow";
import { linkClick, navigate } from "../router";
import type { BoardEntry } from "../gen/BoardEntry";

function profileHref(e: BoardEntry): string {
  return `/players/${encodeURIComponent(e.username ?? e.id)}`;
}

export function LeaderboardPage({ format }: { format: Format }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setBoard(null);
    setError(null);
    playApi.leaderboard(format).then(setBoard, (e: unknown) => setError(loadFailure(e, "This server has no leaderboard yet.", "No such leaderboard.")));
  }, [format]);
  return (
    <section class="panel leaderboard" aria-labelledby="board-h">
      <h1 id="board-h">Leaderboard</h1>
      <div class="row" role="tablist" aria-label="Format">
        {FORMATS.map((f) => (
          <button key={f.value} type="button" role="tab" aria-selected={f.value === format} class={f.value === format ? "primary" : "ghost"}
            onClick={() => navigate(`/leaderboard?format=${f.value}`)}>{f.label}</button>
        ))}
      </div>
      {error ? <p class="error" role="alert">{error}</p> : !board ? <p aria-busy="true">Loading…</p> : (
        <>
          {board.you ? (
            <p data-testid="board-you">You: {board.you.shown} after {board.you.games} rated game{board.you.games === 1 ? "" : "s"}
              {board.you.place ? `, place ${board.you.place}` : ` — listed once your rating is settled and you have played ${board.min_games}`}.</p>
          ) : null}
          {board.top.length ? (
            <table>
              <thead><tr><th>#</th><th>Player</th><th>Rating</th><th>Games</th></tr></thead>
              <tbody>
                {board.top.map((e) => (
                  <tr key={e.id}>
                    <td>{e.place}</td>
                    <td><a href={profileHref(e)} onClick={linkClick}>{e.display_name}</a></td>
                    <td>{e.shown}</td>
                    <td>{e.games}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : <p class="empty">Nobody is listed yet: players appear after {board.min_games} rated games, once their rating is settled.</p>}
        </>
      )}
    </section>
  );
}
