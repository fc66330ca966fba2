// The card detail panel: any card the viewer can see (a hero or blend on the board, a hand card, an action in
// a meter, a discard, a gem, an attachment, a bench card) opens here on hover, keyboard focus or a long press
// (or a tap on a card's name) with its full text; a hero also shows its written and current ATK/DEF. The client
// computes nothing: numbers come from the view, text from the catalogue.
import { createContext, type ComponentChildren } from "preact";
import { useContext, useEffect } from "preact/hooks";
import type { Catalogue } from "../catalogue";
import type { CardView } from "../gen/CardView";
import type { HeroView } from "../gen/HeroView";
import type { MatchView } from "../gen/MatchView";
import type { Seat } from "../gen/Seat";
import type { StatSource } from "../gen/StatSource";
import type { StatTerm } from "../gen/StatTerm";
import { seatIndex } from "../intents";
import { CardFace } from "./card";
import { cardName } from "../cardname";

export type DetailTarget =
  | { kind: "card"; card: CardView; where: string }
  /** `seat` and the hero's position find it again in a newer view (the panel follows the live hero). */
  | { kind: "hero"; hero: HeroView; seat: Seat; owner: string };

/** Shows a target in the panel; the board provides it, anything drawn on the board may call it. */
export const InspectContext = createContext<(t: DetailTarget | null) => void>(() => undefined);

/** When a finger last touched the screen: the mouse events and focus that follow a tap are not a hover. */
let lastTouch = -Infinity;
if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", (e) => { if (e.pointerType !== "mouse") lastTouch = Date.now(); }, true);
}
const touchedJustNow = () => Date.now() - lastTouch < 1000;
/**
 * Focus a keyboard moved (`:focus-visible`), not a script's: a question arriving moves focus to its first answer,
 * which may be a card's name, and on a phone that must not open the sheet over the new turn.
 */
const keyboardFocus = (e: FocusEvent) => {
  try { return !(e.target instanceof Element) || e.target.matches(":focus-visible"); } catch { return true; }
};
/** A screen without hover (a phone): its "mouse" events come from taps and from the page moving under the last one. */
const noHover = () => typeof matchMedia === "function" && matchMedia("(hover: none)").matches;

/** How long a finger rests on a card before its details open (a shorter touch is a tap: play, target, attack). */
export const LONG_PRESS_MS = 450;

/**
 * Event handlers that open a target's details on hover and keyboard focus, and on a touch screen on a long press
 * only: a tap plays, targets or attacks and never opens the detail sheet (issue 43).
 */
export function useInspect(target: DetailTarget) {
  const inspect = useContext(InspectContext);
  return {
    onMouseEnter: () => { if (!touchedJustNow() && !noHover()) inspect(target); },
    onFocus: (e: FocusEvent) => { if (!touchedJustNow() && keyboardFocus(e)) inspect(target); },
    onPointerDown: (e: PointerEvent) => { if (e.pointerType !== "mouse") longPress(e, () => inspect(target)); },
    // The browser's own long-press menu would cover the details.
    onContextMenu: (e: Event) => { if (touchedJustNow()) e.preventDefault(); },
  };
}

/** Calls `open` once the pointer has rested for LONG_PRESS_MS; the click that ends that press is swallowed. */
function longPress(e: PointerEvent, open: () => void) {
  const el = e.currentTarget as HTMLElement;
  const [x0, y0] = [e.clientX, e.clientY];
  const done = () => {
    clearTimeout(timer);
    window.removeEventListener("pointermove", move, true);
    window.removeEventListener("pointerup", done, true);
    window.removeEventListener("pointercancel", done, true);
  };
  const move = (ev: PointerEvent) => { if (Math.hypot(ev.clientX - x0, ev.clientY - y0) > 10) done(); };
  const timer = setTimeout(() => {
    done();
    open();
    const swallow = (c: Event) => { c.stopPropagation(); c.preventDefault(); };
    el.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => el.removeEventListener("click", swallow, { capture: true }), 800);
  }, LONG_PRESS_MS);
  window.addEventListener("pointermove", move, true);
  window.addEventListener("pointerup", done, true);
  window.addEventListener("pointercancel", done, true);
}

/** A card's name as a small focusable control that opens its details (meter slots, discard, bench, gems). */
export function CardName({ card, where, children }: { card: CardView; where: string; children?: ComponentChildren }) {
  const handlers = useInspect({ kind: "card", card, where });
  // A card's name is only a way to read it: a tap on it opens its details.
  const inspect = useContext(InspectContext);
  return (
    <button type="button" class="card-link" {...handlers} onClick={() => inspect({ kind: "card", card, where })} aria-label={`${cardName(card)} (${where}): show details`}>
      {children ?? cardName(card)}
    </button>
  );
}

