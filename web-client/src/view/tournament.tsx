// Tournament pages: creating an event, and the event page, which is at once the public page (pairings, round
// clock, standings, bracket, audit log), the player's view (my table, opponent, room link, record) and, for the
// organizer, the console (registration, rounds, late entries, drops, corrections). It polls the event every two
// seconds, so results appear as the tables' rooms finish.
import { useEffect, useState } from "preact/hooks";
import type { Session } from "../app";
import type { NextGameChooser } from "../gen/NextGameChooser";
import { ApiError } from "../api";
import { PRECONS } from "../precon";
import { linkClick, navigate } from "../router";
import { DeadEnds } from "./deadends";
import {
  type AuditEntry, type EventView, type Game, type JudgeAction, type Settings, type Standings, type TableView,
  auditText, clockText, gamesFromScore, myTable, noShowText, playerName, playerStatus, playoffRounds, resultText, seedText, standingName, tournaments,
} from "../tournament";
import { AddComputers } from "./computers";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function NewTournament({ session }: { session: Session }) {
  const [name, setName] = useState("Friday Night Blend");
  const [rounds, setRounds] = useState("auto");
  const [topCut, setTopCut] = useState("8");
  const [games, setGames] = useState<1 | 3>(3);
  const [chooser, setChooser] = useState<NextGameChooser>("loser");
  const [minutes, setMinutes] = useState(45);
  const [checkIn, setCheckIn] = useState(true);
  const [noShow, setNoShow] = useState(10);
  const [deckLists, setDeckLists] = useState<Settings["deck_lists"]>("private");
  const [lateUntil, setLateUntil] = useState(2);
  const [error, setError] = useState<string | null>(null);
  if (!session.account) return <section class="panel"><h1>New tournament</h1><p>Sign in (as a guest is fine) in the <a href="/" onClick={linkClick}>lobby</a> first.</p></section>;
  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const settings: Settings = {
      structure: { kind: "swiss", rounds: rounds === "auto" ? "auto" : Number(rounds), top_cut: topCut === "0" ? null : Number(topCut) },
      games_per_match: games, next_game_chooser: chooser, round_minutes: minutes,
      end_of_round: { extra_turns: 3 }, spectator_delay_seconds: 0,
      check_in: checkIn, no_show_seconds: noShow * 60, deck_lists: deckLists, late_entry_until_round: lateUntil,
    };
    try {
      const ev = await tournaments.create(name, settings);
      navigate(`/tournaments/${encodeURIComponent(ev.id)}`);
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <form class="panel" onSubmit={create} aria-labelledby="new-t-h">
      <h1 id="new-t-h">New tournament</h1>
      <div class="field"><label for="t-name">Event name</label><input id="t-name" value={name} onInput={(e) => setName(e.currentTarget.value)} /></div>
      <div class="field"><label for="t-rounds">Swiss rounds</label>
        <select id="t-rounds" value={rounds} onChange={(e) => setRounds(e.currentTarget.value)}>
          <option value="auto">By the number of players</option>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => <option key={n} value={String(n)}>{n}</option>)}
        </select></div>
      <div class="field"><label for="t-cut">Top cut</label>
        <select id="t-cut" value={topCut} onChange={(e) => setTopCut(e.currentTarget.value)}>
          <option value="0">None</option><option value="2">Top 2</option><option value="4">Top 4</option><option value="8">Top 8</option>
        </select></div>
      <div class="field"><label for="t-games">Games per match</label>
        <select id="t-games" value={String(games)} onChange={(e) => setGames(e.currentTarget.value === "1" ? 1 : 3)}>
          <option value="3">Best of 3</option><option value="1">One game</option>
        </select></div>
      {games === 3 ? <div class="field"><label for="t-chooser">Who chooses to go first in games 2 and 3</label>
        <select id="t-chooser" value={chooser} onChange={(e) => setChooser(e.currentTarget.value === "winner" ? "winner" : "loser")}>
          <option value="loser">The previous game's loser (MTR)</option><option value="winner">The previous game's winner (Summoning Gems rules)</option>
        </select></div> : null}
      <div class="field"><label for="t-minutes">Round time limit (minutes)</label>
        <input id="t-minutes" type="number" min={1} max={1440} value={minutes} onInput={(e) => setMinutes(Number(e.currentTarget.value))} /></div>
      <div class="field"><label for="t-noshow">No-show after (minutes without joining the table; 0: never)</label>
        <input id="t-noshow" type="number" min={0} max={60} value={noShow} onInput={(e) => setNoShow(Number(e.currentTarget.value))} /></div>
      <div class="field"><label for="t-late">Late entries until round</label>
        <input id="t-late" type="number" min={1} max={40} value={lateUntil} onInput={(e) => setLateUntil(Number(e.currentTarget.value))} /></div>
      <div class="field"><label for="t-decks">Deck lists after the event (none is shown while it runs)</label>
        <select id="t-decks" value={deckLists} onChange={(e) => setDeckLists(e.currentTarget.value as Settings["deck_lists"])}>
          <option value="private">Private</option><option value="top_cut">Publish the top cut's</option><option value="all">Publish all</option>
        </select></div>
      <div class="field"><label><input type="checkbox" checked={checkIn} onChange={(e) => setCheckIn(e.currentTarget.checked)} /> Players must check in before round 1</label></div>
      <button type="submit" class="primary">Create tournament</button>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}

