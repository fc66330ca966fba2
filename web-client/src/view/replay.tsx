// Replay page (/replays/{matchId}[?seat=A|B]): steps through the server's recomputed views with the board
// drawn read-only. The public replay is the spectator projection; `?seat=` asks for a player's own views.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { Session } from "../app";
import { api, loadFailure } from "../api";
import type { Replay } from "../protocol";
import { linkClick } from "../router";
import type { LogEntry } from "../state";
import { renderBoard } from "./board";

type Load = { kind: "loading" } | { kind: "ok"; replay: Replay } | { kind: "missing"; message: string };

export function ReplayPage({ id, session }: { id: string; session: Session }) {
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [step, setStep] = useState(0);
  useEffect(() => {
    const seat = new URLSearchParams(location.search).get("seat");
    api.replay(id, seat === "A" || seat === "B" ? seat : undefined).then(
      (replay) => {
        setLoad({ kind: "ok", replay });
        setStep(Math.max(0, replay.steps.length - 1));
      },
      (e: unknown) => setLoad({
        kind: "missing",
        message: loadFailure(e, "This server does not serve replays yet.", "There is no match with this id."),
      }),
    );
  }, [id]);
  const steps = load.kind === "ok" ? load.replay.steps : [];
  const log = useMemo<LogEntry[]>(
    () => steps.slice(0, step + 1).flatMap((s) => s.events.map((event) => ({ v: s.v, event }))),
    [steps, step],
  );

  if (load.kind !== "ok") {
    return (
      <section class="panel">
        <h1>Replay</h1>
        {load.kind === "loading" ? <p aria-busy="true">Loading replay…</p> : <p class="empty">{load.message}</p>}
        <p><a href="/" onClick={linkClick}>Back to the lobby</a></p>
      </section>
    );
  }
  const current = steps[step];
  return (
    <div class="replay">
      <header class="room-head">
        <h1>Replay</h1>
        <span>{load.replay.finished ? "finished match" : "live match (so far)"}</span>
        <span>{steps.length} versions</span>
      </header>
      <div class="panel replay-controls row" role="group" aria-label="Replay controls">
        <button type="button" onClick={() => setStep(0)} disabled={step === 0} aria-label="First version">|◀</button>
        <button type="button" onClick={() => setStep(step - 1)} disabled={step === 0} aria-label="Previous version">◀</button>
        <label for="replay-step" class="sr-only">Version</label>
        <input id="replay-step" type="range" min={0} max={Math.max(0, steps.length - 1)} value={step}
          onInput={(e) => setStep(Number(e.currentTarget.value))} />
        <button type="button" onClick={() => setStep(step + 1)} disabled={step >= steps.length - 1} aria-label="Next version">▶</button>
        <button type="button" onClick={() => setStep(steps.length - 1)} disabled={step >= steps.length - 1} aria-label="Last version">▶|</button>
        <span aria-live="polite">v{current?.v ?? 0}</span>
      </div>
      {current && session.catalogue ? renderBoard(current.view, [], session.catalogue, { log }) : <p class="empty">No versions yet.</p>}
    </div>
  );
}
