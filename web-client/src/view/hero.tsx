// One hero in a diamond: face-down back, or name, level, current ATK/DEF, gems, blend and attachments,
// with the controls the legal intents allow (drop target, deblend, attack toggles).
import type { Catalogue, GemType } from "../catalogue";
import type { AttackPreview } from "../gen/AttackPreview";
import type { AttackerDecl } from "../gen/AttackerDecl";
import type { HeroView } from "../gen/HeroView";
import type { Position } from "../gen/Position";
import type { Seat } from "../gen/Seat";
import type { HeroFx, Side } from "../animate";
import type { AttackTarget } from "../targets";
import { Emblem } from "../art/emblem";
import { CardBack, GemIcon } from "./card";
import { useInspect } from "./detail";
import { HeroMarks } from "./fx";
import { cardName } from "../cardname";

export interface HeroControls {
  /** Name of the selected hand card when this hero is a legal target for it. */
  dropFor?: string;
  onDrop?: () => void;
  canDeblend?: boolean;
  onDeblend?: () => void;
  /** Targets this hero may attack (with the defending seat in the free-for-all, MP-10), and the current draft. */
  attackTargets?: AttackerDecl[];
  attackDraft?: AttackerDecl[];
  onToggleAttack?: (target: AttackerDecl) => void;
  /** The engine's preview of each of this hero's attacks (`MatchView.attack_preview`). */
  attackPreview?: AttackPreview[];
  /** The free-for-all: a defending seat's name, for the attack buttons ("Attack Bob’s center"). */
  defenderName?: (d: AttackerDecl) => string;
  /** On the opponent's side: own heroes currently aimed at this one. */
  targetedBy?: Position[];
  /** On a free-for-all opponent's side: own heroes that may attack this one now, with the damage (MP-10). */
  attackableBy?: AttackTarget[];
  /** An activated effect this hero may use now. */
  canUseEffect?: boolean;
  onUseEffect?: () => void;
  /** This hero is a legal answer to the current effect question. */
  choosable?: boolean;
  onChoose?: () => void;
  disabled?: boolean;
}

function Stat({ label, now, written }: { label: string; now: number | null; written: number | null }) {
  const changed = now !== null && written !== null && now !== written;
  return (
    <div class={`stat${changed ? " changed" : ""}`}>
      <dt>{label}</dt>
      <dd>
        {now ?? "–"}
        {changed ? <span class="written" title={`written ${label}`}> ({written})</span> : null}
      </dd>
    </div>
  );
}