function useEvent(id: string) {
  const [ev, setEv] = useState<EventView | null>(null);
  const [standings, setStandings] = useState<Standings | null>(null);
  const [audit, setAudit] = useState<AuditEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all([tournaments.get(id), tournaments.standings(id), tournaments.audit(id)]).then(
      ([e, s, a]) => { if (live) { setEv(e); setStandings(s); setAudit(a); setError(null); } },
      (e: unknown) => live && setError(e instanceof ApiError && e.status === 404 ? "No tournament has this id." : message(e)),
    );
    const t = setTimeout(() => setTick((n) => n + 1), 2000);
    return () => { live = false; clearTimeout(t); };
  }, [id, tick]);
  return { ev, standings, audit, error, refresh: (e: EventView) => { setEv(e); setTick((n) => n + 1); } };
}

export function TournamentPage({ id, session }: { id: string; session: Session }) {
  const { ev, standings, audit, error, refresh } = useEvent(id);
  if (error) return <section class="panel"><h1>Tournament</h1><p class="error" role="alert">{error}</p></section>;
  if (!ev) return <section class="panel" aria-busy="true"><h1>Tournament</h1><p>Loading…</p></section>;
  const name = playerName(ev);
  const me = session.account?.id;
  const organizer = me === ev.organizer_id;
  const round = ev.rounds[ev.rounds.length - 1];
  return (
    <div class="tournament">
      <section class="panel" aria-labelledby="t-h">
        <h1 id="t-h">{ev.log.name}</h1>
        <p><span data-testid="event-status">{statusText(ev)}</span>{round && ev.status === "running" ? <> · Round {round.number}: <span data-testid="round-clock">{clockText(round, Date.now())}</span></> : null}</p>
        {ev.champion ? <p class="lede">Champion: <strong data-testid="champion">{name(ev.champion)}</strong></p> : null}
        {me && !organizer ? <PlayerBox ev={ev} me={me} name={name} standings={standings} onChange={refresh} /> : null}
      </section>
      {organizer ? <Console ev={ev} name={name} onChange={refresh} /> : null}
      {round ? <Pairings ev={ev} name={name} /> : null}
      {standings && standings.players.length ? <StandingsTable standings={standings} /> : null}
      {ev.log.players.length ? <Players ev={ev} name={name} organizer={organizer} act={(f) => f().then(refresh, () => {})} /> : null}
      {playoffRounds(ev).length || ev.provisional_bracket.length ? <Bracket ev={ev} name={name} /> : null}
      <section class="panel" aria-labelledby="audit-h">
        <h2 id="audit-h">Organizer actions</h2>
        {audit.length ? <ol class="small">{audit.map((a) => <li key={a.seq}>{auditText(a, (p) => (p === ev.organizer_id ? "Organizer" : name(p)))}</li>)}</ol> : <p class="small">None yet.</p>}
      </section>
    </div>
  );
}

function statusText(ev: EventView): string {
  switch (ev.status) {
    case "registration": return `Registration open · ${ev.log.players.length} registered`;
    case "closed": return `Registration closed · ${ev.log.players.length} players`;
    case "running": return "Running";
    case "finished": return "Finished";
  }
}

