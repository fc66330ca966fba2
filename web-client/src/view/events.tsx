// The lobby's "Events": tournaments taking registrations, running and finished, each a link to its page
// (docs/tournaments.md "Finding an event"). Anyone may look, signed in or not.
import { useEffect, useState } from "preact/hooks";
import { type EventList, type EventSummary, entrantsText, formatText, listEvents } from "../events";
import { linkClick } from "../router";

type Listed = { kind: "loading" } | { kind: "ok"; list: EventList } | { kind: "error"; message: string };

export function EventLists() {
  const [events, setEvents] = useState<Listed>({ kind: "loading" });
  useEffect(() => {
    let alive = true;
    const load = () =>
      listEvents().then(
        (list) => alive && setEvents({ kind: "ok", list }),
        (e: unknown) => alive && setEvents({ kind: "error", message: e instanceof Error ? e.message : String(e) }),
      );
    void load();
    const t = setInterval(load, 30_000);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, []);
  return (
    <section class="panel events" aria-labelledby="events-h">
      <h2 id="events-h">Events</h2>
      <p class="small">
        Tournaments: register for one that is open, follow one running, or look back at the standings. <a href="/tournaments/new" onClick={linkClick}>Run your own event</a>.
      </p>
      {events.kind === "loading" ? <p class="empty" aria-busy="true">Loading…</p>
        : events.kind === "error" ? <p class="empty error">Could not load events: {events.message}</p>
        : (
          <>
            <EventGroup title="Open for entries" empty="No event is taking entries right now." events={events.list.upcoming} />
            <EventGroup title="Running" empty="No event is running right now." events={events.list.running} />
            <EventGroup title="Finished" empty="No finished events yet." events={events.list.finished} />
          </>
        )}
    </section>
  );
}

function EventGroup({ title, empty, events }: { title: string; empty: string; events: EventSummary[] }) {
  return (
    <div class="event-group">
      <h3>{title}</h3>
      {events.length === 0 ? <p class="empty">{empty}</p> : (
        <ul class="room-list" aria-label={`${title} events`}>
          {events.map((e) => (
            <li key={e.id}>
              <div class="room-summary">
                <strong><a href={`/tournaments/${encodeURIComponent(e.id)}`} onClick={linkClick}>{e.name}</a></strong>
                <span>{formatText(e.settings)}</span>
                <span>{entrantsText(e.players)}</span>
                {e.status === "closed" ? <span>registration closed</span> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
