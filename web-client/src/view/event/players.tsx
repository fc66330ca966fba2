// Every player and where they stand (checked in or not before round 1, dropped, ...), with the organizer's
// check-in, drop and re-add: drops and re-adds are confirmed and undoable (actions.tsx).
import { type EventView, playerStatus, tournaments } from "../../tournament";
import type { Run } from "./actions";
import { PlayerMounts } from "./mounts";

export function Players({ ev, name, organizer, run, act }: { ev: EventView; name: (p: string) => string; organizer: boolean; run: Run; act: (f: () => Promise<EventView>) => void }) {
  const before = ev.rounds.length === 0;
  const from = before ? "round 1" : `round ${ev.rounds.length + 1}`;
  const drop = (p: string) => run({
    title: `Drop ${name(p)}`, detail: `${name(p)} is not paired from ${from} on; results so far stand.`,
    call: () => tournaments.drop(ev.id, p, "dropped by the organizer"), undo: { kind: "readd", player: p, what: `${name(p)} dropped` },
  });
  const readd = (p: string) => run({
    title: `Re-add ${name(p)}`, detail: `${name(p)} is paired again from ${from} on.`,
    call: () => tournaments.readd(ev.id, p, "re-added by the organizer"), undo: { kind: "drop", player: p, what: `${name(p)} re-added` },
  });
  return (
    <section class="panel" aria-labelledby="players-h">
      <h2 id="players-h">Players</h2>
      {before && ev.log.settings.check_in ? <p class="small">{ev.checked_in.length} of {ev.log.players.length} checked in; whoever has not checked in when round 1 is paired is dropped.</p> : null}
      <ul class="small">
        {ev.log.players.map((p) => {
          const status = playerStatus(ev, p.id);
          return (
            <li key={p.id} data-testid={`player-${p.id}`}>{name(p.id)}: {status}
              {organizer && before && ev.log.settings.check_in && !ev.checked_in.includes(p.id) ? <> <button type="button" class="ghost" onClick={() => act(() => tournaments.checkIn(ev.id, p.id))}>Check in</button></> : null}
              {organizer && !ev.over && status !== "disqualified" ? <> {status.startsWith("dropped")
                ? <button type="button" class="ghost" onClick={() => readd(p.id)}>Re-add {name(p.id)}</button>
                : <button type="button" class="ghost" onClick={() => drop(p.id)}>Drop {name(p.id)}</button>}</> : null}
              {organizer ? <PlayerMounts ev={ev} player={p.id} name={name} run={run} /> : null}</li>
          );
        })}
      </ul>
    </section>
  );
}
