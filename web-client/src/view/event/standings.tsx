// Standings with every tiebreaker (MTR Appendix C: OMW%, GW%, OGW%), and the finished event's final places.
import { finalPlaces } from "../../console";
import { percent } from "../../event-page";
import { type EventView, type Standings, standingName } from "../../tournament";

export function StandingsTable({ standings, print = false }: { standings: Standings; print?: boolean }) {
  const nameOf = (p: string) => standings.players.find((s) => s.player === p)?.name ?? p;
  return (
    <table class={print ? "standings print-table" : "standings"}>
      <thead><tr><th>Rank</th><th>Player</th><th>Points</th><th>Record</th><th>Byes</th>
        <th><abbr title="Opponents' match-win percentage">OMW%</abbr></th><th><abbr title="Game-win percentage">GW%</abbr></th>
        <th><abbr title="Opponents' game-win percentage">OGW%</abbr></th><th>Opponents</th></tr></thead>
      <tbody>
        {standings.players.map((s) => (
          <tr key={s.player}><td>{s.rank}</td><td>{standingName(s)}{s.active ? "" : " (dropped)"}</td><td>{s.match_points}</td><td>{s.record.won}–{s.record.lost}–{s.record.drawn}</td>
            <td>{s.byes}</td><td title={s.omw}>{percent(s.omw)}</td><td title={s.gw}>{percent(s.gw)}</td><td title={s.ogw}>{percent(s.ogw)}</td>
            <td>{s.opponents.map(nameOf).join(", ")}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

export function StandingsPanel({ standings }: { standings: Standings }) {
  return (
    <section class="panel" aria-labelledby="standings-h">
      <h2 id="standings-h">Standings</h2>
      <p class="small muted">After {standings.rounds} Swiss round{standings.rounds === 1 ? "" : "s"}. Ties are broken by OMW%, then GW%, then OGW% (each at least 33.33%).</p>
      <StandingsTable standings={standings} />
    </section>
  );
}

/** Champion, finalist, semi-finalists, ... then everyone else in Swiss order. */
export function FinalPlaces({ ev, standings, name }: { ev: EventView; standings: Standings; name: (p: string) => string }) {
  const places = finalPlaces(ev, standings.players.map((s) => s.player));
  return (
    <section class="panel" aria-labelledby="places-h">
      <h2 id="places-h">Final places</h2>
      <ol class="final-places" aria-label="Final places">
        {places.map((p) => <li key={p.player} value={Number(p.place.split("–")[0])} data-testid="final-place"><span class="place">{p.place}.</span> {name(p.player)}{p.title ? <span class="muted"> · {p.title}</span> : null}</li>)}
      </ol>
    </section>
  );
}