function PlayerBox({ ev, me, name, standings, onChange }: { ev: EventView; me: string; name: (p: string) => string; standings: Standings | null; onChange: (e: EventView) => void }) {
  const [deck, setDeck] = useState(PRECONS[0]?.slug ?? "");
  const [error, setError] = useState<string | null>(null);
  const registered = ev.log.players.some((p) => p.id === me);
  const act = (f: () => Promise<EventView>) => f().then(onChange, (e: unknown) => setError(message(e)));
  if (!registered) {
    if (ev.status !== "registration") return null;
    return (
      <div class="row">
        <label for="reg-deck">Deck</label>
        <select id="reg-deck" value={deck} onChange={(e) => setDeck(e.currentTarget.value)}>
          {PRECONS.map((p) => <option key={p.slug} value={p.slug}>{p.list.name}</option>)}
        </select>
        <button type="button" class="primary" onClick={() => act(() => tournaments.register(ev.id, { preconstructed: deck }))}>Register</button>
        {error ? <p class="error" role="alert">{error}</p> : null}
      </div>
    );
  }
  const mine = myTable(ev, me);
  const record = standings?.players.find((s) => s.player === me)?.record;
  const checkedIn = ev.checked_in.includes(me);
  return (
    <div class="my-table" data-testid="my-table">
      {record ? <p>My record: {record.won}–{record.lost}–{record.drawn}</p> : <p>You are registered.</p>}
      {ev.rounds.length === 0 ? (
        checkedIn ? <p data-testid="checked-in">You are checked in.</p>
        : <p>{ev.log.settings.check_in ? "Check in before round 1 is paired, or you will be dropped. " : ""}
            <button type="button" class="primary" onClick={() => act(() => tournaments.checkIn(ev.id))}>Check in</button></p>
      ) : null}
      {mine?.table && ev.rounds[ev.rounds.length - 1] && noShowText(ev.rounds[ev.rounds.length - 1]!, Date.now()) && !mine.table.arrived[mine.table.players.indexOf(me)]
        ? <p class="warning">Join your table: {noShowText(ev.rounds[ev.rounds.length - 1]!, Date.now())}, then you get a match loss and are dropped.</p> : null}
      {mine?.bye ? <p>Round {mine.round}: you have a bye.</p> : null}
      {mine?.table ? (
        <p>Round {mine.round}, table {mine.table.table}: against <strong>{name(mine.opponent ?? "")}</strong> · {resultText(mine.table, name)}
          {mine.table.room_id ? <> · <a href={`/rooms/${encodeURIComponent(mine.table.room_id)}`} onClick={linkClick}>Go to my table</a></> : null}</p>
      ) : null}
      {mine?.table && resultText(mine.table, name) === "playing" ? (
        <div class="row">
          <button type="button" class="ghost" onClick={() => act(() => tournaments.concede(ev.id, mine.round, mine.table!.table))}>Concede the match</button>
          <button type="button" class="ghost" onClick={() => act(() => tournaments.intentionalDraw(ev.id, mine.round, mine.table!.table))}>Agree to an intentional draw</button>
        </div>
      ) : null}
      {ev.status !== "finished" ? <button type="button" class="ghost" onClick={() => act(() => tournaments.drop(ev.id, me, "dropped by the player"))}>Drop from the event</button> : null}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </div>
  );
}

