// The event page's public panels: its format, the latest round's pairings, and the top cut's bracket.
import { roundName, topCut } from "../../console";
import { formatDetails } from "../../event-page";
import { linkClick } from "../../router";
import { type EventView, type RoundView, type TableView, playoffRounds, resultText, seedText } from "../../tournament";

type Name = (p: string) => string;

export function EventFormat({ ev }: { ev: EventView }) {
  return (
    <section class="panel" aria-labelledby="format-h">
      <h2 id="format-h">Format</h2>
      <dl class="format">
        {formatDetails(ev).map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
      </dl>
    </section>
  );
}

/** A table's room for spectators: "Watch" while it plays (with the event's spectator delay), "Replays" once it has
 * a result (the room lists its finished games, each with its replay). */
function TableLink({ t, name }: { t: TableView; name: Name }) {
  if (!t.room_id) return <>no room</>;
  const done = resultText(t, name) !== "playing";
  const what = `${name(t.players[0])} – ${name(t.players[1])}`;
  return <a href={`/rooms/${encodeURIComponent(t.room_id)}?watch`} onClick={linkClick} aria-label={`${done ? "Replays" : "Watch"}: ${what}`}>{done ? "Replays" : "Watch"}</a>;
}

function RoundTable({ round, name, current }: { round: RoundView; name: Name; current: boolean }) {
  return (
    <table class="pairings">
      <thead><tr><th>Table</th><th>Players</th><th>Result</th><th>Watch</th></tr></thead>
      <tbody>
        {round.tables.map((t) => (
          <tr key={t.table} data-testid={current ? `table-${t.table}` : undefined}>
            <td>{t.table}</td><td>{name(t.players[0])} – {name(t.players[1])}</td><td>{resultText(t, name)}</td>
            <td><TableLink t={t} name={name} /></td>
          </tr>
        ))}
        {round.byes.map((b) => <tr key={b}><td>–</td><td>{name(b)}</td><td>bye</td><td /></tr>)}
      </tbody>
    </table>
  );
}

/** The current round's pairings, the table the organizer features first, and the earlier rounds' tables with their
 * replays (docs/tournaments.md, "Featured table and spectators"). */
export function Pairings({ ev, name }: { ev: EventView; name: Name }) {
  const round = ev.rounds[ev.rounds.length - 1]!;
  const featured = ev.featured ? round.tables.find((t) => t.table === ev.featured!.table && ev.featured!.round === round.number) : undefined;
  const earlier = ev.rounds.slice(0, -1).reverse();
  return (
    <section class="panel" aria-labelledby="pairings-h">
      <h2 id="pairings-h">Round {round.number} pairings</h2>
      <p class="small muted" data-testid="round-name">{roundName(ev, round.number)}</p>
      {featured ? (
        <p class="featured-table" data-testid="featured-table">
          <strong>★ Featured table {featured.table}</strong>: {name(featured.players[0])} – {name(featured.players[1])} · {resultText(featured, name)} · <TableLink t={featured} name={name} />
        </p>
      ) : null}
      <RoundTable round={round} name={name} current />
      {earlier.length ? (
        <details data-testid="earlier-rounds">
          <summary>Earlier rounds: results and replays</summary>
          {earlier.map((r) => (
            <div key={r.number}>
              <h3>Round {r.number} <span class="small muted">{roundName(ev, r.number)}</span></h3>
              <RoundTable round={r} name={name} current={false} />
            </div>
          ))}
        </details>
      ) : null}
    </section>
  );
}

/** The top cut, named: its rounds once paired; before that, the bracket today's standings would seed, marked
 * provisional (never before round 1: nothing seeds it yet). */
export function Bracket({ ev, name }: { ev: EventView; name: Name }) {
  const rounds = playoffRounds(ev);
  const cut = topCut(ev);
  if (!cut || (!rounds.length && !ev.provisional_bracket.length)) return null;
  const title = ev.log.settings.structure.kind === "single_elimination" ? "Bracket" : `Top cut: top ${cut}`;
  return (
    <section class="panel" aria-labelledby="bracket-h">
      <h2 id="bracket-h">{title}</h2>
      {rounds.length ? (
        <div class="row bracket">
          {rounds.map((r) => (
            <div key={r.number}>
              <h3>{roundName(ev, r.number)}</h3>
              <ol aria-label={`Round ${r.number}`}>
                {r.tables.map((t) => <li key={t.table}>{name(t.players[0])} – {name(t.players[1])}: {resultText(t, name)}</li>)}
                {r.byes.map((b) => <li key={b}>{name(b)}: bye</li>)}
              </ol>
            </div>
          ))}
        </div>
      ) : (
        <div data-testid="provisional-bracket">
          <p class="small"><strong>Provisional</strong>: seeded from the current standings; the top cut is paired after the last Swiss round.</p>
          <ol aria-label="Provisional top cut">
            {ev.provisional_bracket.map(([a, b], i) => <li key={i}>{seedText(a, name)} – {seedText(b, name)}</li>)}
          </ol>
        </div>
      )}
    </section>
  );
}
