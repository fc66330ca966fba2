// The computer's level: the lobby's picker (Easy / Medium / Hard) and how a seat held by the computer is named.
import { useState } from "preact/hooks";
import type { BotLevel, SeatInfo } from "../protocol";

export const BOT_LEVELS: { level: BotLevel; label: string; hint: string }[] = [
  { level: "random", label: "Easy", hint: "plays any legal move" },
  { level: "greedy", label: "Medium", hint: "looks one move ahead" },
  { level: "search", label: "Hard", hint: "searches the game tree" },
];

/** The server's default when none is sent. */
export const DEFAULT_BOT_LEVEL: BotLevel = "greedy";

export function botLevelLabel(level: BotLevel): string {
  return BOT_LEVELS.find((l) => l.level === level)?.label ?? level;
}

/** "Computer (Medium)" for the computer's seat, the display name for a person. An event's computer player is
 * already named with its level ("Computer 3 (Hard)"), which is not repeated. */
export function seatName(s: Pick<SeatInfo, "display_name" | "bot" | "bot_level">): string {
  if (!s.bot) return s.display_name;
  const level = `(${s.bot_level ? botLevelLabel(s.bot_level) : "computer"})`;
  return s.display_name.endsWith(level) ? s.display_name : `${s.display_name} ${level}`;
}

/**
 * The names the board and log use for a room's seats: display names, and where several computers play (a
 * free-for-all filled by the host's "Start now") each its own: "Computer 2 (Hard)" (issue 43).
 */
export function playerNames(seats: (Pick<SeatInfo, "seat" | "display_name" | "bot" | "bot_level"> | null)[]): Partial<Record<SeatInfo["seat"], string>> {
  const several = seats.filter((s) => s?.bot).length > 1;
  let n = 0;
  return Object.fromEntries(seats.flatMap((s) => {
    if (!s) return [];
    if (!s.bot || !several) return [[s.seat, s.display_name]];
    n++;
    return [[s.seat, `${s.display_name} ${n}${s.bot_level ? ` (${botLevelLabel(s.bot_level)})` : ""}`]];
  }));
}

export function BotLevelPicker({ value, onChange }: { value: BotLevel; onChange: (level: BotLevel) => void }) {
  return (
    <fieldset>
      <legend>Computer level</legend>
      {BOT_LEVELS.map((l) => (
        <label key={l.level} class="choice" title={l.hint}>
          <input type="radio" name="bot_level" value={l.level} checked={value === l.level}
            onChange={() => onChange(l.level)} /> {l.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The level last picked is remembered across visits, like the deck. */
export function useBotLevel(): [BotLevel, (level: BotLevel) => void] {
  const [level, setLevel] = useState<BotLevel>(() => {
    const stored = localStorage.getItem("gb.botLevel");
    return BOT_LEVELS.find((l) => l.level === stored)?.level ?? DEFAULT_BOT_LEVEL;
  });
  return [level, (l) => {
    localStorage.setItem("gb.botLevel", l);
    setLevel(l);
  }];
}
