// The viewer's hand: each card is a toggle button (keyboard and click path) and a drag source (pointer path).
import { useEffect, useState } from "preact/hooks";
import { GEMS, type Catalogue } from "../catalogue";
import { beginDrag } from "../dnd";
import type { CardId } from "../gen/CardId";
import type { CardView } from "../gen/CardView";
import type { Position } from "../gen/Position";
import { Emblem } from "../art/emblem";
import { GemIcon, Stars } from "./card";
import { useInspect } from "./detail";
import { cardName } from "../cardname";

export interface HandProps {
  cards: CardView[];
  cat: Catalogue;
  playable: Set<CardId>;
  /** Cards that can be dropped onto a hero (gems and blends with legal targets). */
  draggable: Set<CardId>;
  selected: CardId | null;
  disabled: boolean;
  onSelect: (id: CardId | null) => void;
  onDropOnHero: (id: CardId, hero: Position) => void;
}

export function Hand(p: HandProps) {
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const more = useScrollCue(list, p.cards.length);
  return (
    <section class={`hand${more.left ? " more-left" : ""}${more.right ? " more-right" : ""}`} aria-label={`Your hand, ${p.cards.length} cards`}>
      <h3 class="hand-title">Your hand<span class="hand-count"> · {p.cards.length}</span>{more.right ? <span class="hand-more" aria-hidden="true">more →</span> : null}</h3>
      {p.cards.length === 0 ? <p class="muted">Your hand is empty.</p> : null}
      <ul ref={setList}>
        {p.cards.map((card) => <HandCard key={card.id} card={card} p={p} />)}
      </ul>
    </section>
  );
}

/** Whether a row that scrolls sideways has more to either side (issue 43: the hand shows that it scrolls). */
function useScrollCue(el: HTMLElement | null, count: number): { left: boolean; right: boolean } {
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    if (!el) return;
    const measure = () => {
      const left = el.scrollLeft > 4;
      const right = el.scrollWidth - el.clientWidth - el.scrollLeft > 4;
      setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => { el.removeEventListener("scroll", measure); ro?.disconnect(); };
  }, [el, count]);
  return more;
}

function HandCard({ card, p }: { card: CardView; p: HandProps }) {
  const def = p.cat.byId.get(card.card);
  const playable = p.playable.has(card.id) && !p.disabled;
  const selected = p.selected === card.id;
  const canDrag = playable && p.draggable.has(card.id);
  const inspect = useInspect({ kind: "card", card, where: "your hand" });
  return (
    <li>
      <button
        type="button"
        class={`hand-card card-${def?.type ?? "unknown"}${playable ? " playable" : ""}${selected ? " selected" : ""}`}
        style={def?.gem_type ? { "--gem": GEMS[def.gem_type].color } : undefined}
        aria-pressed={selected}
        aria-disabled={!playable}
        data-card-id={card.id}
        {...inspect}
        onClick={() => playable && p.onSelect(selected ? null : card.id)}
        onPointerDown={(e) => {
          inspect.onPointerDown(e);
          if (!canDrag) return;
          beginDrag(e, {
            onStart: () => p.onSelect(card.id),
            dropSelector: '.hero[data-side="me"][data-drop="1"]',
            onDrop: (t) => p.onDropOnHero(card.id, t.dataset.hero as Position),
          });
        }}
      >
        <span class="hc-type">{def?.type ?? "card"}{def?.level !== undefined ? ` · Lv ${def.level}` : ""}</span>
        <span class="hc-name">{cardName(card)}</span>
        <Emblem card={def} size="sm" />
        {def?.gem_type ? <GemIcon gem={def.gem_type} /> : null}
        {def?.gems ? <span class="hc-gems">{def.gems.map((g, i) => <GemIcon key={i} gem={g} size="sm" />)}</span> : null}
        {def?.type === "blend" ? <span class="hc-stats">{def.atk}/{def.def}</span> : null}
        {def?.type === "action" ? <span class="hc-stats"><Stars n={def.stars ?? 0} />{def.timed ? <span class="timed">timed</span> : null}</span> : null}
      </button>
    </li>
  );
}
