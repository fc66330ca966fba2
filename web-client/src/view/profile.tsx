// A player's profile (/players/{name}): ratings per format with their history, record, recent rated games with
// replays; and the rating change shown at the end of a rated game (docs/ratings.md).
import { useEffect, useState } from "preact/hooks";
import { loadFailure } from "../api";
import type { Account, RoomInfo } from "../protocol";
import { type PlayerProfile, playApi, signed } from "../playnow";
import { linkClick } from "../router";
import type { RatedGameView } from "../gen/RatedGameView";

export function ProfilePage({ name }: { name: string }) {
  const [player, setPlayer] = useState<PlayerProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    playApi.player(name).then(setPlayer, (e: unknown) => setError(loadFailure(e, "This server has no profiles yet.", "No player has this name.")));
  }, [name]);
  if (error) return <section class="panel"><h1>{name}</h1><p class="error" role="alert">{error}</p></section>;
  if (!player) return <section class="panel"><p aria-busy="true">Loading…</p></section>;
  return (
    <section class="panel profile" aria-labelledby="profile-h">
      <h1 id="profile-h">{player.display_name}{player.username ? <span class="small"> @{player.username}</span> : null}</h1>
      {player.ratings.length ? (
        <ul class="ratings" aria-label="Ratings">
          {player.ratings.map((r) => (
            <li key={r.format} data-testid={`rating-${r.format}`}>
              <strong>{r.format === "bo3" ? "Best of three" : "One game"}: {r.shown}</strong> · {r.wins} won, {r.losses} lost
              <RatingChart games={player.history.filter((h) => h.format === r.format)} />
            </li>
          ))}
        </ul>
      ) : <p class="empty">No rated games yet.</p>}
      {player.history.length ? (
        <>
          <h2>Recent rated games</h2>
          <ol class="recent" aria-label="Recent rated games">
            {player.history.map((h) => (
              <li key={h.match_id}>
                {h.won ? "Won" : "Lost"} against {h.opponent} ({h.format}) · {h.rating_before} → {h.rating_after} ({signed(h.change)})
                {" · "}<a href={`/replays/${encodeURIComponent(h.match_id)}?room=${encodeURIComponent(h.room_id)}`} onClick={linkClick}>replay</a>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

/** The rating after each game, oldest first, as a small line chart. */
function RatingChart({ games }: { games: RatedGameView[] }) {
  if (games.length < 2) return null;
  const points = [...games].reverse().map((g) => g.rating_after);
  const [lo, hi] = [Math.min(...points), Math.max(...points)];
  const span = Math.max(hi - lo, 1);
  const w = 200;
  const h = 40;
  const path = points.map((p, i) => `${(i * w) / (points.length - 1)},${h - ((p - lo) * h) / span}`).join(" ");
  return (
    <svg class="rating-chart" width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`Rating from ${points[0]} to ${points[points.length - 1]}`}>
      <polyline points={path} fill="none" stroke="currentColor" stroke-width="2" />
    </svg>
  );
}

/** At the end of a rated game: what it did to the player's rating (the history row of the room's last game). */
export function RatingChange({ room, account }: { room: RoomInfo; account: Account }) {
  const last = room.games[room.games.length - 1];
  const [change, setChange] = useState<RatedGameView | null>(null);
  useEffect(() => {
    if (!room.rated || room.status !== "finished" || !last) return;
    playApi.player(account.id).then((p) => setChange(p.history.find((h) => h.match_id === last.match_id) ?? null), () => setChange(null));
  }, [room.rated, room.status, last?.match_id, account.id]);
  if (!change) return null;
  return (
    <p class="panel rating-change" role="status" data-testid="rating-change">
      Rating ({change.format}): {change.rating_before} → <strong>{change.rating_after}</strong> ({signed(change.change)}).{" "}
      <a href={`/players/${encodeURIComponent(account.username ?? account.id)}`} onClick={linkClick}>Your profile</a>
    </p>
  );
}
