// The event page: at once the public page (format, pairings, round clock, standings, bracket, final places,
// audit log), the player's view (sign up and register, my table, record; player.tsx) and, for the organizer, the
// console (console.tsx). The event comes over its socket (view/eventfeed.ts), so results and announcements
// appear as they happen.
import type { Session } from "../../app";
import { clockText, type EventView, playerName } from "../../tournament";
import { useActions } from "./actions";
import { AuditList } from "./audit";
import { Console } from "./console";
import { PlayerBox, SignUp } from "./player";
import { Players } from "./players";
import { Bracket, EventFormat, Pairings } from "./sections";
import { FinalPlaces, StandingsPanel } from "./standings";
import { AnnounceForm, AnnouncementList, AnnouncementToasts } from "../announcements";
import { useEventFeed } from "../eventfeed";
import { JudgeDesk, PenaltyList } from "../penalties";
import "../../event.css";

export function TournamentPage({ id, session }: { id: string; session: Session }) {
  const { ev, standings, audit, error, refresh, announcements } = useEventFeed(id, session.account?.id ?? "");
  const { run, ui } = useActions(ev, refresh);
  if (error) return <section class="panel"><h1>Tournament</h1><p class="error" role="alert">{error}</p></section>;
  if (!ev) return <section class="panel" aria-busy="true"><h1>Tournament</h1><p>Loading…</p></section>;
  // Players by name (a computer's marked, tournament.ts `playerName`), then the judges the organizer appointed.
  const playerNamed = playerName(ev);
  const judges = new Map(ev.judges.map((j): [string, string] => [j.account_id, j.name]));
  const name = (p: string) => { const n = playerNamed(p); return n !== p ? n : judges.get(p) ?? p; };
  const me = session.account?.id;
  const organizer = me === ev.organizer_id;
  const round = ev.rounds[ev.rounds.length - 1];
  // Organizer calls that change neither results nor the roster (registration, pairing, check-in) go straight.
  const act = (f: () => Promise<EventView>) => run({ title: "", detail: "", call: f, confirm: false, undo: null });
  return (
    <div class="tournament">
      <section class="panel" aria-labelledby="t-h">
        <h1 id="t-h">{ev.log.name}</h1>
        <p><span data-testid="event-status">{statusText(ev)}</span>{round && ev.status === "running" ? <> · Round {round.number}: <span data-testid="round-clock">{clockText(round, Date.now())}</span></> : null}</p>
        {ev.champion ? <p class="lede">Champion: <strong data-testid="champion">{name(ev.champion)}</strong></p> : null}
        {me && !organizer ? <PlayerBox ev={ev} me={me} name={name} standings={standings} onChange={refresh} /> : null}
        {session.account === null && ev.status === "registration" ? <SignUp session={session} /> : null}
      </section>
      {ui}
      <AnnouncementToasts list={announcements} />
      <AnnouncementList list={announcements} />
      {organizer ? <AnnounceForm id={ev.id} onDone={refresh} /> : null}
      {organizer ? <Console ev={ev} name={name} run={run} act={act} /> : null}
      {ev.over && standings ? <FinalPlaces ev={ev} standings={standings} name={name} /> : null}
      <JudgeDesk ev={ev} me={me} name={name} onChange={refresh} />
      {round ? <Pairings ev={ev} name={name} /> : null}
      <PenaltyList ev={ev} name={name} />
      <Bracket ev={ev} name={name} />
      {standings && standings.players.length && ev.rounds.length ? <StandingsPanel standings={standings} /> : null}
      {ev.log.players.length ? <Players ev={ev} name={name} organizer={organizer} run={run} act={act} /> : null}
      <EventFormat ev={ev} />
      <AuditList ev={ev} audit={audit} name={name} organizer={organizer} run={run} />
    </div>
  );
}

function statusText(ev: EventView): string {
  switch (ev.status) {
    case "registration": return `Registration open · ${ev.log.players.length} registered`;
    case "closed": return `Registration closed · ${ev.log.players.length} players`;
    case "running": return "Running";
    case "finished": return "Finished";
  }
}
