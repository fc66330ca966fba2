// The event page's data: the event as its socket pushes it (src/eventsocket.ts; polling only if the socket
// fails), its announcements, and the standings and audit log read again whenever the event changed.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../api";
import { type Announcement, EventFeedClient, type FeedMode, eventSocketUrl } from "../eventsocket";
import { webSocketTransport } from "../socket";
import { type AuditEntry, type EventView, type Standings, tournaments } from "../tournament";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * `account` is who the page is signed in as: the socket is opened again when it changes (a visitor who signs in
 * as a guest on the page to register), since the server reads it once, at the handshake, to tell a player
 * where they play ("Round 2 has started — you are at table 3 vs Ann").
 */
export function useEventFeed(id: string, account = "") {
  const [ev, setEv] = useState<EventView | null>(null);
  const [standings, setStandings] = useState<Standings | null>(null);
  const [audit, setAudit] = useState<AuditEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);
  const [mode, setMode] = useState<FeedMode>("connecting");
  // Bumped whenever the event changed: the standings and the audit log are read again.
  const [changes, setChanges] = useState(0);
  const last = useRef("");
  // The round clock counts down between changes: the page is drawn again every second.
  const [, setNow] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  useEffect(() => {
    let live = true;
    tournaments.get(id).then(
      (e) => { if (live && !last.current) { setEv(e); setError(null); } },
      (e: unknown) => live && setError(e instanceof ApiError && e.status === 404 ? "No tournament has this id." : message(e)),
    );
    const feed = new EventFeedClient({
      url: (since) => eventSocketUrl(id, since),
      transport: webSocketTransport,
      poll: () => tournaments.get(id),
      onView: (view) => {
        const text = JSON.stringify({ ...view, announcements: [] });
        if (text === last.current) return; // a poll that found nothing new
        last.current = text;
        setEv(view);
        setError(null);
        setChanges((n) => n + 1);
      },
      onAnnouncements: setAnnouncements,
      onMode: setMode,
    });
    feed.start();
    return () => { live = false; feed.stop(); };
  }, [id, account]);

  useEffect(() => {
    let live = true;
    Promise.all([tournaments.standings(id), tournaments.audit(id)]).then(
      ([s, a]) => { if (live) { setStandings(s); setAudit(a); } },
      () => {}, // the event itself says what is wrong
    );
    return () => { live = false; };
  }, [id, changes]);

  return {
    ev, standings, audit, error, announcements, mode,
    /** An action's answer: shown at once (the socket's copy follows), and the tables read again. */
    refresh: (e: EventView) => { setEv(e); setChanges((n) => n + 1); },
  };
}
