// Dialogs for the engine's asks (turn order, mulligan, attack damage, additional attack, substitution). Each offers exactly
// the legal intents for that ask; the board stays visible behind it so the hand can be judged.
import { useEffect, useRef } from "preact/hooks";
import type { AskKind } from "../gen/AskKind";
import type { CardView } from "../gen/CardView";
import type { Intent } from "../gen/Intent";
import type { MatchView } from "../gen/MatchView";
import type { Seat } from "../gen/Seat";
import type { Catalogue } from "../catalogue";
import { answerLabels, cardChoices, promptTitle } from "../effects";
import { hpPrice, priceQuestion } from "../prices";
import { first, ofType, seatIndex } from "../intents";
import { CardFace } from "./card";
import { SubstituteChoice } from "./substitute";
import { isFreeForAll } from "../ffa";
import type { SeatNames } from "../log";
import { cardName } from "../cardname";

interface Props {
  ask: AskKind;
  legal: Intent[];
  bench: CardView[] | null;
  disabled: boolean;
  send: (i: Intent) => void;
  /** Needed for effect questions (naming heroes and cards); optional for the older asks. */
  view?: MatchView;
  cat?: Catalogue;
  me?: Seat;
  /** The free-for-all names the owner of each hero answer ("Bob’s left hero"), where "Opponent's" says not whose. */
  names?: SeatNames;
  /** Called when the player takes a whole attack's damage at once: the room then takes its remaining hits. */
  takeWholeAttack?: () => void;
}

/** Timed actions (Invert, Block Attack) offered as buttons, named from the hand. */
export function TimedActions({ actions, hand, disabled, send }: {
  actions: Extract<Intent, { type: "play_action" }>[]; hand: CardView[] | null; disabled: boolean; send: (i: Intent) => void;
}) {
  if (!actions.length) return null;
  return (
    <>
      {actions.map((a) => {
        const c = hand?.find((c) => c.id === a.card);
        const name = c ? cardName(c) : "action";
        return <button key={a.card} type="button" class="timed-action" disabled={disabled} onClick={() => send(a)}>Play {name}</button>;
      })}
    </>
  );
}

export function AskDialog({ ask, legal, bench, disabled, send, view, cat, me, names, takeWholeAttack }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // Move focus into the dialog when a new ask arrives, so keyboard users land on its choices.
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button:not([disabled])")?.focus();
  }, [ask.type, ask.type === "effect" ? ask.prompt : ""]);

  const btn = (intent: Intent | undefined, label: string, primary = false) =>
    intent ? (
      <button type="button" class={primary ? "primary" : ""} disabled={disabled} onClick={() => send(intent)}>{label}</button>
    ) : null;

  let title: string;
  let body: preact.ComponentChildren;
  switch (ask.type) {
    case "turn_order": {
      const goFirst = legal.find((i) => i.type === "choose_turn_order" && i.go_first);
      const goSecond = legal.find((i) => i.type === "choose_turn_order" && !i.go_first);
      title = "Choose the turn order";
      body = <div class="row">{btn(goFirst, "Go first", true)}{btn(goSecond, "Go second")}</div>;
      break;
    }
    case "mulligan":
      title = "Keep this hand?";
      body = <div class="row">{btn(first(legal, "keep_hand"), "Keep hand", true)}{btn(first(legal, "mulligan"), "Mulligan (shuffle and redraw)")}</div>;
      break;
    case "attack_damage": {
      // One question per attack (issue #11): the engine's `damage_due` lists every hit still to answer.
      const hits = view?.damage_due?.hits ?? [{ attacker: ask.attacker, target: ask.target, damage: ask.damage }];
      const total = view?.damage_due?.total ?? ask.damage;
      const accept = first(legal, "accept_damage");
      const block = first(legal, "deblend_to_block");
      // "Take only this hit" only where this hit has a real choice; a lone "take" is made for the player.
      const choice = legal.filter((i) => i.type !== "concede").length > 1;
      title = hits.length > 1 ? `You are attacked by ${hits.length} heroes` : `Your ${ask.target} hero is attacked`;
      body = (
        <>
          <ul class="hits" aria-label="Hits of this attack">
            {hits.map((h, i) => (
              <li key={h.attacker} class={i === 0 ? "now" : ""}>
                The opponent's {h.attacker} hero hits your {h.target} hero: <strong>{h.damage}</strong> damage{i === 0 && hits.length > 1 ? " (now)" : ""}
              </li>
            ))}
          </ul>
          <div class="row">
            {accept ? (
              <button type="button" class="primary" disabled={disabled} onClick={() => { takeWholeAttack?.(); send(accept); }}>
                Take {total} damage
              </button>
            ) : null}
            {accept && hits.length > 1 && choice ? btn(accept, `Take only this hit (${ask.damage})`) : null}
            {btn(block, hits.length > 1 ? `Deblend your ${ask.target} hero to block the ${ask.attacker} hit` : "Deblend to block")}
            <TimedActions actions={ofType(legal, "play_action")} hand={view && me ? view.players[seatIndex(me)]?.hand ?? null : null} disabled={disabled} send={send} />
          </div>
        </>
      );
      break;
    }
    case "additional_attack":
      // CR 601.1a: no new declaration; the same hero attacks the same target again, or forgoes the rest.
      title = `Your ${ask.attacker} hero may attack again`;
      body = (
        <div class="row">
          {btn(first(legal, "accept"), `Attack the ${ask.target} hero again`, true)}
          {btn(first(legal, "decline"), "Forgo the additional attack")}
        </div>
      );
      break;
    case "substitute":
      title = "Substitute a hero?";
      body = <SubstituteChoice legal={legal} bench={bench} heroes={view && me ? view.players[seatIndex(me)]?.heroes ?? [] : []} cat={cat} disabled={disabled} send={send} />;
      break;
    case "effect":
      title = promptTitle(ask.prompt, ask.card);
      body = <EffectChoices ask={ask} legal={legal} disabled={disabled} send={send} view={view} cat={cat} me={me} names={names} />;
      break;
    default: {
      const never: never = ask;
      return never;
    }
  }
  return (
    <div class={`ask${ask.type === "effect" ? ` ask-effect prompt-${ask.prompt}` : ""}`} role="dialog" aria-labelledby="ask-title" ref={ref}>
      <h3 id="ask-title">{title}</h3>
      {body}
    </div>
  );
}

