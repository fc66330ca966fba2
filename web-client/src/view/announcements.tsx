// Announcements (docs/tournaments.md, "Announcements"): the organizer's messages, round starts and time calls,
// as the event page and a table's page show them, a toast for each that arrives while the page is open, and the
// organizer's "Announce" form.
import { useEffect, useRef, useState } from "preact/hooks";
import { type Announcement, announce } from "../eventsocket";
import type { EventView } from "../gen/EventView";

const ANNOUNCEMENT_MAX_CHARS = 500;

/** One announcement in words: the text, then where the reader plays when it says so. */
export function announcementText(a: Announcement): string {
  return a.for_you ? `${a.text} — ${a.for_you}` : a.text;
}

const time = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

export function AnnouncementList({ list, title = "Announcements" }: { list: Announcement[]; title?: string }) {
  if (!list.length) return null;
  return (
    <section class="panel announcements" aria-labelledby="ann-h" data-testid="announcements">
      <h2 id="ann-h">{title}</h2>
      <ol class="small" reversed>
        {[...list].reverse().map((a) => (
          <li key={a.seq} class={`ann-${a.kind}`}><time>{time(a.at_ms)}</time> {announcementText(a)}</li>
        ))}
      </ol>
    </section>
  );
}

/** The announcements that arrive after the page opened, each shown for `ms` (or until dismissed). */
export function AnnouncementToasts({ list, ms = 10_000 }: { list: Announcement[]; ms?: number }) {
  // Those held when the page first got any are history, not news.
  const seen = useRef<number | null>(null);
  const [shown, setShown] = useState<Announcement[]>([]);
  useEffect(() => {
    if (!list.length) return;
    const newest = list[list.length - 1]!.seq;
    if (seen.current === null) {
      seen.current = newest;
      return;
    }
    const after = seen.current;
    const fresh = list.filter((a) => a.seq > after);
    seen.current = Math.max(after, newest);
    if (fresh.length) setShown((s) => [...s, ...fresh]);
  }, [list]);
  useEffect(() => {
    if (!shown.length) return;
    const t = setTimeout(() => setShown((s) => s.slice(1)), ms);
    return () => clearTimeout(t);
  }, [shown, ms]);
  if (!shown.length) return null;
  return (
    <div class="toasts" role="status" aria-live="polite">
      {shown.map((a) => (
        <p key={a.seq} class="toast" data-testid="toast">
          {announcementText(a)}
          <button type="button" class="ghost" aria-label="Dismiss" onClick={() => setShown((s) => s.filter((x) => x.seq !== a.seq))}>×</button>
        </p>
      ))}
    </div>
  );
}

/** The organizer's form: a message to every player's event page and table. */
export function AnnounceForm({ id, onDone }: { id: string; onDone?: (e: EventView) => void }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const ev = await announce(id, text);
      setText("");
      onDone?.(ev);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const left = ANNOUNCEMENT_MAX_CHARS - [...text].length;
  return (
    <form class="panel announce" onSubmit={send} aria-labelledby="announce-h">
      <h2 id="announce-h">Announce</h2>
      <div class="field">
        <label for="announce-text">A message to every player, on the event page and at the tables</label>
        <textarea id="announce-text" rows={2} maxLength={ANNOUNCEMENT_MAX_CHARS} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <span class="small" aria-live="polite">{left} characters left</span>
      </div>
      <button type="submit" class="primary" disabled={busy || !text.trim()}>Announce</button>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}
