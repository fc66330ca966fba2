// A player's profile (/players/{name}): ratings per format with their history, record, recent rated games with
// replays, recent finished games of every kind (casual, against the computer) with replays, favourite decks (by
// name: the server keeps no list for them); and the rating change shown at the end of a rated game (docs/ratings.md).
import { useEffect, useState } from "preact/hooks";
import { loadFailure } from "../api";
import type { Account, RoomInfo } from "../protocol";
import { type PlayerProfile, playApi, signed } from "../playnow";
import { linkClick } from "../router";
import "./profile.css";
import type { RatedGameView } from "../gen/RatedGameView";
import type { PlayedGameView } from "../gen/PlayedGameView";
import type { DeckPlayed } from "../gen/DeckPlayed";

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
      <h1 id="profile-h">{player.display_name}{player.username ? <span class="small muted"> @{player.username}</span> : null}</h1>
      {player.ratings.length ? (
        <ul class="ratings" aria-label="Ratings">
          {player.ratings.map((r) => (
            <li key={r.format} class="rating-card" data-testid={`rating-${r.format}`}>
              <span class="rating-format">{r.format === "bo3" ? "Best of three" : "One game"}</span>
              <strong class="rating-value">{r.shown}</strong>
              <span class="rating-record">{r.wins} won, {r.losses} lost</span>
              {r.provisional ? <span class="small muted">provisional (±{r.deviation}): settles with more rated games</span> : null}
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
              <li key={h.match_id} class={h.won ? "won" : "lost"}>
                <span class="recent-result">{h.won ? "Won" : "Lost"}</span> against {h.opponent} ({h.format === "bo3" ? "best of three" : "one game"})
                {" · "}{h.rating_before} → {h.rating_after} <span class="recent-change">({signed(h.change)})</span>
                {" · "}<time dateTime={new Date(h.at_ms).toISOString()}>{new Date(h.at_ms).toLocaleDateString()}</time>
                {" · "}<a href={`/replays/${encodeURIComponent(h.match_id)}?room=${encodeURIComponent(h.room_id)}`} onClick={linkClick}>replay</a>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <RecentGames games={player.games} />
      <FavouriteDecks decks={player.decks} />
    </section>
  );
}

const RESULT: Record<string, string> = { won: "Won", lost: "Lost", drawn: "Drawn" };

/** Every kind of finished game, newest first, each with its replay. */
export function RecentGames({ games }: { games: PlayedGameView[] }) {
  if (!games.length) return <p class="empty">No finished games yet.</p>;
  return (
    <>
      <h2>Recent games</h2>
      <ol class="recent" aria-label="Recent games" data-testid="recent-games">
        {games.map((g) => (
          <li key={g.match_id} class={g.result}>
            <span class="recent-result">{RESULT[g.result] ?? g.result}</span>
            {g.opponents.length ? <> against {g.opponents.join(", ")}</> : null}
            {g.vs_computer ? " (computer)" : ""} with {g.deck || "an unnamed deck"}
            {" · "}{g.rated ? "rated" : "casual"}{g.reason ? `, ${g.reason.replace(/_/g, " ")}` : ""}
            {" · "}<time dateTime={new Date(g.at_ms).toISOString()}>{new Date(g.at_ms).toLocaleDateString()}</time>
            {" · "}<a href={`/replays/${encodeURIComponent(g.match_id)}?room=${encodeURIComponent(g.room_id)}`} onClick={linkClick}>replay</a>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The decks played most, by name, with games and wins. */
export function FavouriteDecks({ decks }: { decks: DeckPlayed[] }) {
  if (!decks.length) return null;
  return (
    <>
      <h2>Favourite decks</h2>
      <ol class="decks" aria-label="Favourite decks" data-testid="favourite-decks">
        {decks.map((d) => (
          <li key={d.deck}>
            <strong>{d.deck || "An unnamed deck"}</strong>: {d.games} game{d.games === 1 ? "" : "s"}, {d.wins} won
          </li>
        ))}
      </ol>
    </>
  );
}

/** The rating after each game, oldest first, as a small line chart with its lowest and highest values marked. */
function RatingChart({ games }: { games: RatedGameView[] }) {
  if (!games.length) return null;
  // The first point is the rating before the oldest game, so one game already draws a line.
  const oldest = games[games.length - 1]!;
  const points = [oldest.rating_before, ...[...games].reverse().map((g) => g.rating_after)];
  const [lo, hi] = [Math.min(...points), Math.max(...points)];
  const span = Math.max(hi - lo, 1);
  const [w, h, pad] = [220, 48, 4];
  const at = (p: number, i: number) => `${(i * w) / (points.length - 1)},${pad + (h - 2 * pad) * (1 - (p - lo) / span)}`;
  return (
    <figure class="rating-chart">
      <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={`Rating from ${points[0]} to ${points[points.length - 1]} over ${games.length} game${games.length === 1 ? "" : "s"}`}>
        <line x1="0" x2={w} y1={pad} y2={pad} class="grid" />
        <line x1="0" x2={w} y1={h - pad} y2={h - pad} class="grid" />
        <polyline points={points.map(at).join(" ")} fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" />
      </svg>
      <figcaption class="small muted"><span>{hi}</span><span>{lo}</span></figcaption>
    </figure>
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
