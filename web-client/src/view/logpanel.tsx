// The match log beside (or below) the board: lines grouped by turn, newest always scrolled into view.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { groupByTurn, type SeatNames } from "../log";
import type { LogEntry } from "../state";

const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

export function LogPanel({ log, names }: { log: LogEntry[]; names: SeatNames }) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  // Stay pinned to the newest line — after new lines and whenever the panel is resized (the card detail panel
  // above it grows and shrinks) — except for a while after the reader scrolled the log themselves. (Scroll events
  // cannot tell: the browser fires them too when content or size changes.)
  const readUntil = useRef(0);
  const pin = () => { if (el && Date.now() > readUntil.current) el.scrollTop = el.scrollHeight; };
  useLayoutEffect(pin);
  useEffect(() => {
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(pin);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  const reading = () => { readUntil.current = Date.now() + 15_000; };
  const groups = groupByTurn(log.map((e) => e.event), names);
  const last = groups.length - 1;
  return (
    <aside class="log" aria-labelledby="log-h">
      <h3 id="log-h">Match log</h3>
      {log.length === 0 ? <p class="muted small">Events will appear here.</p> : (
        <div class="log-scroll" ref={setEl} onWheel={reading} onTouchStart={reading} onKeyDown={(e) => { if (SCROLL_KEYS.has(e.key)) reading(); }} role="log" tabIndex={0} aria-label="Match log lines">
          {groups.map((g, i) => (
            <section key={i} class="log-turn">
              <h4>{g.title}</h4>
              <ol>
                {g.lines.map((line, j) => (
                  <li key={j} data-testid={i === last && j === g.lines.length - 1 ? "log-last" : undefined}>{line}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </aside>
  );
}
