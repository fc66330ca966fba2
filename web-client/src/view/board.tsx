// The match board: both diamonds (opponent on top), hands, meters, discards, HP and rounds, the pending
// decision, prompts and the event log. It renders the redacted MatchView and offers only `legal` intents.
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { boardFx, type BarFx, type BoardFx } from "../animate";
import type { Catalogue } from "../catalogue";
import type { AttackerDecl } from "../gen/AttackerDecl";
import type { CardId } from "../gen/CardId";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import type { PendingView } from "../gen/PendingView";
import type { PlayerView } from "../gen/PlayerView";
import type { Position } from "../gen/Position";
import type { Rejection } from "../gen/Rejection";
import type { Seat } from "../gen/Seat";
import {
  actionIntent, attackOptions, cardTargets, deblendable, findAttack, first, heroChoices, heroKey, perspective, playableCards,
  seatIndex, timedActions, toggleAttacker, usableEffects,
} from "../intents";
import { seatNames, type SeatNames } from "../log";
import type { LogEntry } from "../state";

import type { Clocks } from "../protocol";
import { Clock } from "./clock";
import { CardName, DetailPanel, InspectContext, current, type DetailTarget } from "./detail";
import { Arrows, BarMarks } from "./fx";
import { Hand } from "./hand";
import { LogPanel } from "./logpanel";
import { Hero, type HeroControls } from "./hero";
import { AskDialog, PriceConfirm, TimedActions } from "./prompts";
import { hpPrice } from "../prices";
import { cardName } from "../cardname";

export interface BoardOptions {
  /** Sends an intent; absent for a read-only board (replays). */
  send?: (intent: Intent) => void;
  /** True while an intent is in flight or the socket is down. */
  disabled?: boolean;
  names?: Partial<Record<Seat, string>>;
  /** A replay: seats are named, never "You", even when replayed from one player's side. */
  replay?: boolean;
  log?: LogEntry[];
  rejection?: Rejection | null;
  onDismiss?: () => void;
  clocks?: Clocks | null;
  /** The player took a whole attack's damage with one answer (one damage dialog per attack). */
  takeWholeAttack?: () => void;
}

/** Pure render: the same view, legal list and options always draw the same board. */
export function renderBoard(view: MatchView, legal: Intent[], catalogue: Catalogue, opts: BoardOptions = {}) {
  return <Board view={view} legal={legal} cat={catalogue} {...opts} />;
}

const PHASES: Record<MatchView["phase"], string> = {
  setup: "Setup", draw: "Draw phase", play: "Play phase", end: "End phase", round_end: "Round over", game_over: "Game over",
};

export function pendingText(p: PendingView | null, names: SeatNames): string {
  if (!p) return "";
  const who = names[p.seat];
  const you = who === "You";
  const d = p;
  if ("ask" in d) {
    const what = d.ask.type === "effect"
      ? `answer ${d.ask.card ? `${d.ask.card}’s effect` : "an effect"}`
      : { turn_order: "choose the turn order", mulligan: "decide on a mulligan", attack_damage: "answer an attack", substitute: "decide on a substitution", additional_attack: "decide on an additional attack" }[d.ask.type];
    return you ? `Your decision: ${what}.` : `Waiting for ${who} to ${what}.`;
  }
  // CR 203.2: the attacker's own window after declaring; CR 203.3: the defender's answer to the attack.
  const what = { main: "play", attacker_declared: "use “when you declare an attack” cards and effects", defender_declared: "respond to the attack", action_response: "respond to an action" }[d.window];
  return you ? (d.window === "main" ? "Your turn: play cards, attack or end your turn." : `Your chance to ${what}.`) : `Waiting for ${who} to ${what}.`;
}

interface Props extends BoardOptions {
  view: MatchView;
  legal: Intent[];
  cat: Catalogue;
}

