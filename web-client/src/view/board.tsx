// The match board: one side per seat (the viewer at the bottom; the two-player opponent on top, free-for-all
// opponents around the table as `table.ts` places them), the hand, the pending decision, prompts and the event
// log. It renders the redacted MatchView and offers only `legal` intents.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { boardFx, type ArrowFx, type Side } from "../animate";
import type { Catalogue } from "../catalogue";
import { isFreeForAll, livingSeats, startingHp } from "../ffa";
import type { AttackerDecl } from "../gen/AttackerDecl";
import type { CardId } from "../gen/CardId";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import type { PendingView } from "../gen/PendingView";
import type { Position } from "../gen/Position";
import type { Rejection } from "../gen/Rejection";
import type { Seat } from "../gen/Seat";
import {
  actionIntent, attackChoices, cardTargets, deblendable, findAttack, first, heroChoices, heroKey, perspective, playableCards,
  playerAt, timedActions, toggleAttacker, usableEffects,
} from "../intents";
import { seatNames, type SeatNames } from "../log";
import type { LogEntry } from "../state";
import { relation, tableLayout } from "../table";
import { defenderOf, draftByDefender, previewTargets, targetsByDefender, type AttackTarget } from "../targets";

import type { Clocks } from "../protocol";
import { EndScreen } from "./endscreen";
import { DetailPanel, InspectContext, current, type DetailTarget } from "./detail";
import { Arrows } from "./fx";
import { Hand } from "./hand";
import { LogPanel } from "./logpanel";
import type { HeroControls } from "./hero";
import { PlayerSide } from "./side";
import { AskDialog, PriceConfirm, TimedActions } from "./prompts";
import { hpPrice } from "../prices";
import { cardName } from "../cardname";
import { useBoardMotion } from "../art/motion";
import { useBoardKeys } from "../keys";
import { useSoundCues } from "./sound";

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
  /** Shown in the end screen once the game is over: the series and the next steps (the room page's). */
  ending?: ComponentChildren;
  /** The table talk at the end of the actions row (the room page's takeback and emotes): beside the decision, on
   * every screen, without a row of its own. */
  talk?: ComponentChildren;
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

