// One player's side of the table: their diamond of heroes and their bar (name, HP, clock, rounds, meter, zones).
// The board draws one per seat: the viewer's at the bottom, the opponent's above in the two-player game, and in
// the free-for-all every seat where `table.ts` puts it (an eliminated player's side greyed, with their place).
import type { BarFx, BoardFx, Side } from "../animate";
import type { Catalogue } from "../catalogue";
import { cardName } from "../cardname";
import { ordinal } from "../ffa";
import type { PlayerView } from "../gen/PlayerView";
import type { Position } from "../gen/Position";
import { seatIndex } from "../intents";
import type { Clocks } from "../protocol";
import { Clock } from "./clock";
import { CardName } from "./detail";
import { BarMarks } from "./fx";
import { Hero, type HeroControls } from "./hero";

export interface SideProps {
  player: PlayerView;
  /** How the diamond is drawn: the viewer's own (facing up) or facing the viewer. */
  look: "me" | "opp";
  /** Who the side is for the board's marks and tests: "me", the two-player "opp", or a free-for-all seat. */
  side: Side;
  name: string;
  active: boolean;
  cat: Catalogue;
  controls: (p: Position) => HeroControls;
  clocks?: Clocks | null;
  fx: BoardFx;
  /** The free-for-all: HP from 45, no rounds, names instead of "Opponent's", the seat's relation to the viewer. */
  ffa?: { maxHp: number; relation: string | null };
}

export function PlayerSide({ player, look, side, name, active, cat, controls, clocks, fx, ffa }: SideProps) {
  const out = player.eliminated;
  const whose = name === "You" ? "Your" : `${name}’s`;
  const diamond = (
    <div class={`diamond diamond-${look}`} aria-label={`${whose} heroes`}>
      {player.heroes.map((h) => (
        <Hero key={h.position} hero={h} seat={player.seat} owner={name} side={side} cat={cat} c={out ? {} : controls(h.position)}
          whose={ffa && look === "opp" ? whose : undefined}
          marks={fx.heroes.filter((m) => m.side === side && m.hero === h.position)} />
      ))}
    </div>
  );
  const bar = <PlayerBar player={player} side={side} name={name} active={active} clocks={clocks} marks={fx.bars.filter((m) => m.side === side)} ffa={ffa} />;
  // MP-24: an eliminated player's cards stay where they are, out of play: drawn greyed, with their place.
  const label = [name, ffa?.relation, out ? `out, ${ordinal(out.place)} place` : null].filter(Boolean).join(", ");
  return (
    <section class={`side side-${look}${active ? " active" : ""}${out ? " eliminated" : ""}`} aria-label={label}
      data-seat={ffa ? player.seat : undefined}>
      {look === "opp" ? <>{bar}{diamond}</> : <>{diamond}{bar}</>}
    </section>
  );
}

function PlayerBar({ player, side, name, active, clocks, marks, ffa }: {
  player: PlayerView; side: Side; name: string; active: boolean; clocks?: Clocks | null; marks: BarFx[]; ffa?: SideProps["ffa"];
}) {
  const maxHp = ffa?.maxHp ?? 20;
  const hpPct = Math.max(0, Math.min(100, (player.hp / maxHp) * 100));
  const clockMs = clocks?.remaining_ms[seatIndex(player.seat)];
  const out = player.eliminated;
  return (
    <div class="player-bar" data-testid={`bar-${side}`}>
      <div class="who">
        <strong>{name}</strong>
        {active ? <span class="badge">active</span> : null}
        {out ? <span class="badge badge-out" data-testid="place">Out · {ordinal(out.place)} place</span> : null}
        {ffa?.relation ? <span class="relation small">{ffa.relation}</span> : null}
        {clocks && clockMs !== undefined ? <Clock ms={clockMs} running={clocks.running === player.seat} label={`${name} clock`} /> : null}
        {/* MP-8: no rounds in the free-for-all. */}
        {ffa ? null : (
          <span class="rounds" role="img" aria-label={`${player.rounds_won} round${player.rounds_won === 1 ? "" : "s"} won`}>
            {[0, 1].map((i) => <span key={i} class={`pip${i < player.rounds_won ? " won" : ""}`} aria-hidden="true" />)}
          </span>
        )}
      </div>
      <div class={`hp${player.hp <= 5 ? " low" : ""}`} role="meter" aria-valuemin={0} aria-valuemax={maxHp} aria-valuenow={player.hp} aria-label="Hit points">
        <span class="hp-fill" style={{ width: `${hpPct}%` }} />
        <span class="hp-text">♥ {player.hp}</span>
      </div>
      <BarMarks marks={marks} />
      <Meter player={player} entered={marks.flatMap((m) => (m.kind === "meter" && !m.past ? [m.label] : []))} />
      {player.meter_passed?.length ? (
        <p class="meter-passed small" title="MP-20: the action meter empties when HP first drops under 30, and again under 15">
          Meter emptied under {player.meter_passed.join(" and ")} HP
        </p>
      ) : null}
      <ul class="zones">
        <li>Hand <strong>{player.hand?.length ?? player.hand_count}</strong></li>
        <li>Deck <strong>{player.deck_count}</strong></li>
        <li>{player.bench ? (
          <details class="zone-list"><summary>Bench <strong>{player.bench.length}</strong></summary>
            <ul>{player.bench.map((c) => <li key={c.id}><CardName card={c} where="bench" /></li>)}</ul></details>
        ) : <>Bench <strong>{player.bench_count}</strong></>}</li>
        <li>
          <details class="zone-list">
            <summary>Discard <strong>{player.discard.length}</strong></summary>
            {player.discard.length ? <ol>{player.discard.map((c) => <li key={c.id}><CardName card={c} where="discard" /></li>)}</ol> : <p class="muted small">Empty.</p>}
          </details>
        </li>
      </ul>
    </div>
  );
}

/** The action meter; `entered` names the actions played into it this turn, whose slots are marked. */
function Meter({ player, entered }: { player: PlayerView; entered: string[] }) {
  const slots = Array.from({ length: player.meter_slots }, (_, i) => player.action_meter[i] ?? null);
  return (
    <ol class="meter" aria-label={`Action meter: ${player.action_meter.length} of ${player.meter_slots} used`}>
      {slots.map((c, i) => (
        <li key={i} class={c ? `filled${entered.includes(cardName(c)) ? " fx fx-meter" : ""}` : "empty"} data-fx={c && entered.includes(cardName(c)) ? "meter" : undefined}>
          {c ? <CardName card={c} where={`action meter slot ${i + 1}`} /> : <span class="sr-only">empty slot</span>}
        </li>
      ))}
    </ol>
  );
}
