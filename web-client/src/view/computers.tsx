// The organizer's "Add computer players" (docs/tournaments.md, "Computer players"): while registration is open,
// seats are filled with the server's computer player for a rehearsal or a test. Each enters checked in, under a
// name that says it is a computer, and the pages mark it wherever its name is shown.
import { useState } from "preact/hooks";
import type { BotLevel } from "../protocol";
import { type EventView, MAX_COMPUTERS_PER_REQUEST, tournaments } from "../tournament";
import { BOT_LEVELS, DEFAULT_BOT_LEVEL, botLevelLabel } from "./botlevel";

type Act = (f: () => Promise<EventView>) => void;

export function AddComputers({ ev, act }: { ev: EventView; act: Act }) {
  const [count, setCount] = useState(2);
  const [level, setLevel] = useState<BotLevel>(DEFAULT_BOT_LEVEL);
  if (ev.status !== "registration") return null;
  const submit = (e: Event) => {
    e.preventDefault();
    const what = `${count} computer player${count === 1 ? "" : "s"} (${botLevelLabel(level)})`;
    if (!window.confirm(`Enter ${what} in this event? Their tables play themselves.`)) return;
    act(() => tournaments.addComputers(ev.id, count, level));
  };
  return (
    <form class="row" aria-label="Add computer players" onSubmit={submit}>
      <label for="computers-count">Computer players</label>
      <input id="computers-count" type="number" min={1} max={MAX_COMPUTERS_PER_REQUEST} value={count}
        onInput={(e) => setCount(Number(e.currentTarget.value))} />
      <label for="computers-level">Level</label>
      <select id="computers-level" value={level} onChange={(e) => setLevel(e.currentTarget.value as BotLevel)}>
        {BOT_LEVELS.map((l) => <option key={l.level} value={l.level}>{l.label}</option>)}
      </select>
      <button type="submit">Add computer players</button>
    </form>
  );
}