/** The target as of `view`: a hero target shows that seat's hero in that position now. */
export function current(target: DetailTarget | null, view: MatchView): DetailTarget | null {
  if (target?.kind !== "hero") return target;
  const hero = view.players[seatIndex(target.seat)]?.heroes.find((h) => h.position === target.hero.position);
  return hero ? { ...target, hero } : null;
}

export function DetailPanel({ target, cat, onClose }: { target: DetailTarget | null; cat: Catalogue; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <aside class={`card-detail${target ? " open" : ""}`} aria-labelledby="detail-h" data-testid="card-detail">
      <div class="detail-head">
        <h3 id="detail-h">{target ? title(target) : "Card details"}</h3>
        {target ? <button type="button" class="ghost round" onClick={onClose} aria-label="Close card details">×</button> : null}
      </div>
      {target ? <Body target={target} cat={cat} /> : <p class="muted small">Hover, tap or focus any card to read it here.</p>}
    </aside>
  );
}

function title(t: DetailTarget): string {
  if (t.kind === "card") return `${cardName(t.card)} · ${t.where}`;
  const h = t.hero;
  const shown = h.blend ?? h.hero;
  const name = (shown && cardName(shown)) ?? "Face-down hero";
  return `${name} · ${t.owner} ${h.position}`;
}

function Body({ target, cat }: { target: DetailTarget; cat: Catalogue }) {
  if (target.kind === "card") {
    const def = cat.byId.get(target.card.card);
    return def ? <CardFace card={def} /> : <p>{cardName(target.card)}</p>;
  }
  const h = target.hero;
  if (!h.hero) return <p class="muted">Face down: its owner knows what it is; it is revealed when turned face up.</p>;
  const heroDef = cat.byId.get(h.hero.card);
  const blendDef = h.blend ? cat.byId.get(h.blend.card) : undefined;
  const effectDef = h.effect ? cat.find(h.effect) : undefined;
  const own = (h.blend ?? h.hero).card;
  return (
    <div class="detail-body">
      <HeroStats hero={h} />
      {h.effect_removed ? <p class="badge-line"><span class="badge badge-bad">effect removed</span> Stun or Ghost: it is treated as having no effect (CR 500.9a).</p> : null}
      {h.cannot_attack ? <p class="badge-line"><span class="badge badge-bad">can't attack</span> Block Attack: it may not attack this turn.</p> : null}
      {effectDef && effectDef.id !== own ? (
        <p class="small">Has <strong>{effectDef.effect?.name ?? effectDef.name}</strong> from {effectDef.name}: {effectDef.effect?.text}</p>
      ) : null}
      {h.gems.length ? <p class="small">Gems: {h.gems.map(cardName).join(", ")}</p> : <p class="small muted">No gems equipped.</p>}
      {h.attached.length ? <p class="small">Attached: {h.attached.map(cardName).join(", ")}</p> : null}
      <div class="detail-cards">
        {blendDef ? <CardFace card={blendDef} /> : null}
        {heroDef ? <CardFace card={heroDef} /> : null}
      </div>
    </div>
  );
}

/** How each kind of term reads in the breakdown (the rule it comes from in brackets). */
const SOURCES: Record<StatSource, string> = {
  written: "written",
  blend: "blend",
  activation_gem: "needs a gem (CR 300.5)",
  invert: "Invert (CR 624.1c)",
  highest_on_field: "highest on your field",
  bonus: "bonus this turn",
  effect: "effect",
  while_attacking: "while attacking (CR 203.1h)",
  per_hero_with_gem: "per hero with a gem",
  floor: "never below 0 (CR 605.1c)",
};

function signed(t: StatTerm, i: number): string {
  return i === 0 || t.amount < 0 ? String(t.amount) : `+${t.amount}`;
}

/** Written and current ATK/DEF, and why they differ: the engine's terms, which sum to the current value. */
function HeroStats({ hero }: { hero: HeroView }) {
  const stat = (label: "ATK" | "DEF", now: number | null, written: number | null, terms: StatTerm[]) => (
    <section class="detail-stat" data-testid={`detail-${label.toLowerCase()}-terms`}>
      <h4>
        {label} <strong data-testid={`detail-${label.toLowerCase()}`}>{now ?? "–"}</strong>
        {written !== null && written !== now ? <span class="muted"> (written {written})</span> : null}
      </h4>
      {terms.length ? (
        <ol class="terms" aria-label={`Why ${label} is ${now ?? "unknown"}`}>
          {terms.map((t, i) => (
            <li key={i} data-amount={t.amount}>
              <span class="term-amount">{signed(t, i)}</span> {SOURCES[t.source]}{t.card ? <> · <em>{t.card}</em></> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
  return (
    <div class="detail-stats">
      {stat("ATK", hero.atk, hero.written_atk, hero.atk_terms)}
      {stat("DEF", hero.def, hero.written_def, hero.def_terms)}
    </div>
  );
}