export function Board({ view, legal, cat, send, disabled = false, names, replay = false, log = [], rejection, onDismiss, clocks, takeWholeAttack }: Props) {
  const { me, opp, spectator: watching } = perspective(view);
  // A replay reads like watching, whichever side it is drawn from.
  const spectator = watching || replay;
  const sn = seatNames(spectator ? null : me, names);
  const mine = view.players[seatIndex(me)];
  const theirs = view.players[seatIndex(opp)];
  const live = !!send && !disabled;
  const commit = (i: Intent) => live && send?.(i);
  // An intent with an HP price waits for a confirmation naming it; an effect's own "you may" question says its
  // price on its button instead (prompts.tsx).
  const [confirming, setConfirming] = useState<{ intent: Intent; hp: number } | null>(null);
  useEffect(() => setConfirming(null), [view]);
  const act = (i: Intent) => {
    const hp = i.type === "accept" ? null : hpPrice(view, i);
    if (hp) setConfirming({ intent: i, hp });
    else commit(i);
  };
  // What happened this turn, drawn on the board (the log says it in words).
  const fx = useMemo(() => boardFx(log, me), [log, me]);
  const boardRef = useRef<HTMLDivElement>(null);

  const [selected, setSelected] = useState<CardId | null>(null);
  const [draft, setDraft] = useState<AttackerDecl[]>([]);
  const [detail, setDetail] = useState<DetailTarget | null>(null);
  const closeDetail = useCallback(() => setDetail(null), []);
  // Selections are about one decision; a new view (a version that changed what this viewer sees) starts afresh.
  useEffect(() => {
    setSelected(null);
    setDraft([]);
  }, [view]);

  // Escape backs out of a half-made choice (selected card or attack draft).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setSelected(null);
      setDraft([]);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const playable = playableCards(legal);
  const targets = selected === null ? new Map<Position, Intent>() : cardTargets(legal, selected);
  const draggable = new Set([...playable].filter((id) => cardTargets(legal, id).size > 0));
  const selectedCard = mine.hand?.find((c) => c.id === selected);
  const selectedAction = selected === null ? undefined : actionIntent(legal, selected);
  const deblend = deblendable(legal);
  const attacks = attackOptions(legal);
  const attackIntent = findAttack(legal, draft);
  const ask = view.pending?.seat === me && "ask" in view.pending && !spectator ? view.pending.ask : null;
  const pass = first(legal, "pass");
  const endTurn = first(legal, "end_turn");
  const concede = first(legal, "concede");
  const effects = usableEffects(legal);
  const choices = heroChoices(legal);
  const timed = ask ? [] : timedActions(view, legal);

  const myControls = (pos: Position): HeroControls => ({
    dropFor: targets.has(pos) && selectedCard ? cardName(selectedCard) : undefined,
    onDrop: () => { const i = targets.get(pos); if (i) act(i); },
    canDeblend: deblend.has(pos),
    onDeblend: () => act({ type: "deblend", hero: pos }),
    attackTargets: attacks.get(pos),
    attackDraft: draft,
    onToggleAttack: (t) => setDraft(toggleAttacker(draft, pos, t)),
    attackPreview: view.attack_preview?.filter((p) => p.hero === pos),
    canUseEffect: effects.has(pos),
    onUseEffect: () => act({ type: "use_effect", hero: pos }),
    ...chooseControls(me, pos),
    disabled: !live,
  });
  const chooseControls = (seat: Seat, pos: Position): HeroControls => {
    const i = choices.get(heroKey(seat, pos));
    return i ? { choosable: true, onChoose: () => act(i) } : {};
  };
  const oppControls = (pos: Position): HeroControls => ({
    targetedBy: draft.filter((a) => a.target === pos).map((a) => a.hero),
    ...(spectator ? {} : chooseControls(opp, pos)),
    disabled: !live,
  });

  return (
    <InspectContext.Provider value={setDetail}>
    <div class="board-wrap">
      <div class="board" aria-label="Match board" ref={boardRef}>
        <PlayerSide player={theirs} side="opp" name={sn[opp]} active={view.active === opp} cat={cat} controls={oppControls} clocks={clocks} fx={fx} />
        <PlayerSide player={mine} side="me" name={sn[me]} active={view.active === me} cat={cat} controls={spectator ? oppControls : myControls} clocks={clocks} fx={fx} />
        <Arrows arrows={fx.arrows} board={boardRef} />
        {mine.hand ? (
          <Hand cards={mine.hand} cat={cat} playable={playable} draggable={draggable} selected={selected} disabled={!live}
            onSelect={setSelected}
            onDropOnHero={(id, hero) => { const i = cardTargets(legal, id).get(hero); if (i) act(i); }} />
        ) : null}
        {/* The rail: the question and actions, card details and the log; beside the board on wide screens,
            between the diamonds (question) and below the hand (log) on narrow ones. */}
        <div class="rail">
          <div class="midline" aria-live="polite">
            <div class="turn-info">
              <span>Round {view.round}</span>
              <span>Turn {view.turn}</span>
              <span>{PHASES[view.phase]}</span>
              {view.first_player ? <span>{sn[view.first_player]} went first</span> : null}
            </div>
            <p class={`pending${view.pending?.seat === me && !spectator ? " mine" : ""}`} data-testid="pending">
              {view.outcome ? `Game over: ${sn[view.outcome.winner]} won.` : pendingText(view.pending, sn)}
            </p>
            {!view.outcome && roundBanner(log, sn) ? <p class="round-banner" role="status">{roundBanner(log, sn)}</p> : null}
            {view.outcome ? (
              <section class={`result${!spectator && view.outcome.winner === me ? " won" : ""}`} role="status" data-testid="result">
                <h2>{spectator ? `${sn[view.outcome.winner]} won` : view.outcome.winner === me ? "You won!" : `${sn[view.outcome.winner]} won`}</h2>
                <p>{{ two_rounds: "Two rounds won.", concession: "By concession.", step_budget: "The match reached its step limit.", last_standing: "Last one standing." }[view.outcome.reason]}</p>
              </section>
            ) : null}
            {rejection ? (
              <div class="rejection" role="alert">
                <span class="rule">{rejection.rule}</span> {rejection.message}
                {onDismiss ? <button type="button" class="ghost" onClick={onDismiss} aria-label="Dismiss">×</button> : null}
              </div>
            ) : null}
            {confirming ? (
              <PriceConfirm view={view} intent={confirming.intent} hp={confirming.hp} disabled={!live}
                onConfirm={() => { commit(confirming.intent); setConfirming(null); }} onCancel={() => setConfirming(null)} />
            ) : null}
            {ask && send ? <AskDialog ask={ask} legal={legal} bench={mine.bench} disabled={!live} send={act} view={view} cat={cat} me={me} takeWholeAttack={takeWholeAttack} /> : null}
            {selectedCard && targets.size ? (
              <p class="hint">Drag <strong>{cardName(selectedCard)}</strong> onto a highlighted hero, or choose “Play here”. <button type="button" class="ghost" onClick={() => setSelected(null)}>Cancel</button></p>
            ) : null}
            <div class="actions row">
              {selectedAction && !timed.length ? <button type="button" class="primary" disabled={!live} onClick={() => act(selectedAction)}>Play {selectedCard && cardName(selectedCard)}</button> : null}
              {attacks.size ? (
                <>
                  <button type="button" class="primary" disabled={!live || !attackIntent} onClick={() => attackIntent && act(attackIntent)}>
                    Declare attack{draft.length ? ` (${draft.length})` : ""}
                  </button>
                  {draft.length ? <button type="button" class="ghost" onClick={() => setDraft([])}>Clear attackers</button> : null}
                  {draft.length ? <span class="hint small" data-testid="attack-total">{draftDamage(view, draft, sn[opp])}</span> : null}
                </>
              ) : null}
              <TimedActions actions={timed} hand={mine.hand} disabled={!live} send={act} />
              {pass ? <button type="button" disabled={!live} onClick={() => act(pass)}>Pass</button> : null}
              {endTurn ? <button type="button" disabled={!live} onClick={() => act(endTurn)}>End turn</button> : null}
              {concede && send ? (
                <button type="button" class="danger ghost" disabled={!live} onClick={() => confirm("Concede this game?") && act(concede)}>Concede</button>
              ) : null}
            </div>
          </div>
          <DetailPanel target={current(detail, view)} cat={cat} onClose={closeDetail} />
          <LogPanel log={log} names={sn} />
        </div>
      </div>
    </div>
    </InspectContext.Provider>
  );
}

