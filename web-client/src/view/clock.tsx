// A seat's thinking time. The server sends remaining time with each version; the running clock counts down
// locally from when that arrived, and the next update corrects it.
import { useEffect, useState } from "preact/hooks";

export function formatMs(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

export function Clock({ ms, running, label }: { ms: number; running: boolean; label: string }) {
  const [since, setSince] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    const t0 = Date.now();
    setSince(t0);
    setNow(t0);
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [ms, running]);
  const left = running ? ms - (now - since) : ms;
  return (
    <span class={`clock${running ? " running" : ""}${left < 30_000 ? " low" : ""}`} role="timer" aria-label={`${label}: ${formatMs(left)} left`}>
      {formatMs(left)}
    </span>
  );
}
