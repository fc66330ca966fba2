// Replay page (/replays/{matchId}[?seat=A|B][&room=id]): steps through the server's recomputed views with the
// board drawn read-only. The public replay is the spectator projection; `?seat=` asks for a player's own views;
// `?room=` names the players from the room. Arrow keys step, Page Up/Down jump by turn, Home/End to the ends,
// Space plays and pauses.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { Session } from "../app";
import { api, loadFailure } from "../api";
import type { Seat } from "../gen/Seat";
import type { Replay } from "../protocol";
import { linkClick } from "../router";
import type { LogEntry } from "../state";
import { renderBoard } from "./board";
import { seatName } from "./botlevel";

type Load = { kind: "loading" } | { kind: "ok"; replay: Replay } | { kind: "missing"; message: string };

const AUTOPLAY_MS = 900;

export function ReplayPage({ id, session }: { id: string; session: Session }) {
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [names, setNames] = useState<Partial<Record<Seat, string>>>({});
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const seat = params.get("seat");
    // Any seat of the table (A … F in a free-for-all, issue 16).
    api.replay(id, seat && /^[A-F]$/.test(seat) ? (seat as Seat) : undefined).then(
      (replay) => {
        setLoad({ kind: "ok", replay });
        setStep(Math.max(0, replay.steps.length - 1));
      },
      (e: unknown) => setLoad({
        kind: "missing",
        message: loadFailure(e, "This server does not serve replays yet.", "There is no match with this id."),
      }),
    );
    const room = params.get("room");
    if (room) {
      api.room(room).then(
        (r) => setNames(Object.fromEntries(r.seats.flatMap((s) => (s ? [[s.seat, seatName(s)]] : [])))),
        () => undefined, // Unnamed players are "Player A" and "Player B"; the replay still works.
      );
    }
  }, [id]);
  const steps = load.kind === "ok" ? load.replay.steps : [];
  const last = Math.max(0, steps.length - 1);
  const log = useMemo<LogEntry[]>(
    () => steps.slice(0, step + 1).flatMap((s) => s.events.map((event) => ({ v: s.v, event }))),
    [steps, step],
  );
  // Steps where a turn starts, for jumping by turn.
  const turnStarts = useMemo(
    () => steps.flatMap((s, i) => (s.events.some((e) => e.type === "turn_started") ? [i] : [])),
    [steps],
  );
  const prevTurn = () => setStep([...turnStarts].reverse().find((i) => i < step) ?? 0);
  const nextTurn = () => setStep(turnStarts.find((i) => i > step) ?? last);

  useEffect(() => {
    if (!playing) return;
    if (step >= last) { setPlaying(false); return; }
    const t = setTimeout(() => setStep((s) => Math.min(s + 1, last)), AUTOPLAY_MS);
    return () => clearTimeout(t);
  }, [playing, step, last]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => setStep((s) => Math.max(0, s - 1)),
        ArrowRight: () => setStep((s) => Math.min(last, s + 1)),
        PageUp: prevTurn,
        PageDown: nextTurn,
        Home: () => setStep(0),
        End: () => setStep(last),
      };
      const move = moves[e.key];
      if (move) { e.preventDefault(); setPlaying(false); move(); }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

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
  const turn = current?.view.turn ?? 0;
  const title = names.A && names.B ? `${names.A} vs ${names.B}` : "Replay";
  return (
    <div class="replay">
      <header class="room-head">
        <h1>{title}</h1>
        <span>{load.replay.finished ? "finished match" : "live match (so far)"}</span>
        <span>{turnStarts.length} turns</span>
      </header>
      <div class="panel replay-controls row" role="group" aria-label="Replay controls">
        <button type="button" onClick={() => setStep(0)} disabled={step === 0} aria-label="First version">|◀</button>
        <button type="button" onClick={prevTurn} disabled={step === 0} aria-label="Previous turn">◀◀ Turn</button>
        <button type="button" onClick={() => setStep(step - 1)} disabled={step === 0} aria-label="Previous version">◀</button>
        <button type="button" class="primary" onClick={() => { if (step >= last) setStep(0); setPlaying(!playing); }}
          aria-label={playing ? "Pause" : "Play"} aria-pressed={playing}>{playing ? "❚❚ Pause" : "▶ Play"}</button>
        <button type="button" onClick={() => setStep(step + 1)} disabled={step >= last} aria-label="Next version">▶</button>
        <button type="button" onClick={nextTurn} disabled={step >= last} aria-label="Next turn">Turn ▶▶</button>
        <button type="button" onClick={() => setStep(last)} disabled={step >= last} aria-label="Last version">▶|</button>
        <label for="replay-step" class="sr-only">Position in the replay</label>
        <input id="replay-step" type="range" min={0} max={last} value={step}
          onInput={(e) => { setPlaying(false); setStep(Number(e.currentTarget.value)); }} />
        <span aria-live="polite" data-testid="replay-position">Turn {turn} · step {step + 1} of {steps.length}</span>
        <span class="small muted">Keys: ← → step, Page Up/Down turn, Home/End</span>
      </div>
      {current && session.catalogue ? renderBoard(current.view, [], session.catalogue, { log, names, replay: true }) : <p class="empty">No versions yet.</p>}
    </div>
  );
}