function PlayerSide({ player, side, name, active, cat, controls, clocks, fx }: {
  player: PlayerView; side: "me" | "opp"; name: string; active: boolean; cat: Catalogue; controls: (p: Position) => HeroControls;
  clocks?: Clocks | null; fx: BoardFx;
}) {
  const diamond = (
    <div class={`diamond diamond-${side}`} aria-label={`${name === "You" ? "Your" : `${name}’s`} heroes`}>
      {player.heroes.map((h) => (
        <Hero key={h.position} hero={h} seat={player.seat} owner={name} side={side} cat={cat} c={controls(h.position)}
          marks={fx.heroes.filter((m) => m.side === side && m.hero === h.position)} />
      ))}
    </div>
  );
  const bar = <PlayerBar player={player} side={side} name={name} active={active} clocks={clocks} marks={fx.bars.filter((m) => m.side === side)} />;
  return <section class={`side side-${side}${active ? " active" : ""}`} aria-label={name}>{side === "opp" ? <>{bar}{diamond}</> : <>{diamond}{bar}</>}</section>;
}

function PlayerBar({ player, side, name, active, clocks, marks }: {
  player: PlayerView; side: "me" | "opp"; name: string; active: boolean; clocks?: Clocks | null; marks: BarFx[];
}) {
  const hpPct = Math.max(0, Math.min(100, (player.hp / 20) * 100));
  return (
    <div class="player-bar" data-testid={`bar-${side}`}>
      <div class="who">
        <strong>{name}</strong>
        {active ? <span class="badge">active</span> : null}
        {clocks ? <Clock ms={clocks.remaining_ms[seatIndex(player.seat)] ?? 0} running={clocks.running === player.seat} label={`${name} clock`} /> : null}
        <span class="rounds" role="img" aria-label={`${player.rounds_won} round${player.rounds_won === 1 ? "" : "s"} won`}>
          {[0, 1].map((i) => <span key={i} class={`pip${i < player.rounds_won ? " won" : ""}`} aria-hidden="true" />)}
        </span>
      </div>
      <div class={`hp${player.hp <= 5 ? " low" : ""}`} role="meter" aria-valuemin={0} aria-valuemax={20} aria-valuenow={player.hp} aria-label="Hit points">
        <span class="hp-fill" style={{ width: `${hpPct}%` }} />
        <span class="hp-text">♥ {player.hp}</span>
      </div>
      <BarMarks marks={marks} />
      <Meter player={player} entered={marks.flatMap((m) => (m.kind === "meter" && !m.past ? [m.label] : []))} />
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

/** The drafted attack's damage if every hit is taken, from the engine's per-attacker preview (CR 204.4a). */
function draftDamage(view: MatchView, draft: AttackerDecl[], opponent: string): string {
  const each = draft.map((a) => view.attack_preview?.find((p) => p.hero === a.hero && p.target === a.target)?.damage ?? null);
  const known = each.filter((d): d is number => d !== null);
  const total = known.reduce((a, b) => a + b, 0);
  const unknown = each.length - known.length;
  return `${opponent === "You" ? "You take" : `${opponent} takes`} ${total}${unknown ? ` + ? (${unknown} face-down target${unknown > 1 ? "s" : ""})` : ""} damage if every hit is taken.`;
}

/** "You won round 1 (1–0)." while the turn in which a round was lost is still the newest in the log. */
function roundBanner(log: LogEntry[], sn: SeatNames): string | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i]!.event;
    if (e.type === "turn_started") return null;
    if (e.type === "round_lost") {
      const winner: Seat = e.seat === "A" ? "B" : "A";
      const won = sn[winner] === "You" ? "You won" : `${sn[winner]} won`;
      return `${won} round ${e.round} (${e.rounds_won[0]}–${e.rounds_won[1]}).`;
    }
  }
  return null;
}