function Console({ ev, name, onChange }: { ev: EventView; name: (p: string) => string; onChange: (e: EventView) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [late, setLate] = useState("");
  const act = (f: () => Promise<EventView>) => { setError(null); f().then(onChange, (e: unknown) => setError(message(e))); };
  const playoffNext = ev.rounds.length > 0 && !ev.over && playoffRounds(ev).length === 0 && ev.next_round_blocked === null && swissDone(ev);
  return (
    <section class="panel" aria-labelledby="console-h">
      <h2 id="console-h">Organizer console</h2>
      <div class="row">
        {ev.status === "registration" ? <button type="button" onClick={() => act(() => tournaments.closeRegistration(ev.id))}>Close registration</button> : null}
        {ev.status === "closed" ? <button type="button" onClick={() => act(() => tournaments.openRegistration(ev.id))}>Reopen registration</button> : null}
        {ev.status !== "registration" && !ev.over ? (
          <button type="button" class="primary" disabled={ev.next_round_blocked !== null} onClick={() => act(() => tournaments.startRound(ev.id))}>
            {playoffNext ? "Start the top cut" : `Pair and start round ${ev.rounds.length + 1}`}
          </button>
        ) : null}
      </div>
      {ev.next_round_blocked && !ev.over ? <p class="small">Next round: {ev.next_round_blocked}</p> : null}
      <p class="small">Pairings and standings on this page are published: players and spectators see them as they change.</p>
      <form class="row" aria-label="Late entry" onSubmit={(e) => { e.preventDefault(); act(() => tournaments.lateEntry(ev.id, late.trim(), PRECONS[0]?.slug ?? "")); }}>
        <label for="late-id">Late entry (account id)</label>
        <input id="late-id" value={late} onInput={(e) => setLate(e.currentTarget.value)} />
        <button type="submit">Add late entry</button>
      </form>
      {ev.rounds.length ? <Corrections ev={ev} name={name} act={act} /> : null}
      <DeadEnds ev={ev} act={act} />
      <AddComputers ev={ev} act={act} />
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}

function swissDone(ev: EventView): boolean {
  const s = ev.log.settings.structure;
  return s.kind === "swiss" && typeof s.rounds === "number" && ev.rounds.length >= s.rounds;
}

/** One line per table of the latest round: set the winner (a correction, with its reason) or a match loss. */
function Corrections({ ev, name, act }: { ev: EventView; name: (p: string) => string; act: (f: () => Promise<EventView>) => void }) {
  const round = ev.rounds[ev.rounds.length - 1]!;
  const [reason, setReason] = useState("");
  const judge = (t: TableView, action: JudgeAction) => act(() => tournaments.judge(ev.id, round.number, t.table, action));
  const correct = (t: TableView, winner: string) =>
    act(() => tournaments.correct(ev.id, round.number, t.table, { games: [{ result: "win", winner }] }, reason.trim() || "corrected by the organizer"));
  return (
    <div>
      <h3>Correct a result (round {round.number})</h3>
      <div class="field"><label for="fix-reason">Reason</label><input id="fix-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} /></div>
      <ul class="small">
        {round.tables.map((t) => (
          <li key={t.table}>Table {t.table}: {resultText(t, name)}{t.extension_minutes ? ` (+${t.extension_minutes} min)` : ""} ·{" "}
            {t.players.map((p) => <button key={p} type="button" class="ghost" onClick={() => correct(t, p)}>{name(p)} won table {t.table}</button>)}
            <ScoreFix t={t} name={name} fix={(games) => act(() => tournaments.correct(ev.id, round.number, t.table, { games }, reason.trim() || "corrected by the organizer"))} />
            {resultText(t, name) === "playing" ? (
              <>
                {t.players.map((p, i) => <span key={`a${p}`}> {name(p)} {t.arrived[i] ? "joined" : "not joined yet"} ·</span>)}
                {t.players.map((p) => <button key={`c${p}`} type="button" class="ghost" onClick={() => act(() => tournaments.concede(ev.id, round.number, t.table, p))}>{name(p)} concedes</button>)}
                <button type="button" class="ghost" onClick={() => act(() => tournaments.intentionalDraw(ev.id, round.number, t.table))}>Intentional draw</button>
                {t.players.map((p) => <button key={`j${p}`} type="button" class="ghost" onClick={() => judge(t, { action: "match_loss", player: p, reason: reason.trim() || "judge's ruling" })}>Match loss: {name(p)}</button>)}
                <button type="button" class="ghost" onClick={() => judge(t, { action: "time_extension", minutes: 10, reason: reason.trim() || "judge's ruling" })}>+10 min at table {t.table}</button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Any game score for a table: games won by each player and games drawn. */
function ScoreFix({ t, name, fix }: { t: TableView; name: (p: string) => string; fix: (games: Game[]) => void }) {
  const [score, setScore] = useState<[number, number, number]>([0, 0, 0]);
  const field = (i: 0 | 1 | 2, label: string) => (
    <label>{label} <input type="number" min={0} max={3} style="width:3em" value={score[i]}
      onInput={(e) => { const next = [...score] as [number, number, number]; next[i] = Number(e.currentTarget.value) || 0; setScore(next); }} /></label>
  );
  return (
    <span class="row" aria-label={`Score for table ${t.table}`}>
      {field(0, name(t.players[0]))}{field(1, name(t.players[1]))}{field(2, "draws")}
      <button type="button" class="ghost" onClick={() => fix(gamesFromScore(t.players, [score[0], score[1]], score[2]))}>Record {score[0]}–{score[1]}–{score[2]}</button>
    </span>
  );
}

function Pairings({ ev, name }: { ev: EventView; name: (p: string) => string }) {
  const round = ev.rounds[ev.rounds.length - 1]!;
  return (
    <section class="panel" aria-labelledby="pairings-h">
      <h2 id="pairings-h">Round {round.number} pairings</h2>
      <table class="pairings">
        <thead><tr><th>Table</th><th>Players</th><th>Result</th><th>Watch</th></tr></thead>
        <tbody>
          {round.tables.map((t) => (
            <tr key={t.table} data-testid={`table-${t.table}`}>
              <td>{t.table}</td><td>{name(t.players[0])} – {name(t.players[1])}</td><td>{resultText(t, name)}</td>
              <td>{t.room_id ? <a href={`/rooms/${encodeURIComponent(t.room_id)}?watch`} onClick={linkClick}>Watch</a> : "no room"}</td>
            </tr>
          ))}
          {round.byes.map((b) => <tr key={b}><td>–</td><td>{name(b)}</td><td>bye</td><td /></tr>)}
        </tbody>
      </table>
    </section>
  );
}

/** Every player and where they stand: checked in or not before round 1, then dropped (no-show), dropped, ... */
function Players({ ev, name, organizer, act }: { ev: EventView; name: (p: string) => string; organizer: boolean; act: (f: () => Promise<EventView>) => void }) {
  const before = ev.rounds.length === 0;
  const checked = ev.checked_in.length;
  return (
    <section class="panel" aria-labelledby="players-h">
      <h2 id="players-h">Players</h2>
      {before ? <p class="small">{checked} of {ev.log.players.length} checked in{ev.log.settings.check_in ? "; whoever has not checked in when round 1 is paired is dropped" : ""}.</p> : null}
      <ul class="small">
        {ev.log.players.map((p) => (
          <li key={p.id} data-testid={`player-${p.id}`}>{name(p.id)}: {playerStatus(ev, p.id)}
            {organizer && before && !ev.checked_in.includes(p.id) ? <> <button type="button" class="ghost" onClick={() => act(() => tournaments.checkIn(ev.id, p.id))}>Check in</button></> : null}
            {organizer && !ev.over ? <> {playerStatus(ev, p.id).startsWith("dropped")
              ? <button type="button" class="ghost" onClick={() => act(() => tournaments.readd(ev.id, p.id, "re-added by the organizer"))}>Re-add {name(p.id)}</button>
              : <button type="button" class="ghost" onClick={() => act(() => tournaments.drop(ev.id, p.id, "dropped by the organizer"))}>Drop {name(p.id)}</button>}</> : null}</li>
        ))}
      </ul>
    </section>
  );
}

function StandingsTable({ standings }: { standings: Standings }) {
  return (
    <section class="panel" aria-labelledby="standings-h">
      <h2 id="standings-h">Standings</h2>
      <table class="standings">
        <thead><tr><th>Rank</th><th>Player</th><th>Points</th><th>Record</th><th>Byes</th><th>OMW%</th><th>GW%</th><th>OGW%</th><th>Opponents</th></tr></thead>
        <tbody>
          {standings.players.map((s) => (
            <tr key={s.player}><td>{s.rank}</td><td>{standingName(s)}{s.active ? "" : " (dropped)"}</td><td>{s.match_points}</td><td>{s.record.won}–{s.record.lost}–{s.record.drawn}</td>
              <td>{s.byes}</td><td>{percent(s.omw)}</td><td>{percent(s.gw)}</td><td>{percent(s.ogw)}</td>
              <td>{s.opponents.map((o) => standings.players.find((p) => p.player === o)?.name ?? o).join(", ")}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** An exact "num/den" fraction as a percentage with two decimals. */
function percent(f: string): string {
  const [n, d] = f.split("/").map(Number);
  return d ? `${((100 * n!) / d).toFixed(2)}` : f;
}

/** The top cut: its rounds once paired; before that, the bracket today's standings would seed, marked provisional. */
function Bracket({ ev, name }: { ev: EventView; name: (p: string) => string }) {
  const rounds = playoffRounds(ev);
  return (
    <section class="panel" aria-labelledby="bracket-h">
      <h2 id="bracket-h">Top cut</h2>
      {rounds.length ? (
        <div class="row">
          {rounds.map((r) => (
            <ol key={r.number} aria-label={`Round ${r.number}`}>
              {r.tables.map((t) => <li key={t.table}>{name(t.players[0])} – {name(t.players[1])}: {resultText(t, name)}</li>)}
            </ol>
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
