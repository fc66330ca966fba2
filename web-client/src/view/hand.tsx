// The viewer's hand: each card is a toggle button (keyboard and click path) and a drag source (pointer path).
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
  return (
    <section class="hand" aria-label={`Your hand, ${p.cards.length} cards`}>
      <h3 class="hand-title">Your hand</h3>
      {p.cards.length === 0 ? <p class="muted">Your hand is empty.</p> : null}
      <ul>
        {p.cards.map((card) => <HandCard key={card.id} card={card} p={p} />)}
      </ul>
    </section>
  );
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
        onPointerDown={canDrag ? (e) => {
          beginDrag(e, {
            onStart: () => p.onSelect(card.id),
            dropSelector: '.hero[data-side="me"][data-drop="1"]',
            onDrop: (t) => p.onDropOnHero(card.id, t.dataset.hero as Position),
          });
        } : undefined}
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
