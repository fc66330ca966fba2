// A catalogue card drawn as a readable card: type, name, level, ATK/DEF with activation marks, gem
// requirements, stars, the timed hourglass, effect and flavour. Also small gem chips used on the board.
import type { ComponentChildren } from "preact";
import { CardArt } from "../art/emblem";
import { GEMS, type CardDef, type GemType } from "../catalogue";

export function GemIcon({ gem, size = "md" }: { gem: GemType; size?: "sm" | "md" | "lg" }) {
  const g = GEMS[gem];
  return (
    <span class={`gem-icon gem-${size}`} style={{ "--gem": g.color, color: g.ink }} title={gem} role="img" aria-label={gem}>
      <span aria-hidden="true">{g.mark}</span>
    </span>
  );
}

/** Marks a stat that only counts while the hero holds an activation gem. */
function Activation({ on, what }: { on: boolean; what: string }) {
  if (!on) return null;
  return (
    <span class="activation" title={`${what} needs an activation gem`} role="img" aria-label={`${what} needs an activation gem`}>
      ◈
    </span>
  );
}

export function Stars({ n }: { n: number }) {
  return (
    <span class="stars" role="img" aria-label={`${n} star${n === 1 ? "" : "s"}`}>
      {n === 0 ? "☆" : "★".repeat(n)}
    </span>
  );
}

export function CardFace({ card, compact = false, children }: { card: CardDef; compact?: boolean; children?: ComponentChildren }) {
  const act = new Set(card.activation ?? []);
  const hasStats = card.type === "hero" || card.type === "blend";
  const gem = card.gem_type ? GEMS[card.gem_type] : undefined;
  return (
    <article
      class={`card card-${card.type}${compact ? " compact" : ""}`}
      style={gem ? { "--gem": gem.color, "--gem-ink": gem.ink } : undefined}
      aria-label={`${card.name}, ${card.type}`}
      data-card={card.id}
    >
      <header class="card-head">
        <span class="card-type">{card.type}</span>
        {card.level !== undefined ? <span class="card-level" aria-label={`level ${card.level}`}>Lv {card.level}</span> : null}
        {card.type === "action" ? <Stars n={card.stars ?? 0} /> : null}
        {card.timed ? <span class="timed" title="Timed: can be played in response">timed</span> : null}
      </header>
      <h3 class="card-name">{card.name}</h3>
      <CardArt card={card} compact={compact} />
      {card.gems?.length ? (
        <div class="card-gems" aria-label={`Requires ${card.gems.join(", ")}`}>
          {card.gems.map((g, i) => <GemIcon key={i} gem={g} size="sm" />)}
        </div>
      ) : null}
      {card.type === "gem" && card.gem_type ? (
        <div class="card-gem-big">
          <GemIcon gem={card.gem_type} size="lg" />
          <span class="card-subtype">{card.subtype ?? "gem"}</span>
        </div>
      ) : null}
      {hasStats ? (
        <dl class="card-stats">
          <div><dt>ATK</dt><dd>{card.atk ?? 0}<Activation on={act.has("atk")} what="ATK" /></dd></div>
          <div><dt>DEF</dt><dd>{card.def ?? 0}<Activation on={act.has("def")} what="DEF" /></dd></div>
        </dl>
      ) : null}
      {card.effect && !compact ? (
        <p class="card-effect">
          {card.effect.name ? <strong>{card.effect.name}<Activation on={act.has("effect")} what="Effect" />: </strong> : null}
          {card.effect.text}
        </p>
      ) : null}
      {card.flavor && !compact ? <p class="card-flavor">{card.flavor}</p> : null}
      {children}
    </article>
  );
}

/** The back of a card, for face-down heroes and hidden zones. */
export function CardBack({ label }: { label: string }) {
  return (
    <div class="card-back" role="img" aria-label={label}>
      <span aria-hidden="true">◆</span>
    </div>
  );
}
