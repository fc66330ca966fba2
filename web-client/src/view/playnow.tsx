// "Play now": one button that joins the matchmaking queue (format, rated or casual, deck, the computer after a
// wait), shows the wait and how many are looking, and opens the room once matched (docs/protocol.md, "Play now").
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../api";
import type { JoinSeat } from "../protocol";
import { FORMATS, type Format, type QueueView, playApi, waited } from "../playnow";
import { navigate } from "../router";

/** The heartbeat interval: well inside the server's 15 s lease on a place. */
const BEAT_MS = 1500;
const COMPUTER_AFTER: { label: string; value: number | null }[] = [
  { label: "never", value: null },
  { label: "30 s", value: 30 },
  { label: "1 min", value: 60 },
  { label: "3 min", value: 180 },
];

/** The lobby's deck choice ("deck:<id>" / "pre:<slug>", kept in localStorage) as a seat body. */
export function savedDeck(): JoinSeat {
  const choice = localStorage.getItem("gb.playDeck") ?? "pre:fire-and-wind";
  return choice.startsWith("deck:") ? { deck_id: choice.slice(5) } : { preconstructed: choice.slice(4) };
}

export function PlayNow({ deck, title = "Play now" }: { deck?: JoinSeat; title?: string }) {
  const [format, setFormat] = useState<Format>(() => (localStorage.getItem("gb.playFormat") as Format) || "bo1");
  const [rated, setRated] = useState(() => localStorage.getItem("gb.playRated") !== "no");
  const [computerAfter, setComputerAfter] = useState<number | null>(null);
  const [queued, setQueued] = useState<QueueView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const beat = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = () => {
    if (beat.current) clearInterval(beat.current);
    beat.current = null;
  };
  useEffect(() => stop, []);
  const seen = (v: QueueView) => {
    setQueued(v);
    if (v.room) {
      stop();
      navigate(`/rooms/${encodeURIComponent(v.room)}`);
    }
  };
  const start = async () => {
    setError(null);
    localStorage.setItem("gb.playFormat", format);
    localStorage.setItem("gb.playRated", rated ? "yes" : "no");
    try {
      seen(await playApi.joinQueue({ format, rated, deck: deck ?? savedDeck(), computer_after_seconds: computerAfter }));
      stop();
      beat.current = setInterval(() => {
        playApi.queue().then(seen, (e: unknown) => {
          stop();
          setQueued(null);
          setError(e instanceof ApiError && e.code === "not_in_queue" ? "Your place in the queue lapsed. Try again." : String(e));
        });
      }, BEAT_MS);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const cancel = async () => {
    stop();
    await playApi.leaveQueue().catch(() => undefined);
    setQueued(null);
  };

  if (queued && !queued.room) {
    return (
      <section class="panel play-now" aria-labelledby="play-now-h" data-testid="play-now-waiting">
        <h2 id="play-now-h">Looking for an opponent…</h2>
        <p role="status">
          {FORMATS.find((f) => f.value === queued.format)?.label ?? queued.format}, {queued.rated ? "rated" : "casual"} ·
          waiting <span data-testid="play-now-waited">{waited(queued.waited_ms)}</span> ·
          <span data-testid="play-now-looking"> {queued.looking} looking</span> · rating range ±{queued.gap}
          {queued.computer_after_seconds ? ` · the computer after ${queued.computer_after_seconds} s` : ""}
        </p>
        <button type="button" onClick={cancel}>Cancel</button>
      </section>
    );
  }
  return (
    <section class="panel play-now" aria-labelledby="play-now-h">
      <h2 id="play-now-h">{title}</h2>
      <p class="small">Get an opponent near your rating. The wider search comes with the wait.</p>
      <div class="row">
        <label>Format{" "}
          <select value={format} onChange={(e) => setFormat(e.currentTarget.value as Format)}>
            {FORMATS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
          </select>
        </label>
        <label class="choice"><input type="checkbox" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} /> Rated</label>
        <label>Play the computer if nobody after{" "}
          <select value={computerAfter ?? ""} onChange={(e) => setComputerAfter(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
            {COMPUTER_AFTER.map((c) => <option key={c.label} value={c.value ?? ""}>{c.label}</option>)}
          </select>
        </label>
        <button type="button" class="primary big" onClick={start} data-testid="play-now">Play now</button>
      </div>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}
