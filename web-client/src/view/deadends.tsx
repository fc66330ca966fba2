// The organizer's ways past a round nobody can pair (docs/tournaments.md, "No dead ends"): pair the next round or
// re-pair the current one by hand (rematches and second byes only when confirmed, with a reason), change the
// number of Swiss rounds, end the event early. Each asks for confirmation first; the server audits it.
import { useState } from "preact/hooks";
import { type EventView, parseHandPairing, tournaments } from "../tournament";

type Act = (f: () => Promise<EventView>) => void;

export function DeadEnds({ ev, act }: { ev: EventView; act: Act }) {
  const [text, setText] = useState("");
  const [reason, setReason] = useState("");
  const [confirm, setConfirm] = useState(false);
  const [rounds, setRounds] = useState("");
  const [parseError, setParseError] = useState<string | null>(null);
  const current = ev.rounds.at(-1);
  // A round whose tables all still lack a result is re-paired; otherwise the next one is paired.
  const repair = current !== undefined && current.tables.every((t) => t.result.games.length === 0 && !t.result.end && !(t.result.judge ?? []).length);
  const swiss = ev.log.settings.structure.kind === "swiss";
  const submit = (e: Event) => {
    e.preventDefault();
    setParseError(null);
    let pairings;
    try {
      pairings = parseHandPairing(text, ev.log.players);
    } catch (err) {
      setParseError(err instanceof Error ? err.message : String(err));
      return;
    }
    const what = repair ? `Re-pair round ${current!.number}` : `Pair round ${ev.rounds.length + 1}`;
    if (!window.confirm(`${what} by hand with these ${pairings.length} lines?`)) return;
    act(() => (repair ? tournaments.repair : tournaments.pairByHand)(ev.id, pairings, reason, confirm));
  };
  const setSwiss = () => {
    const n = Number(rounds);
    if (!window.confirm(`Set the event to ${n} Swiss rounds?`)) return;
    act(() => tournaments.setSwissRounds(ev.id, n, reason));
  };
  const end = () => {
    if (!window.confirm("End the event now? The standings become final and no further round is paired.")) return;
    act(() => tournaments.end(ev.id, reason));
  };
  if (ev.over) return null;
  return (
    <div aria-label="Pair by hand, rounds, end early">
      {ev.warnings.map((w) => <p key={w} class="small" role="status">Warning: {w}</p>)}
      <div class="field"><label for="override-reason">Reason (recorded in the audit log)</label>
        <input id="override-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} /></div>
      {swiss && ev.status !== "registration" ? (
        <form onSubmit={submit} aria-label="Pair by hand">
          <div class="field"><label for="hand-pairs">{repair ? `Re-pair round ${current!.number}` : `Pair round ${ev.rounds.length + 1}`} by hand: one table a line, "Ann v Bob", or "bye Cy"</label>
            <textarea id="hand-pairs" rows={4} value={text} onInput={(e) => setText(e.currentTarget.value)} /></div>
          <label><input type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.currentTarget.checked)} /> Rematches and second byes are meant</label>
          <button type="submit">{repair ? "Re-pair by hand" : "Pair by hand"}</button>
          {parseError ? <p class="error" role="alert">{parseError}</p> : null}
        </form>
      ) : null}
      {swiss ? (
        <div class="row">
          <label for="swiss-rounds">Swiss rounds</label>
          <input id="swiss-rounds" type="number" min={1} max={40} value={rounds} onInput={(e) => setRounds(e.currentTarget.value)} />
          <button type="button" disabled={!rounds} onClick={setSwiss}>Set rounds</button>
          {ev.rounds.length ? <button type="button" onClick={end}>End the event now</button> : null}
        </div>
      ) : null}
    </div>
  );
}
