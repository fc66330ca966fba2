// The end of a game (issue 43): who won the last round, the game and (in a best of 3) the series, and how — on
// HP, by concession, on time — with the next steps the page around the board offers (rematch or next game, back
// to the lobby, the replay). Every fact comes from the view, the log and the room; nothing is worked out here.
import type { ComponentChildren } from "preact";
import { ordinal } from "../ffa";
import type { MatchView } from "../gen/MatchView";
import type { Seat } from "../gen/Seat";
import type { SeatNames } from "../log";
import type { LogEntry } from "../state";

/** How a game ended, in words (GameOutcome.reason; the room's GameResult.reason adds time and round time). */
export const END_REASONS: Partial<Record<string, string>> = {
  two_rounds: "Two rounds won: the loser's HP fell to 0 twice.",
  concession: "By concession.",
  step_budget: "The match reached its step limit.",
  time: "On time: a clock ran out.",
  round_time: "The round's time ran out: the time rule decided it.",
  disconnected: "The other player left and did not come back.",
  abandoned: "The game was abandoned.",
  drawn: "Called a draw: the other player left and did not come back.",
  // MP-30: the free-for-all ends when one player is left.
  last_standing: "The last player standing.",
};

export interface EndProps {
  view: MatchView;
  names: SeatNames;
  /** The viewer's seat, or null for a spectator or a replay. */
  me: Seat | null;
  log: LogEntry[];
  /** The series line and the next steps, from the room page (absent in a replay). */
  children?: ComponentChildren;
}

/** The last round's result from the log: "You won round 2 (2–1)" (CR 206.1: the round ends when HP reaches 0). */
function lastRound(log: LogEntry[], names: SeatNames): string | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!.event;
    if (e.type !== "round_lost") continue;
    const winner: Seat = e.seat === "A" ? "B" : "A";
    const who = names[winner] === "You" ? "You" : names[winner];
    return `${who} won round ${e.round} (${e.rounds_won[0]}–${e.rounds_won[1]}): ${names[e.seat] === "You" ? "your" : `${names[e.seat]}’s`} HP fell to 0.`;
  }
  return null;
}

export function EndScreen({ view, names, me, log, children }: EndProps) {
  const outcome = view.outcome;
  if (!outcome) return null;
  const won = me !== null && outcome.winner === me;
  const places = view.places;
  const round = places?.length ? null : lastRound(log, names);
  return (
    <section class={`result${won ? " won" : ""}`} role="status" aria-labelledby="result-h" data-testid="result">
      <h2 id="result-h">{me === null ? `${names[outcome.winner]} won` : won ? "You won!" : `${names[outcome.winner]} won`}</h2>
      <p class="result-how">{END_REASONS[outcome.reason] ?? outcome.reason.replace(/_/g, " ")}</p>
      {round ? <p class="result-round">{round}</p> : null}
      {places?.length ? (
        <ol class="places" aria-label="Places">
          {places.map((s, i) => <li key={s}>{ordinal(i + 1)}: {names[s]}</li>)}
        </ol>
      ) : null}
      {children}
    </section>
  );
}
