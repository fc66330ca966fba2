// A tournament table's page (docs/tournaments.md, "Announcements" and "At the table"): which event, round and
// table this is, with a link back to the event; the event's announcements the room passed on; and once the
// match is over, "Back to the event" and, when the player's next round is paired, where they play it.
import { useEffect, useState } from "preact/hooks";
import { type Announcement, mergeAnnouncements } from "../eventsocket";
import type { RoomInfo } from "../protocol";
import { linkClick } from "../router";
import { type EventView, tournaments } from "../tournament";
import { AnnouncementList, AnnouncementToasts } from "./announcements";

/** Where this room stands in its event, and the player's next table once their next round is paired. */
export interface TablePlace {
  event: string;
  name: string;
  round: number;
  table: number;
  /** The account's table (and room) in a later round, or a bye; `null` while it is not paired. */
  next: { round: number; table: number | null; room: string | null } | null;
}

/** Finds `roomId` among the event's tables, and `me`'s place in the round after it. */
export function tablePlace(ev: EventView, roomId: string, me: string | undefined): TablePlace | null {
  for (const r of ev.rounds) {
    const t = r.tables.find((x) => x.room_id === roomId);
    if (!t) continue;
    let next: TablePlace["next"] = null;
    const later = me ? ev.rounds.find((x) => x.number === r.number + 1) : undefined;
    if (later && me) {
      const mine = later.tables.find((x) => x.players.includes(me));
      if (mine) next = { round: later.number, table: mine.table, room: mine.room_id };
      else if (later.byes.includes(me)) next = { round: later.number, table: null, room: null };
    }
    return { event: ev.id, name: ev.log.name, round: r.number, table: t.table, next };
  }
  return null;
}

/** The room's bar for an event table. Reads the event on arrival and, once the match is over, every 3 s until
 * the player's next round is paired (or the event is over). */
export function EventTableBar({ room, me, announcements }: { room: RoomInfo; me: string | undefined; announcements: Announcement[] }) {
  const [ev, setEv] = useState<EventView | null>(null);
  const over = room.status === "finished" || !!room.match_end;
  const place = ev ? tablePlace(ev, room.id, me) : null;
  const waiting = over && !!place && !place.next && !ev?.over;
  useEffect(() => {
    if (!room.event) return;
    let live = true;
    const read = () => tournaments.get(room.event as string).then((e) => live && setEv(e), () => {});
    read();
    const t = waiting ? setInterval(read, 3000) : null;
    return () => { live = false; if (t) clearInterval(t); };
  }, [room.event, waiting]);
  if (!room.event) return null;
  const eventHref = `/tournaments/${encodeURIComponent(room.event)}`;
  return (
    <>
      <p class="event-table" data-testid="event-table">
        Event: <a href={eventHref} onClick={linkClick}>{place ? place.name : "the event"}</a>
        {place ? ` — round ${place.round}, table ${place.table}` : ""}
      </p>
      <AnnouncementToasts list={announcements} />
      <AnnouncementList list={announcements} title="From the organizer" />
      {over ? (
        <section class="panel next-round" aria-label="After the match" data-testid="after-match">
          <p><a href={eventHref} onClick={linkClick}>Back to the event</a></p>
          {place?.next ? (
            <p data-testid="next-round">
              {place.next.room
                ? <>Your next round: <a href={`/rooms/${encodeURIComponent(place.next.room)}`} onClick={linkClick}>table {place.next.table}</a></>
                : place.next.table === null ? "Your next round: you have a bye" : `Your next round: table ${place.next.table}`}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** The room socket's announcements, one per `seq`. */
export function useTableAnnouncements(): [Announcement[], (a: Announcement) => void] {
  const [list, setList] = useState<Announcement[]>([]);
  return [list, (a) => setList((l) => mergeAnnouncements(l, [a]))];
}
