// An event page's data: the event, its standings and its audit log, polled every two seconds (results arrive as
// the tables' rooms finish) and refreshed at once after every change the page makes.
import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../../api";
import { type AuditEntry, type EventView, type Standings, tournaments } from "../../tournament";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useEvent(id: string) {
  const [ev, setEv] = useState<EventView | null>(null);
  const [standings, setStandings] = useState<Standings | null>(null);
  const [audit, setAudit] = useState<AuditEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all([tournaments.get(id), tournaments.standings(id), tournaments.audit(id)]).then(
      ([e, s, a]) => { if (live) { setEv(e); setStandings(s); setAudit(a); setError(null); } },
      (e: unknown) => live && setError(e instanceof ApiError && e.status === 404 ? "No tournament has this id." : message(e)),
    );
    const t = setTimeout(() => setTick((n) => n + 1), 2000);
    return () => { live = false; clearTimeout(t); };
  }, [id, tick]);
  return { ev, standings, audit, error, refresh: (e: EventView) => { setEv(e); setTick((n) => n + 1); } };
}
