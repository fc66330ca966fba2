// The console's tables, one card each: who sits there and whether they joined, where the table stands (waiting
// for players, playing game N, time called, a no-show, its result) and only the actions that fit that state
// (console.ts). A score form records or corrects a result; each action is confirmed and can be undone.
import { useState } from "preact/hooks";
import {
  type TableAction, actionLabel, consequence, decidesMatch, judgeAction, stateText, tableActions, tableState, undoResult,
} from "../../console";
import { type EventView, type Game, type RoundView, type TableResult, type TableView, gamesFromScore, tournaments } from "../../tournament";
import type { Run } from "./actions";
import { TableMounts } from "./mounts";

type Name = (p: string) => string;

export function ConsoleTables({ ev, round, name, run }: { ev: EventView; round: RoundView; name: Name; run: Run }) {
  const [reason, setReason] = useState("");
  return (
    <div aria-labelledby="tables-h">
      <h3 id="tables-h">Round {round.number}: tables</h3>
      <div class="field"><label for="fix-reason">Reason</label>
        <input id="fix-reason" value={reason} placeholder="recorded in the audit log" onInput={(e) => setReason(e.currentTarget.value)} /></div>
      <ul class="console-tables">
        {round.tables.map((t) => <TableCard key={t.table} ev={ev} round={round} t={t} name={name} run={run} reason={reason.trim()} />)}
        {round.byes.map((b) => <li key={b} class="console-table"><strong>Bye</strong>: {name(b)}</li>)}
      </ul>
    </div>
  );
}

function TableCard({ ev, round, t, name, run, reason }: { ev: EventView; round: RoundView; t: TableView; name: Name; run: Run; reason: string }) {
  const [scoring, setScoring] = useState(false);
  const state = tableState(t, ev.log.settings.games_per_match, name);
  const actions = tableActions(t, state);
  const act = (a: TableAction) => {
    if (a.kind === "record" || a.kind === "correct") return setScoring(true);
    const title = `${actionLabel(a, t.table, name)}${a.kind === "intentional_draw" ? ` at table ${t.table}` : ""}`;
    const detail = consequence(a, t, round.number, name);
    const judge = judgeAction(a, reason);
    // A time extension changes no result: it is confirmed, and corrected by another extension, not undone.
    const undo = a.kind === "extend" ? null : undoResult(round.number, t, `${title} (round ${round.number})`);
    const call = judge ? () => tournaments.judge(ev.id, round.number, t.table, judge) : () => tournaments.intentionalDraw(ev.id, round.number, t.table);
    run({ title, detail, call, undo });
  };
  const record = (games: Game[], score: string) => {
    const a: TableAction = { kind: state.kind === "result" || state.kind === "no_show" ? "correct" : "record" };
    const title = `Table ${t.table}: ${score}`;
    // A slip where nobody reached the games needed (1–1–1, 1–0–1 in a best of three): the match ended at time,
    // since a drawn game alone ends nothing (docs/tournaments.md, "End-of-round procedure").
    const needed = Math.floor(ev.log.settings.games_per_match / 2) + 1;
    const timed = !t.players.some((p) => games.filter((g) => g.result === "win" && g.winner === p).length >= needed);
    // The table's warnings and time extensions stay on it: a result replaces the table's whole record, and the
    // event's penalties are read from it (a match loss or a disqualification is what a new score replaces).
    const kept = (t.result.judge ?? []).filter((j) => !decidesMatch(j));
    const result: TableResult = { games, ...(timed ? { end: "time" } : {}), ...(kept.length ? { judge: kept } : {}) };
    run({
      title, detail: consequence(a, t, round.number, name) + (timed ? ` Nobody has ${needed} game win${needed === 1 ? "" : "s"}: the match is recorded as ended at time.` : ""),
      call: () => tournaments.correct(ev.id, round.number, t.table, result, reason || "recorded by the organizer"),
      undo: undoResult(round.number, t, `${title} (round ${round.number})`),
    });
    setScoring(false);
  };
  return (
    <li class={`console-table state-${state.kind}`} data-testid={`console-table-${t.table}`}>
      <div class="row">
        <strong>Table {t.table}</strong>
        <span>{t.players.map((p, i) => <span key={p}>{i ? " – " : ""}{name(p)}{t.arrived[i] ? "" : <span class="muted"> (not joined)</span>}</span>)}</span>
        <span class="table-state" data-testid="table-state">{stateText(state, name)}</span>
        {t.extension_minutes ? <span class="small">(+{t.extension_minutes} min)</span> : null}
      </div>
      <div class="row">
        {actions.map((a) => <button key={actionLabel(a, t.table, name)} type="button" class={a.kind === "record" ? "primary" : undefined} onClick={() => act(a)}>{actionLabel(a, t.table, name)}</button>)}
        <TableMounts ev={ev} round={round} table={t} name={name} run={run} />
        <FeatureToggle ev={ev} round={round} t={t} run={run} finished={state.kind === "result" || state.kind === "no_show"} />
      </div>
      {scoring ? <ScoreForm t={t} name={name} onRecord={record} onCancel={() => setScoring(false)} /> : null}
    </li>
  );
}

/** Features the table for spectators, or stops featuring it: changes no result, so it is neither confirmed nor
 * undone (docs/tournaments.md, "Featured table and spectators"). Offered while the table plays. */
function FeatureToggle({ ev, round, t, run, finished }: { ev: EventView; round: RoundView; t: TableView; run: Run; finished: boolean }) {
  const featured = ev.featured?.round === round.number && ev.featured.table === t.table;
  // Only the round being played has a table to feature (the console may show an earlier round to correct it), and
  // a table with its result is no longer one to watch live.
  if (round.number !== ev.rounds.length || (finished && !featured)) return null;
  const call = () => tournaments.feature(ev.id, featured ? null : t.table);
  return (
    <button type="button" class="ghost" aria-pressed={featured} onClick={() => run({ title: "", detail: "", call, confirm: false, undo: null })}>
      {featured ? "★ Featured: stop featuring" : "☆ Feature for spectators"}
    </button>
  );
}

/** Any game score for a table: games won by each player and games drawn; the inputs are wide enough to read. */
export function ScoreForm({ t, name, onRecord, onCancel }: { t: TableView; name: Name; onRecord: (games: Game[], score: string) => void; onCancel: () => void }) {
  const [score, setScore] = useState<[number, number, number]>([0, 0, 0]);
  const field = (i: 0 | 1 | 2, label: string) => (
    <label class="score-field">{label}
      <input class="score" type="number" inputMode="numeric" min={0} max={3} value={score[i]}
        onInput={(e) => { const next = [...score] as [number, number, number]; next[i] = Math.max(0, Number(e.currentTarget.value) || 0); setScore(next); }} /></label>
  );
  const text = `${score[0]}–${score[1]}–${score[2]}`;
  return (
    <form class="row score-form" aria-label={`Score for table ${t.table}`} onSubmit={(e) => { e.preventDefault(); onRecord(gamesFromScore(t.players, [score[0], score[1]], score[2]), `${name(t.players[0])} ${text} ${name(t.players[1])}`); }}>
      {field(0, name(t.players[0]))}{field(1, name(t.players[1]))}{field(2, "draws")}
      <button type="submit" class="primary">Record {text}</button>
      <button type="button" class="ghost" onClick={onCancel}>Cancel</button>
    </form>
  );
}
