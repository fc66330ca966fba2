// Print pages (docs/tournaments.md, "Print"): pairings by table and by name, result slips, standings and the
// player-meeting seating, each a plain page whose print stylesheet (event.css, @media print) drops the site's
// header and buttons and keeps slips whole on a sheet.
import { pairingLines, seatings } from "../../event-page";
import { type PrintKind, linkClick } from "../../router";
import { type EventView, type Standings, playerStatus } from "../../tournament";
import { StandingsTable } from "./standings";
import { useEvent } from "./use-event";
import "../../event.css";


const TITLES: Record<PrintKind, string> = {
  "pairings": "Pairings by table", "pairings-by-name": "Pairings by name", "slips": "Result slips",
  "standings": "Standings", "seatings": "Seatings",
};

export function PrintPage({ id, kind }: { id: string; kind: PrintKind }) {
  const { ev, standings, error } = useEvent(id);
  if (error) return <section class="panel"><h1>{TITLES[kind]}</h1><p class="error" role="alert">{error}</p></section>;
  if (!ev) return <section class="panel" aria-busy="true"><h1>{TITLES[kind]}</h1><p>Loading…</p></section>;
  return <PrintView ev={ev} standings={standings} kind={kind} />;
}

export function PrintView({ ev, standings, kind }: { ev: EventView; standings: Standings | null; kind: PrintKind }) {
  const names = new Map(ev.log.players.map((p) => [p.id, p.name]));
  const name = (p: string) => names.get(p) ?? p;
  const round = ev.rounds[ev.rounds.length - 1];
  const sub = kind === "seatings" ? "Player meeting" : kind === "standings" ? `After ${standings?.rounds ?? 0} Swiss rounds` : round ? `Round ${round.number}` : "No round paired yet";
  return (
    <article class={`print-page print-${kind}`}>
      <div class="no-print row">
        <button type="button" class="primary" onClick={() => window.print()}>Print</button>
        <a href={`/tournaments/${encodeURIComponent(ev.id)}`} onClick={linkClick}>Back to the event</a>
      </div>
      <h1>{ev.log.name}: {TITLES[kind]}</h1>
      <p class="print-sub">{sub}</p>
      <Body ev={ev} standings={standings} kind={kind} name={name} />
    </article>
  );
}

function Body({ ev, standings, kind, name }: { ev: EventView; standings: Standings | null; kind: PrintKind; name: (p: string) => string }) {
  const round = ev.rounds[ev.rounds.length - 1];
  const lines = pairingLines(ev, standings, name);
  switch (kind) {
    case "pairings":
    case "pairings-by-name": {
      if (!round) return <p>Round 1 is not paired yet.</p>;
      const rows = kind === "pairings" ? lines.byTable : lines.byName;
      return (
        <table class="print-table">
          <thead><tr>{kind === "pairings" ? <><th>Table</th><th>Player</th></> : <><th>Player</th><th>Table</th></>}<th>Points</th><th>Opponent</th><th>Points</th></tr></thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.player}>
                {kind === "pairings" ? <><td>{l.table ?? "–"}</td><td>{name(l.player)}</td></> : <><td>{name(l.player)}</td><td>{l.table ?? "–"}</td></>}
                <td>{l.points}</td><td>{l.opponent ? name(l.opponent) : "bye"}</td><td>{l.opponentPoints ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case "slips":
      if (!round) return <p>Round 1 is not paired yet.</p>;
      return (
        <div class="slips">
          {round.tables.map((t) => (
            <section key={t.table} class="slip" aria-label={`Slip for table ${t.table}`}>
              <h2>Table {t.table} <span class="muted">· {ev.log.name} · round {round.number}</span></h2>
              <table class="print-table">
                <thead><tr><th>Player</th><th>Games won</th><th>Drop?</th><th>Signature</th></tr></thead>
                <tbody>
                  {t.players.map((p) => <tr key={p}><td>{name(p)}</td><td class="box" /><td class="box" /><td class="sign" /></tr>)}
                </tbody>
              </table>
              <p class="small">Games drawn: <span class="box inline" /> · Both players sign; the winner returns the slip.</p>
            </section>
          ))}
        </div>
      );
    case "standings":
      return standings && standings.players.length ? <StandingsTable standings={standings} print /> : <p>No standings yet.</p>;
    case "seatings":
      return (
        <table class="print-table">
          <thead><tr><th>Player</th><th>Seat</th><th>Table</th></tr></thead>
          <tbody>
            {seatings(ev, name, (p) => !playerStatus(ev, p).startsWith("dropped") && playerStatus(ev, p) !== "disqualified")
              .map((s) => <tr key={s.player}><td>{name(s.player)}</td><td>{s.seat}</td><td>{s.table}</td></tr>)}
          </tbody>
        </table>
      );
  }
}