export function Hero({ hero, seat, owner, side, cat, c = {}, marks = [], whose }: {
  hero: HeroView; seat: Seat; owner: string; side: Side; cat: Catalogue; c?: HeroControls;
  /** "Bob’s": names the owner where "Opponent's" would not say which (the free-for-all). */
  whose?: string;
  /** What happened to this hero this turn (board animations). */
  marks?: HeroFx[];
}) {
  const pos = hero.position;
  const inspect = useInspect({ kind: "hero", hero, seat, owner: owner === "You" ? "your" : `${owner}’s` });
  const droppable = !!c.dropFor && !c.disabled;
  const choosable = !!c.choosable && !c.disabled;
  const who = side === "me" ? "Your" : whose ?? "Opponent's";
  const classes = ["hero", `pos-${pos}`, droppable ? "target" : "", hero.blend ? "blended" : "", c.targetedBy?.length ? "targeted" : "", hero.face_down ? "face-down" : "", c.choosable ? "choosable" : "", c.attackableBy?.length ? "attackable" : ""];
  const attackable = c.attackableBy?.length ? <AttackableNote by={c.attackableBy} /> : null;
  // Face down and unknown to this viewer: only the back. The owner sees its own face-down heroes.
  if (!hero.hero) {
    return (
      <div class={classes.join(" ")} data-hero={pos} data-side={side} onClick={choosable ? c.onChoose : undefined} {...inspect}>
        <CardBack label={`${who} ${pos} hero, face down`} />
        <span class="hero-pos">{pos}</span>
        <HeroMarks marks={marks} />
        {c.targetedBy?.length ? <p class="targeted-by" role="note">⚔ from your {c.targetedBy.join(", ")}</p> : attackable}
        {choosable ? <button type="button" class="primary choose-btn" onClick={(e) => { e.stopPropagation(); c.onChoose?.(); }}>Choose</button> : null}
      </div>
    );
  }
  const def = cat.byId.get(hero.hero.card);
  const blendDef = hero.blend ? cat.byId.get(hero.blend.card) : undefined;
  const title = cardName(hero.blend ?? hero.hero);
  // The effect the hero has now (own, blend's or copied), by the name of the card it comes from.
  const effectDef = hero.effect ? cat.find(hero.effect) : undefined;
  const effectName = effectDef?.effect?.name ?? hero.effect ?? "effect";
  const tipId = `effect-tip-${side}-${pos}`;
  // The engine marks a stat held back by a missing activation gem with an `activation_gem` term (CR 300.5).
  const needsGem = [["ATK", hero.atk_terms], ["DEF", hero.def_terms]].flatMap(([label, terms]) =>
    (terms as HeroView["atk_terms"]).some((t) => t.source === "activation_gem") ? [label as string] : []);
  return (
    <section
      class={classes.filter(Boolean).join(" ")}
      data-hero={pos}
      data-side={side}
      data-drop={droppable ? "1" : undefined}
      aria-label={`${who} ${pos} hero: ${title}${hero.face_down ? " (face down)" : ""}`}
      onClick={droppable ? c.onDrop : choosable ? c.onChoose : undefined}
      // Focusable so a keyboard reaches its details; focus inside (its buttons) bubbles here too.
      tabIndex={0}
      {...inspect}
      onFocusIn={inspect.onFocus}
    >
      <header class="hero-head">
        <span class="hero-pos">{pos}</span>
        {hero.face_down ? <span class="badge">face down</span> : null}
        {hero.level !== null ? <span class="hero-level">Lv {hero.level}</span> : null}
      </header>
      {needsGem.length ? (
        <p class="hero-badges"><span class="badge badge-warn" title="CR 300.5: this stat counts once the hero holds a gem">{needsGem.join("/")} needs a gem</span></p>
      ) : null}
      {hero.effect_removed || hero.cannot_attack ? (
        <p class="hero-badges">
          {hero.effect_removed ? <span class="badge badge-bad" title="Stun or Ghost: treated as having no effect">effect removed</span> : null}
          {hero.cannot_attack ? <span class="badge badge-bad" title="Block Attack: may not attack this turn">can't attack</span> : null}
        </p>
      ) : null}
      <div class="hero-title"><Emblem card={blendDef ?? def} size="sm" /><h4 class="hero-name">{title}</h4></div>
      {/* What just happened to the hero takes the place of its secondary line (issue 43: never drawn over text). */}
      {marks.length ? <HeroMarks marks={marks} />
        : hero.blend ? <p class="hero-base">blend of {cardName(hero.hero)}{blendDef?.effect?.name ? ` · ${blendDef.effect.name}` : ""}</p>
        : def?.effect?.name ? <p class="hero-base">{def.effect.name}</p> : null}
      {effectDef && effectDef.id !== (hero.blend ?? hero.hero).card ? (
        <p class="hero-base hero-copied" title={effectDef.effect?.text}>has {effectName} (from {effectDef.name})</p>
      ) : null}
      <dl class="hero-stats">
        <Stat label="ATK" now={hero.atk} written={hero.written_atk} />
        <Stat label="DEF" now={hero.def} written={hero.written_def} />
      </dl>
      <ul class="hero-gems" aria-label={hero.gems.length ? `Gems: ${hero.gems.map(cardName).join(", ")}` : "No gems"}>
        {gemPile(hero.gems, cat).map(({ key, gem, name, count }) => (
          <li key={key}>{gem ? <GemIcon gem={gem} size="sm" /> : <span class="chip">{name}</span>}{count > 1 ? <span class="gem-count">×{count}</span> : null}</li>
        ))}
      </ul>
      {hero.attached.length ? <p class="hero-attached small">+ {hero.attached.map(cardName).join(", ")}</p> : null}
      {c.targetedBy?.length ? <p class="targeted-by" role="note">⚔ from your {c.targetedBy.join(", ")}</p> : attackable}
      <div class="hero-controls">
        {choosable ? (
          <button type="button" class="primary choose-btn" onClick={(e) => { e.stopPropagation(); c.onChoose?.(); }} aria-label={`Choose ${side === "me" ? "your" : whose ?? "opponent's"} ${pos} hero`}>
            Choose
          </button>
        ) : null}
        {c.canUseEffect ? (
          <span class="effect-use">
            <button type="button" class="use-effect" disabled={c.disabled} aria-describedby={tipId}
              onClick={(e) => { e.stopPropagation(); c.onUseEffect?.(); }}>
              Use {effectName}
            </button>
            <span role="tooltip" id={tipId} class="tooltip">
              <strong>{effectName}</strong>{effectDef && effectDef.name !== effectName ? ` (${effectDef.name})` : ""}: {effectDef?.effect?.text ?? ""}
            </span>
          </span>
        ) : null}
        {droppable ? (
          // The card being played is the one selected in the hand (and named in the prompt): "Play here" is short
          // enough to share a line with an attack; the name still says which card (WCAG 2.5.3: it starts with it).
          <button type="button" class="primary drop-btn" onClick={(e) => { e.stopPropagation(); c.onDrop?.(); }} aria-label={`Play here: ${c.dropFor}`}>
            Play here
          </button>
        ) : null}
        {c.canDeblend ? (
          <button type="button" disabled={c.disabled} onClick={(e) => { e.stopPropagation(); c.onDeblend?.(); }} aria-label={`Deblend ${pos} hero`}>
            Deblend
          </button>
        ) : null}
        {c.attackTargets?.map((t) => {
          const same = (x: { target: Position; defender?: Seat | null }) => x.target === t.target && (x.defender ?? null) === (t.defender ?? null);
          const on = c.attackDraft?.some((a) => a.hero === pos && same(a)) ?? false;
          // Two-player: "Attack" or "Attack left"; the free-for-all names the defender ("Attack Bob’s center").
          const defender = c.defenderName?.(t);
          const label = defender ? `${defender} ${t.target}` : c.attackTargets!.length === 1 ? "Attack" : `Attack ${t.target}`;
          const p = c.attackPreview?.find(same);
          const deals = p ? p.damage === null ? "damage unknown (face down)" : `deals ${p.damage}` : null;
          // The free-for-all's name starts with the words shown (WCAG 2.5.3), then says who attacks whom.
          const name = defender
            ? `${label}${p ? ` · ${p.damage ?? "?"} dmg` : ""}: your ${pos} hero attacks ${defender} ${t.target} hero${deals ? `, ${deals}` : ""}`
            : `${pos} hero attacks opponent's ${t.target} hero${deals ? `: ${deals}` : ""}`;
          return (
            <button key={`${t.defender ?? ""}${t.target}`} type="button" class={`attack-btn${on ? " on" : ""}`} aria-pressed={on} disabled={c.disabled}
              onClick={(e) => { e.stopPropagation(); c.onToggleAttack?.(t); }}
              title={p ? attackTitle(p) : undefined}
              aria-label={name}>
              ⚔ {label}{p ? <span class="attack-preview" data-testid="attack-preview"> · {p.damage ?? "?"} dmg</span> : null}
            </button>
          );
        })}
      </div>
    </section>
  );
}

/** Up to GEM_ICONS gems one by one; more collapse to one icon per kind with its count (a hero with 20 keeps its name). */
const GEM_ICONS = 4;
function gemPile(gems: HeroView["gems"], cat: Catalogue): { key: string; gem?: GemType; name: string; count: number }[] {
  const one = gems.map((g) => ({ key: String(g.id), gem: cat.byId.get(g.card)?.gem_type, name: cardName(g), count: 1 }));
  if (one.length <= GEM_ICONS) return one;
  const kinds = new Map<string, { key: string; gem?: GemType; name: string; count: number }>();
  for (const g of one) {
    const k = g.gem ?? g.name;
    const known = kinds.get(k);
    if (known) known.count++;
    else kinds.set(k, { ...g, key: k });
  }
  return [...kinds.values()];
}

/** On a target hero: which of the viewer's heroes may attack it now and for how much (MP-10, the engine's preview). */
function AttackableNote({ by }: { by: AttackTarget[] }) {
  const parts = by.map((t) => `your ${t.hero} (${t.damage === null ? "? dmg" : `${t.damage} dmg`})`);
  return <p class="attackable-by" role="note" data-testid="attackable">⚔ can be attacked by {parts.join(", ")}</p>;
}

/** The preview in words: the engine's ATK and DEF, and that the attacker itself takes nothing (CR 204.4a). */
export function attackTitle(p: AttackPreview): string {
  const against = p.def === null ? "a face-down hero (its DEF is hidden)" : `DEF ${p.def}`;
  const deals = p.damage === null ? "" : `: ${p.damage} damage to the opponent's HP`;
  return `ATK ${p.atk} while attacking vs ${against}${deals}, unless blocked or changed by an effect. Your hero takes no damage.`;
}
