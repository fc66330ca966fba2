// Penalties on the event page (docs/tournaments.md, "Penalties", "Judges"): the list every visitor sees, a
// player's own record, and for the organizer and its judges the judge's desk: a penalty form per player, judge
// appointments (organizer only) and a "Judge view" button per table of the round being played.
import { useState } from "preact/hooks";
import type { EventView } from "../gen/EventView";
import {
  INFRACTIONS, type Infraction, type IssuePenalty, type JudgeBoard, PENALTY_KINDS, type Penalty, type PenaltyKind,
  isJudge, judging, penaltyText, playerPenalties,
} from "../judging";
import { JudgeBoardView } from "./judgeview";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Every penalty of the event, or only `player`'s record. */
export function PenaltyList({ ev, name, player }: { ev: EventView; name: (id: string) => string; player?: string }) {
  const list: Penalty[] = player ? playerPenalties(ev, player) : ev.penalties;
  if (player && !list.length) return null;
  const body = list.length
    ? <ul class="small" data-testid={player ? "my-penalties" : "penalties"}>{list.map((p, i) => <li key={i}>{penaltyText(p, name)}</li>)}</ul>
    : <p class="small">None.</p>;
  if (player) return <div><p>My penalties:</p>{body}</div>;
  return <section class="panel" aria-labelledby="penalties-h"><h2 id="penalties-h">Penalties</h2>{body}</section>;
}

/** One player's penalty form: kind, infraction, reason, and minutes for a time extension (at their table). */
export function PenaltyForm({ player, submit }: { player: string; submit: (p: IssuePenalty) => void }) {
  const [kind, setKind] = useState<PenaltyKind>("warning");
  const [infraction, setInfraction] = useState<Infraction>("tardiness");
  const [reason, setReason] = useState("");
  const [minutes, setMinutes] = useState("5");
  const id = (what: string) => `pen-${what}-${player}`;
  const send = (e: Event) => {
    e.preventDefault();
    const body: IssuePenalty = { player, kind, infraction, reason: reason.trim() };
    if (kind === "time_extension") body.minutes = Number(minutes);
    submit(body);
  };
  return (
    <form class="row" aria-label="Penalty" onSubmit={send}>
      <label for={id("kind")}>Penalty</label>
      <select id={id("kind")} value={kind} onChange={(e) => setKind(e.currentTarget.value as PenaltyKind)}>
        {PENALTY_KINDS.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
      </select>
      <label for={id("infraction")}>Infraction</label>
      <select id={id("infraction")} value={infraction} onChange={(e) => setInfraction(e.currentTarget.value as Infraction)}>
        {INFRACTIONS.map(([k, l]) => <option key={k} value={k}>{l}</option>)}
      </select>
      {kind === "time_extension" ? <>
        <label for={id("minutes")}>Minutes</label>
        <input id={id("minutes")} type="number" min={1} max={1440} value={minutes} onInput={(e) => setMinutes(e.currentTarget.value)} />
      </> : null}
      <label for={id("reason")}>Penalty reason</label>
      <input id={id("reason")} value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
      <button type="submit">Give</button>
    </form>
  );
}

/** The organizer's and judges' desk; nothing for anyone else. */
export function JudgeDesk({ ev, me, name, onChange }: { ev: EventView; me: string | undefined; name: (id: string) => string; onChange: (e: EventView) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [appointee, setAppointee] = useState("");
  const [board, setBoard] = useState<JudgeBoard | null>(null);
  if (!isJudge(ev, me)) return null;
  const act = (f: () => Promise<EventView>) => { setError(null); f().then(onChange, (e: unknown) => setError(message(e))); };
  const look = (round: number, table: number) => {
    setError(null);
    judging.judgeView(ev.id, round, table).then(setBoard, (e: unknown) => setError(message(e)));
  };
  const round = ev.rounds[ev.rounds.length - 1];
  return (
    <section class="panel" aria-labelledby="judge-h">
      <h2 id="judge-h">Judges</h2>
      <p class="small">Judges: {ev.judges.length ? ev.judges.map((j) => j.name).join(", ") : "the organizer only"}.</p>
      {me === ev.organizer_id ? (
        <form class="row" aria-label="Appoint a judge" onSubmit={(e) => { e.preventDefault(); act(() => judging.appoint(ev.id, appointee.trim())); }}>
          <label for="judge-id">Appoint a judge (account id)</label>
          <input id="judge-id" value={appointee} onInput={(e) => setAppointee(e.currentTarget.value)} />
          <button type="submit">Appoint</button>
        </form>
      ) : null}
      {round ? (
        <div class="row" aria-label="Judge views">
          {round.tables.filter((t) => t.room_id).map((t) => (
            <button key={t.table} type="button" class="ghost" onClick={() => look(round.number, t.table)}>Judge view: table {t.table}</button>
          ))}
        </div>
      ) : null}
      {board ? <JudgeBoardView board={board} onClose={() => setBoard(null)} /> : null}
      {ev.log.players.map((p) => (
        <details key={p.id}>
          <summary>Penalty for {name(p.id)}</summary>
          <PenaltyForm player={p.id} submit={(body) => act(() => judging.penalize(ev.id, body))} />
        </details>
      ))}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}