export function Board({ view, legal, cat, send, disabled = false, names, replay = false, log = [], rejection, onDismiss, clocks, takeWholeAttack, ending, talk }: Props) {
  const { me, opp, spectator: watching } = perspective(view);
  // A replay reads like watching, whichever side it is drawn from.
  const spectator = watching || replay;
  const ffa = isFreeForAll(view);
  const players = view.players;
  // Issue 16: the viewer (seat A for a spectator) at the bottom, the others round the table (table.ts).
  const layout = tableLayout(players.map((p) => p.seat), me);
  // "Opponent" names nobody in particular when there are several: unnamed seats are "Player C" there.
  const sn = seatNames(spectator ? null : me, ffa ? { ...unnamed(players.map((p) => p.seat)), ...names } : names);
  const mine = playerAt(players, me);
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
  const fx = useMemo(() => boardFx(log, me, ffa), [log, me, ffa]);
  const boardRef = useRef<HTMLDivElement>(null);
  // Motion and sound for what just happened (art/motion.ts, sound.ts), from the same log.
  useBoardMotion(fx, log, boardRef);
  useSoundCues(log, spectator ? null : me);

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
  // Shortcuts (keys.ts): 1–9 pick a hand card, then Enter on a highlighted hero plays it.
  useBoardKeys(boardRef, {
    pick: (n) => {
      const card = mine.hand?.[n - 1];
      if (!card || !live || !playable.has(card.id)) return null;
      setSelected(card.id);
      return card.id;
    },
  }, selected, !!send && !spectator && !!mine.hand);
  const targets = selected === null ? new Map<Position, Intent>() : cardTargets(legal, selected);
  const draggable = new Set([...playable].filter((id) => cardTargets(legal, id).size > 0));
  const selectedCard = mine.hand?.find((c) => c.id === selected);
  const selectedAction = selected === null ? undefined : actionIntent(legal, selected);
  const deblend = deblendable(legal);
  const attacks = attackChoices(legal);
  const attackIntent = findAttack(legal, draft);
  // Who may be attacked, from the engine's preview (hero → defender, target, damage; MP-10).
  const aimed = previewTargets(view, me);
  const aimedAt = targetsByDefender(aimed);
  const ask = view.pending?.seat === me && "ask" in view.pending && !spectator ? view.pending.ask : null;
  const pass = first(legal, "pass");
  const endTurn = first(legal, "end_turn");
  const concede = first(legal, "concede");
  const effects = usableEffects(legal);
  const choices = heroChoices(legal);
  const timed = ask ? [] : timedActions(view, legal);
  // The card details close when the turn changes, a question arrives or the game ends: on a phone they never
  // stand in front of a decision (issue 43).
  useEffect(closeDetail, [view.round, view.turn, view.phase === "setup", !!ask, !!confirming, !!view.outcome]);
  // A touch outside the open details closes them (a mouse leaves them, as the rail beside the board keeps them).
  useEffect(() => {
    if (!detail) return;
    const away = (e: PointerEvent) => {
      if (e.pointerType !== "mouse" && !(e.target as Element | null)?.closest?.(".card-detail")) closeDetail();
    };
    window.addEventListener("pointerdown", away, true);
    return () => window.removeEventListener("pointerdown", away, true);
  }, [detail, closeDetail]);

  const myControls = (pos: Position): HeroControls => ({
    dropFor: targets.has(pos) && selectedCard ? cardName(selectedCard) : undefined,
    onDrop: () => { const i = targets.get(pos); if (i) act(i); },
    canDeblend: deblend.has(pos),
    onDeblend: () => act({ type: "deblend", hero: pos }),
    attackTargets: attacks.get(pos),
    attackDraft: draft,
    onToggleAttack: (t) => setDraft(toggleAttacker(draft, pos, t.target, t.defender)),
    attackPreview: view.attack_preview?.filter((p) => p.hero === pos),
    defenderName: ffa ? (t) => possessive(sn[defenderOf(t, opp)]) : undefined,
    canUseEffect: effects.has(pos),
    onUseEffect: () => act({ type: "use_effect", hero: pos }),
    ...chooseControls(me, pos),
    disabled: !live,
  });
  const chooseControls = (seat: Seat, pos: Position): HeroControls => {
    const i = choices.get(heroKey(seat, pos));
    return i ? { choosable: true, onChoose: () => act(i) } : {};
  };
  const oppControls = (seat: Seat) => (pos: Position): HeroControls => ({
    targetedBy: draft.filter((a) => a.target === pos && defenderOf(a, opp) === seat).map((a) => a.hero),
    // The free-for-all marks every hero the viewer may attack now, naming the attacker and the damage.
    attackableBy: ffa && live && attacks.size ? aimedAt.get(seat)?.get(pos) : undefined,
    ...(spectator ? {} : chooseControls(seat, pos)),
    disabled: !live,
  });
  const living = livingSeats(view);
  const seats = players.map((p) => p.seat);
  const sideOf = (seat: Seat): Side => (seat === me ? "me" : ffa ? seat : "opp");
  const sideFor = (seat: Seat) => {
    const own = seat === me;
    return (
      <PlayerSide key={seat} player={playerAt(players, seat)} look={own ? "me" : "opp"} side={sideOf(seat)} name={sn[seat]}
        active={view.active === seat && !view.outcome} cat={cat} controls={own && !spectator ? myControls : oppControls(seat)} clocks={clocks} fx={fx}
        ffa={ffa ? { maxHp: startingHp(view), relation: spectator ? null : relation(seats, living, me, seat) } : undefined} />
    );
  };
  // The draft drawn as arrows in the free-for-all, where a target may be on any of several boards.
  const planned: ArrowFx[] = ffa ? draft.map((a) => ({
    key: `draft-${a.hero}`, from: "me", hero: a.hero, target: a.target, to: sideOf(defenderOf(a, opp)), draft: true,
    damage: aimed.find((t) => t.hero === a.hero && t.target === a.target && t.defender === defenderOf(a, opp))?.damage ?? null,
    ended: false, past: false,
  })) : [];

  return (
    <InspectContext.Provider value={setDetail}>
    <div class="board-wrap">
      <div class={ffa ? "board ffa" : "board"} aria-label="Match board" ref={boardRef}>
        {ffa ? (
          // Clockwise from the viewer's left in the page's order; the grid puts the top row above the two sides.
          <div class={`opponents seats-${players.length}${layout.top.length ? " has-top" : ""}`} role="group" aria-label="Opponents around the table">
            {layout.left ? <div class="seat-left">{sideFor(layout.left)}</div> : null}
            {layout.top.length ? <div class="seat-top">{layout.top.map(sideFor)}</div> : null}
            {layout.right ? <div class="seat-right">{sideFor(layout.right)}</div> : null}
          </div>
        ) : layout.top.map(sideFor)}
        {sideFor(layout.bottom)}
        <Arrows arrows={planned.length ? [...fx.arrows, ...planned] : fx.arrows} board={boardRef} />
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
              {ffa ? null : <span>Round {view.round}</span>}
              <span>Turn {view.turn}</span>
              <span>{PHASES[view.phase]}</span>
              {view.first_player ? <span>{sn[view.first_player]} went first</span> : null}
            </div>
            <p class={`pending${view.pending?.seat === me && !spectator ? " mine" : ""}`} data-testid="pending">
              {view.outcome ? `Game over: ${sn[view.outcome.winner]} won.` : pendingText(view.pending, sn)}
            </p>
            {!view.outcome && roundBanner(log, sn) ? <p class="round-banner" role="status">{roundBanner(log, sn)}</p> : null}
            {view.outcome ? <EndScreen view={view} names={sn} me={spectator ? null : me} log={log}>{ending}</EndScreen> : null}
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
            {ask && send ? <AskDialog ask={ask} legal={legal} bench={mine.bench} disabled={!live} send={act} view={view} cat={cat} me={me} names={sn} takeWholeAttack={takeWholeAttack} /> : null}
            {selectedCard && targets.size ? (
              <p class="hint">Play <strong>{cardName(selectedCard)}</strong>: drag it onto a highlighted hero, or tap the hero (“Play here”). <button type="button" class="ghost" onClick={() => setSelected(null)}>Cancel</button></p>
            ) : null}
            <div class="actions row">
              {selectedAction && !timed.length ? <button type="button" class="primary" disabled={!live} onClick={() => act(selectedAction)}>Play {selectedCard && cardName(selectedCard)}</button> : null}
              {attacks.size ? (
                <>
                  <button type="button" class="primary" disabled={!live || !attackIntent} onClick={() => attackIntent && act(attackIntent)}>
                    Declare attack{draft.length ? ` (${draft.length})` : ""}
                  </button>
                  {draft.length ? <button type="button" class="ghost" onClick={() => setDraft([])}>Clear attackers</button> : null}
                  {draft.length ? <span class="hint small" data-testid="attack-total">{draftDamage(draft, aimed, opp, sn)}</span> : null}
                </>
              ) : null}
              <TimedActions actions={timed} hand={mine.hand} disabled={!live} send={act} />
              {pass ? <button type="button" disabled={!live} onClick={() => act(pass)}>Pass</button> : null}
              {endTurn ? <button type="button" disabled={!live} onClick={() => act(endTurn)}>End turn</button> : null}
              {concede && send ? (
                <button type="button" class="danger ghost" disabled={!live} onClick={() => confirm("Concede this game?") && act(concede)}>Concede</button>
              ) : null}
              {talk}
            </div>
          </div>
          {view.outcome ? null : <DetailPanel target={current(detail, view)} cat={cat} onClose={closeDetail} />}
          <LogPanel log={log} names={sn} />
        </div>
      </div>
    </div>
    </InspectContext.Provider>
  );
}

/**
 * The drafted attack's damage if every hit is taken, per defending player, from the engine's per-attacker
 * preview (CR 204.4a; MP-13 in the free-for-all).
 */
function draftDamage(draft: AttackerDecl[], aimed: AttackTarget[], opp: Seat, sn: SeatNames): string {
  const parts = [...draftByDefender(draft, aimed, opp)].map(([seat, { known, unknown }]) => {
    const who = sn[seat];
    return `${who === "You" ? "You take" : `${who} takes`} ${known}${unknown ? ` + ? (${unknown} face-down target${unknown > 1 ? "s" : ""})` : ""}`;
  });
  return `${parts.join("; ")} damage if every hit is taken.`;
}

/** "Player C" for every seat, under the room's display names in the free-for-all. */
function unnamed(seats: Seat[]): Partial<Record<Seat, string>> {
  return Object.fromEntries(seats.map((s) => [s, `Player ${s}`]));
}

function possessive(name: string): string {
  return name === "You" ? "your" : `${name}’s`;
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
