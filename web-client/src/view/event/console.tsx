// The organizer's console (docs/tournaments.md, "Running an event"): registration and the next round, the round's
// tables (tables.tsx), late entries found by name, exports and print pages, and the ways past a round nobody
// can pair (deadends.tsx). Results and roster changes go through `run`: confirmed, then undoable (actions.tsx).
import { useEffect, useState } from "preact/hooks";
import { nextRoundLabel } from "../../console";
import { PRECONS } from "../../precon";
import { linkClick } from "../../router";
import { type AccountName, type EventView, tournaments } from "../../tournament";
import { AddComputers } from "../computers";
import { DeadEnds } from "../deadends";
import type { Run } from "./actions";
import { ConsoleMounts } from "./mounts";
import { ConsoleTables } from "./tables";

type Name = (p: string) => string;

export function Console({ ev, name, run, act }: { ev: EventView; name: Name; run: Run; act: (f: () => Promise<EventView>) => void }) {
  // The tables of the round being played, or of an earlier round chosen to correct one of its results.
  const [shown, setShown] = useState<number | null>(null);
  const latest = ev.rounds[ev.rounds.length - 1];
  const round = ev.rounds.find((r) => r.number === shown) ?? latest;
  const next = nextRoundLabel(ev);
  return (
    <section class="panel console" aria-labelledby="console-h">
      <h2 id="console-h">Organizer console</h2>
      <div class="row">
        {ev.status === "registration" ? <button type="button" onClick={() => act(() => tournaments.closeRegistration(ev.id))}>Close registration</button> : null}
        {ev.status === "closed" ? <button type="button" onClick={() => act(() => tournaments.openRegistration(ev.id))}>Reopen registration</button> : null}
        {ev.status !== "registration" && next ? (
          <button type="button" class="primary" disabled={ev.next_round_blocked !== null} onClick={() => startRound(ev, name, run, act)}>{next}</button>
        ) : null}
      </div>
      {ev.next_round_blocked && !ev.over ? <p class="small">Next round: {ev.next_round_blocked}</p> : null}
      <p class="small">Pairings and standings on this page are published: players and spectators see them as they change.</p>
      {ev.rounds.length > 1 ? (
        <div class="field"><label for="console-round">Tables of round</label>
          <select id="console-round" value={String(round!.number)} onChange={(e) => setShown(Number(e.currentTarget.value))}>
            {ev.rounds.map((r) => <option key={r.number} value={String(r.number)}>{r.number}{r === latest ? " (latest)" : ""}</option>)}
          </select></div>
      ) : null}
      {round && round !== latest ? (
        <p class="small">Round {round.number} is over: a correction changes the standings; in a playoff, a new winner takes the
          old one's seat in the next round, whose match is then played again at a new table.</p>
      ) : null}
      {round ? <ConsoleTables key={round.number} ev={ev} round={round} name={name} run={run} /> : null}
      {!ev.over ? <LateEntry ev={ev} run={run} /> : null}
      <Exports ev={ev} />
      <DeadEnds ev={ev} act={act} />
      <AddComputers ev={ev} act={act} />
      <ConsoleMounts ev={ev} name={name} run={run} />
    </section>
  );
}

/** Pairs the next round. Round 1 of an event with check-in drops whoever has not checked in (a roster change),
 * so it asks first, naming them. */
function startRound(ev: EventView, name: Name, run: Run, act: (f: () => Promise<EventView>) => void) {
  const call = () => tournaments.startRound(ev.id);
  const absent = ev.rounds.length === 0 && ev.log.settings.check_in ? ev.log.players.filter((p) => !ev.checked_in.includes(p.id)) : [];
  if (!absent.length) return act(call);
  const who = absent.map((p) => name(p.id)).join(", ");
  run({ title: "Pair and start round 1", detail: `${who} ${absent.length === 1 ? "has" : "have"} not checked in and ${absent.length === 1 ? "is" : "are"} dropped before round 1 (did not take part); a re-add counts from round 2.`, call, undo: null });
}

/** A late entry, found by display name (GET /api/accounts?name=), with a preconstructed deck. */
function LateEntry({ ev, run }: { ev: EventView; run: Run }) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<AccountName[]>([]);
  const [deck, setDeck] = useState(PRECONS[0]?.slug ?? "");
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) { setFound([]); setNote(null); return; }
    let live = true;
    const t = setTimeout(() => tournaments.findAccounts(q).then(
      (list) => { if (live) { setFound(list); setNote(list.length ? null : `Nobody is called "${q}".`); } },
      (e: unknown) => live && setNote(e instanceof Error ? e.message : String(e)),
    ), 250);
    return () => { live = false; clearTimeout(t); };
  }, [query]);
  const registered = new Set(ev.log.players.map((p) => p.id));
  const round = ev.rounds.length + 1;
  const enter = (a: AccountName) => {
    const deckName = PRECONS.find((p) => p.slug === deck)?.list.name ?? deck;
    run({
      title: `Enter ${a.display_name} late`,
      detail: `${a.display_name} enters the event with ${deckName} and is paired from round ${round}; earlier rounds count as not played.`,
      call: () => tournaments.lateEntry(ev.id, a.id, deck),
      undo: { kind: "drop", player: a.id, what: `${a.display_name} entered late` },
    });
    setQuery("");
  };
  return (
    <div class="late-entry" role="search" aria-label="Late entry">
      <h3>Late entry</h3>
      <div class="row">
        <label for="late-name">Find a player by name</label>
        <input id="late-name" type="search" autocomplete="off" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        <label for="late-deck">Deck</label>
        <select id="late-deck" value={deck} onChange={(e) => setDeck(e.currentTarget.value)}>
          {PRECONS.map((p) => <option key={p.slug} value={p.slug}>{p.list.name}</option>)}
        </select>
      </div>
      {found.length ? (
        <ul class="small" aria-label="Players found">
          {found.map((a) => (
            <li key={a.id}>{a.display_name}{a.guest ? <span class="badge">guest</span> : null}{" "}
              {registered.has(a.id) ? <span class="muted">already in the event</span>
                : <button type="button" onClick={() => enter(a)}>Enter {a.display_name}</button>}</li>
          ))}
        </ul>
      ) : null}
      {note ? <p class="small muted">{note}</p> : null}
    </div>
  );
}

/** Downloads and the print pages (print.tsx). */
function Exports({ ev }: { ev: EventView }) {
  const api = `/api/tournaments/${encodeURIComponent(ev.id)}`;
  const page = `/tournaments/${encodeURIComponent(ev.id)}/print`;
  const prints: [string, string][] = [
    ["pairings", "Pairings by table"], ["pairings-by-name", "Pairings by name"], ["slips", "Result slips"],
    ["standings", "Standings"], ["seatings", "Seatings"],
  ];
  return (
    <div class="exports">
      <h3>Print and export</h3>
      <p class="row small" aria-label="Print">
        {prints.map(([k, label]) => <a key={k} href={`${page}/${k}`} onClick={linkClick}>{label}</a>)}
      </p>
      <p class="row small" aria-label="Export">
        <a href={`${api}/standings.csv`} download>Standings (CSV)</a>
        <a href={`${api}/standings`} target="_blank" rel="noopener">Standings (JSON)</a>
        <a href={api} target="_blank" rel="noopener">Event and its log (JSON)</a>
      </p>
    </div>
  );
}
