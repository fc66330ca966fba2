// The judge view (docs/tournaments.md, "Judge view"): a table's whole game, read-only, as a plain listing of
// each player's hand, bench, heroes (face-down ones included), action meter, discard and deck in order; and the
// banner the table's players and spectators see while a judge has it open.
import type { CardView } from "../gen/CardView";
import type { HeroView } from "../gen/HeroView";
import type { PlayerView } from "../gen/PlayerView";
import type { JudgeBoard } from "../judging";
import type { RoomInfo } from "../protocol";
import { cardName } from "../cardname";

const cards = (list: CardView[] | null | undefined): string => (list && list.length ? list.map(cardName).join(", ") : "none");

function hero(h: HeroView): string {
  if (!h.hero) return `${h.position}: empty`;
  const stats = h.atk !== null || h.def !== null ? ` ${h.atk ?? "?"}/${h.def ?? "?"}` : "";
  return `${h.position}: ${cardName(h.hero)}${h.face_down ? " (face down)" : ""}${h.level !== null ? ` L${h.level}` : ""}${stats}${h.gems.length ? `, gems ${cards(h.gems)}` : ""}`;
}

function Seat({ p, name, deck }: { p: PlayerView; name: string; deck: CardView[] }) {
  return (
    <div class="judge-seat" data-testid={`judge-seat-${p.seat}`}>
      <h4>{name} (seat {p.seat}) · {p.hp} HP · {p.rounds_won} round{p.rounds_won === 1 ? "" : "s"} won</h4>
      <ul class="small">
        <li>Hand: {cards(p.hand)}</li>
        <li>Heroes: {p.heroes.map(hero).join(" · ")}</li>
        <li>Bench: {cards(p.bench)}</li>
        <li>Action meter: {cards(p.action_meter)}</li>
        <li>Discard: {cards(p.discard)}</li>
        <li>Deck, top first ({deck.length}): {cards(deck)}</li>
      </ul>
    </div>
  );
}

/** A table's judge view, read-only. */
export function JudgeBoardView({ board, onClose }: { board: JudgeBoard; onClose?: () => void }) {
  const view = board.view;
  return (
    <div class="judge-view" role="region" aria-label={`Judge view of table ${board.table}`}>
      <h3>Judge view · round {board.round}, table {board.table} · game {board.game + 1}</h3>
      <p class="small">Everything is shown, hidden cards included; the table has been told a judge is watching.</p>
      {view ? view.board.players.map((p, i) => <Seat key={p.seat} p={p} name={board.players[i] ?? p.seat} deck={view.decks[i] ?? []} />)
        : <p>No game has started at this table yet.</p>}
      {view ? <p class="small">Turn {view.board.turn}, in-game round {view.board.round}, {view.board.active} to act{view.board.pending ? `, waiting on ${view.board.pending.seat}` : ""}.</p> : null}
      {onClose ? <button type="button" class="ghost" onClick={onClose}>Close the judge view</button> : null}
    </div>
  );
}

/** On a tournament table's page: a judge has opened its judge view. */
export function JudgeWatchingBanner({ room }: { room: RoomInfo }) {
  if (!room.judge_watching) return null;
  return <p class="notice" role="status" data-testid="judge-watching">A judge is watching this table ({room.judge_watching.judge}).</p>;
}