/** "Yes" to a question, with the engine's HP price said on the button when it has one. */
function acceptLabel(prompt: string, label: string, hp: number | null | undefined): string {
  if (!hp) return label;
  return prompt === "pay_mooring" ? `Take ${hp} damage to switch` : `${label} (costs ${hp} HP)`;
}

/** The confirmation an intent with an HP price waits for, naming what it does and what it costs. */
export function PriceConfirm({ view, intent, hp, disabled, onConfirm, onCancel }: {
  view: MatchView; intent: Intent; hp: number; disabled: boolean; onConfirm: () => void; onCancel: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.querySelector<HTMLButtonElement>("button")?.focus(); }, [intent]);
  const q = priceQuestion(view, intent, hp);
  return (
    <div class="ask price-confirm" role="dialog" aria-labelledby="price-title" ref={ref} data-testid="price-confirm">
      <h3 id="price-title">{q.title}</h3>
      <p>{q.detail}</p>
      <div class="row">
        <button type="button" class="primary" disabled={disabled} onClick={onConfirm}>Pay {hp} HP</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}

/** Names a waiting effect by its card and hero (the view lists them for the player who orders them, CR 501.4). */
export function triggerLabel(view: MatchView | undefined, trigger: number, n: number): string {
  const t = view?.trigger_choices?.find((c) => c.trigger === trigger);
  if (!t) return `Resolve effect ${n + 1}`;
  return t.hero ? `Resolve ${t.card} (${t.hero} hero)` : `Resolve ${t.card}`;
}

function EffectChoices({ ask, legal, disabled, send, view, cat, me, names }: {
  ask: Extract<AskKind, { type: "effect" }>; legal: Intent[]; disabled: boolean; send: (i: Intent) => void;
  view?: MatchView; cat?: Catalogue; me?: Seat; names?: SeatNames;
}) {
  const labels = answerLabels(ask.prompt, ask.card);
  const accept = first(legal, "accept");
  const decline = first(legal, "decline");
  const heroes = ofType(legal, "choose_hero");
  const dirs = ofType(legal, "choose_direction");
  const triggers = ofType(legal, "choose_trigger");
  const cards = view && cat ? cardChoices(view, legal, cat, ask.prompt) : [];
  const effectText = cat?.find(ask.card)?.effect;
  const heroName = (seat: Seat, pos: string) => {
    const h = view?.players[seatIndex(seat)]?.heroes.find((x) => x.position === pos);
    const shown = h?.blend ?? h?.hero;
    const n = shown && cardName(shown);
    const whose = seat === me ? "Your" : names && view && isFreeForAll(view) ? `${names[seat]}’s` : "Opponent's";
    return `${whose} ${pos} hero${n ? ` (${n})` : ""}`;
  };
  const b = (i: Intent, label: string, cls = "", key?: string) => (
    <button key={key ?? label} type="button" class={cls} disabled={disabled} onClick={() => send(i)}>{label}</button>
  );
  return (
    <>
      {effectText ? <p class="effect-text small"><strong>{effectText.name ?? ask.card}</strong>: {effectText.text}</p> : null}
      {heroes.length ? (
        <>
          <p class="hint">Choose a highlighted hero on the board, or here:</p>
          <ul class="choices hero-choices">
            {heroes.map((i) => <li key={`${i.seat}-${i.hero}`}>{b(i, heroName(i.seat, i.hero), "choose-hero")}</li>)}
          </ul>
        </>
      ) : null}
      {cards.length ? (
        <ul class="choices card-choices" aria-label="Cards to choose from">
          {cards.map((c) => (
            <li key={c.intent.card}>
              <button type="button" class="card-choice" disabled={disabled} onClick={() => send(c.intent)} aria-label={`Choose ${c.label}`}>
                {c.def ? <CardFace card={c.def} compact /> : <span class="card-unknown">{c.label}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {dirs.length ? (
        <div class="row">
          {dirs.map((i) => b(i, i.clockwise ? "↻ Clockwise" : "↺ Counter-clockwise", "primary"))}
        </div>
      ) : null}
      {triggers.length ? (
        <div class="row">{triggers.map((i, n) => b(i, triggerLabel(view, i.trigger, n), n === 0 ? "primary" : "", String(i.trigger)))}</div>
      ) : null}
      {accept || decline ? (
        <div class="row">
          {accept ? b(accept, acceptLabel(ask.prompt, labels.accept, view && hpPrice(view, accept)), "primary") : null}
          {decline ? b(decline, labels.decline) : null}
        </div>
      ) : null}
    </>
  );
}
