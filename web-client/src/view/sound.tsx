// The header's sound menu (on/off and volume) and the hook that plays the board's cues as new events arrive.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Seat } from "../gen/Seat";
import { cuesFor, sound as appSound, type SoundBoard, type SoundSettings } from "../sound";
import type { LogEntry } from "../state";

function useSettings(board: SoundBoard): SoundSettings {
  const [s, setS] = useState(board.settings);
  useEffect(() => board.subscribe(setS), [board]);
  return s;
}

/** A speaker with waves, or struck through while sound is off. */
function Speaker({ on }: { on: boolean }) {
  return (
    <svg class="speaker" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
      {on ? <path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        : <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round" />}
    </svg>
  );
}

export function SoundMenu({ board = appSound }: { board?: SoundBoard }) {
  const s = useSettings(board);
  return (
    <details class="sound-menu">
      <summary aria-label={`Sound: ${s.on ? `on, volume ${Math.round(s.volume * 100)}%` : "off"}`} title="Sound">
        <Speaker on={s.on && s.volume > 0} />
      </summary>
      <div class="sound-panel">
        <label class="sound-toggle">
          <input type="checkbox" checked={s.on}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              board.set({ on });
              // Turning sound on is the gesture that lets the page make sound: a chime says it works.
              if (on) board.play("your_turn");
            }} />
          Sound cues
        </label>
        <label class="sound-volume">
          Volume
          <input type="range" min={0} max={100} step={5} value={Math.round(s.volume * 100)} disabled={!s.on}
            onChange={(e) => { board.set({ volume: Number((e.currentTarget as HTMLInputElement).value) / 100 }); board.play("blend"); }} />
        </label>
      </div>
    </details>
  );
}

/**
 * Plays the cues of the log entries that arrived since the last render. The log on the first render (a reload's
 * restored log) and a log replaced wholesale (a snapshot, a replay's step) are silent: they are not news.
 */
export function useSoundCues(log: readonly LogEntry[], me: Seat | null, board: SoundBoard = appSound) {
  const last = useRef<LogEntry | undefined | null>(null);
  useEffect(() => {
    const prev = last.current;
    last.current = log[log.length - 1];
    if (prev === null) return;
    const from = prev === undefined ? 0 : log.lastIndexOf(prev) + 1;
    if (from === 0 && prev !== undefined) return;
    const cues = cuesFor(log.slice(from).map((e) => e.event), me);
    if (cues.length) board.playAll(cues);
  }, [log, me, board]);
}
