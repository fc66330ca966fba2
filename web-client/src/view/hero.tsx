// One hero in a diamond: face-down back, or name, level, current ATK/DEF, gems, blend and attachments,
// with the controls the legal intents allow (drop target, deblend, attack toggles).
import type { Catalogue } from "../catalogue";
import type { AttackerDecl } from "../gen/AttackerDecl";
import type { AttackPreview } from "../gen/AttackPreview";
import type { HeroView } from "../gen/HeroView";
import type { Position } from "../gen/Position";
import type { Seat } from "../gen/Seat";
import type { HeroFx } from "../animate";
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
  /** Targets this hero may attack, and the current draft. */
  attackTargets?: Position[];
  attackDraft?: AttackerDecl[];
  onToggleAttack?: (target: Position) => void;
  /** The engine's preview of each of this hero's attacks (`MatchView.attack_preview`). */
  attackPreview?: AttackPreview[];
  /** On the opponent's side: own heroes currently aimed at this one. */
  targetedBy?: Position[];
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

export function Hero({ hero, seat, owner, side, cat, c = {}, marks = [] }: {
  hero: HeroView; seat: Seat; owner: string; side: "me" | "opp"; cat: Catalogue; c?: HeroControls;
  /** What happened to this hero this turn (board animations). */
  marks?: HeroFx[];
}) {
  const pos = hero.position;
  const inspect = useInspect({ kind: "hero", hero, seat, owner: owner === "You" ? "your" : `${owner}’s` });
  const droppable = !!c.dropFor && !c.disabled;
  const choosable = !!c.choosable && !c.disabled;
  const who = side === "me" ? "Your" : "Opponent's";
  const classes = ["hero", `pos-${pos}`, droppable ? "target" : "", hero.blend ? "blended" : "", c.targetedBy?.length ? "targeted" : "", hero.face_down ? "face-down" : "", c.choosable ? "choosable" : ""];
  // Face down and unknown to this viewer: only the back. The owner sees its own face-down heroes.
  if (!hero.hero) {
    return (
      <div class={classes.join(" ")} data-hero={pos} data-side={side} onClick={choosable ? c.onChoose : undefined} {...inspect}>
        <CardBack label={`${who} ${pos} hero, face down`} />
        <span class="hero-pos">{pos}</span>
        <HeroMarks marks={marks} />
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
      <h4 class="hero-name">{title}</h4>
      {hero.blend ? <p class="hero-base">blend of {cardName(hero.hero)}{blendDef?.effect?.name ? ` · ${blendDef.effect.name}` : ""}</p>
        : def?.effect?.name ? <p class="hero-base">{def.effect.name}</p> : null}
      {effectDef && effectDef.id !== (hero.blend ?? hero.hero).card ? (
        <p class="hero-base hero-copied" title={effectDef.effect?.text}>has {effectName} (from {effectDef.name})</p>
      ) : null}
      <dl class="hero-stats">
        <Stat label="ATK" now={hero.atk} written={hero.written_atk} />
        <Stat label="DEF" now={hero.def} written={hero.written_def} />
      </dl>
      <ul class="hero-gems" aria-label={hero.gems.length ? `Gems: ${hero.gems.map(cardName).join(", ")}` : "No gems"}>
        {hero.gems.map((g) => {
          const gt = cat.byId.get(g.card)?.gem_type;
          return <li key={g.id}>{gt ? <GemIcon gem={gt} size="sm" /> : <span class="chip">{cardName(g)}</span>}</li>;
        })}
      </ul>
      {hero.attached.length ? <p class="hero-attached small">+ {hero.attached.map(cardName).join(", ")}</p> : null}
      <HeroMarks marks={marks} />
      {c.targetedBy?.length ? <p class="targeted-by" role="note">⚔ from your {c.targetedBy.join(", ")}</p> : null}
      <div class="hero-controls">
        {choosable ? (
          <button type="button" class="primary choose-btn" onClick={(e) => { e.stopPropagation(); c.onChoose?.(); }} aria-label={`Choose ${side === "me" ? "your" : "opponent's"} ${pos} hero`}>
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
          <button type="button" class="primary drop-btn" onClick={(e) => { e.stopPropagation(); c.onDrop?.(); }}>
            Play {c.dropFor} here
          </button>
        ) : null}
        {c.canDeblend ? (
          <button type="button" disabled={c.disabled} onClick={(e) => { e.stopPropagation(); c.onDeblend?.(); }} aria-label={`Deblend ${pos} hero`}>
            Deblend
          </button>
        ) : null}
        {c.attackTargets?.map((t) => {
          const on = c.attackDraft?.some((a) => a.hero === pos && a.target === t) ?? false;
          const label = c.attackTargets!.length === 1 ? "Attack" : `Attack ${t}`;
          const p = c.attackPreview?.find((x) => x.target === t);
          const deals = p ? p.damage === null ? "damage unknown (face down)" : `deals ${p.damage}` : null;
          return (
            <button key={t} type="button" class={`attack-btn${on ? " on" : ""}`} aria-pressed={on} disabled={c.disabled}
              onClick={(e) => { e.stopPropagation(); c.onToggleAttack?.(t); }}
              title={p ? attackTitle(p) : undefined}
              aria-label={`${pos} hero attacks opponent's ${t} hero${deals ? `: ${deals}` : ""}`}>
              ⚔ {label}{p ? <span class="attack-preview" data-testid="attack-preview"> · {p.damage ?? "?"} dmg</span> : null}
            </button>
          );
        })}
      </div>
    </section>
  );
}

/** The preview in words: the engine's ATK and DEF, and that the attacker itself takes nothing (CR 204.4a). */
export function attackTitle(p: AttackPreview): string {
  const against = p.def === null ? "a face-down hero (its DEF is hidden)" : `DEF ${p.def}`;
  const deals = p.damage === null ? "" : `: ${p.damage} damage to the opponent's HP`;
  return `ATK ${p.atk} while attacking vs ${against}${deals}, unless blocked or changed by an effect. Your hero takes no damage.`;
}
