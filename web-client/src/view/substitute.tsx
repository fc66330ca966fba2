// The substitution question (CR 621) in two steps: first which bench hero, shown with its level, stats and
// effect; then which position it takes, naming the hero it replaces. Only the legal `substitute` intents are
// offered, and "Keep heroes" stays available at both steps.
import { useEffect, useState } from "preact/hooks";
import type { Catalogue } from "../catalogue";
import type { CardId } from "../gen/CardId";
import type { CardView } from "../gen/CardView";
import type { HeroView } from "../gen/HeroView";
import type { Intent } from "../gen/Intent";
import { first, substituteOptions } from "../intents";
import { CardName } from "./detail";
import { cardName } from "../cardname";

interface Props {
  legal: Intent[];
  bench: CardView[] | null;
  /** The substituting player's heroes now, to name whom each position's hero is. */
  heroes: HeroView[];
  cat?: Catalogue;
  disabled: boolean;
  send: (i: Intent) => void;
}

export function SubstituteChoice({ legal, bench, heroes, cat, disabled, send }: Props) {
  const opts = substituteOptions(legal);
  const [picked, setPicked] = useState<CardId | null>(null);
  // A new question (another round's substitution) starts at the first step.
  const key = opts.map((o) => `${o.bench}-${o.hero}`).join();
  useEffect(() => setPicked(null), [key]);
  const ids = [...new Set(opts.map((o) => o.bench))];
  const card = (id: CardId) => bench?.find((c) => c.id === id) ?? null;
  const keep = first(legal, "keep_heroes");
  const keepBtn = keep ? <button type="button" class={picked === null ? "primary" : ""} disabled={disabled} onClick={() => send(keep)}>Keep heroes</button> : null;

  if (picked === null) {
    return (
      <>
        <p>Choose a bench hero to bring in, or keep your heroes.</p>
        <ul class="substitutes" aria-label="Bench heroes">
          {ids.map((id) => {
            const c = card(id);
            const def = c ? cat?.byId.get(c.card) : undefined;
            return (
              <li key={id} class="bench-hero">
                <button type="button" disabled={disabled} onClick={() => setPicked(id)}>Bring in {c ? cardName(c) : `bench card ${id}`}</button>
                {def ? (
                  <span class="small muted">
                    Lv {def.level ?? "–"} · ATK {def.atk ?? "–"} · DEF {def.def ?? "–"}
                    {def.effect?.name ? ` · ${def.effect.name}: ${def.effect.text}` : def.effect?.text ? ` · ${def.effect.text}` : ""}
                  </span>
                ) : null}
                {c ? <CardName card={c} where="bench">details</CardName> : null}
              </li>
            );
          })}
        </ul>
        <div class="row">{keepBtn}</div>
      </>
    );
  }
  const pickedCard = card(picked);
  const name = pickedCard ? cardName(pickedCard) : `bench card ${picked}`;
  return (
    <>
      <p>Where does <strong>{name}</strong> go? The hero there goes to the bench.</p>
      <ul class="substitutes" aria-label="Positions">
        {opts.filter((o) => o.bench === picked).map((o) => {
          const out = heroes.find((h) => h.position === o.hero);
          const outCard = out?.blend ?? out?.hero;
          const outName = outCard && cardName(outCard);
          return (
            <li key={o.hero}>
              <button type="button" disabled={disabled} onClick={() => send(o)}>
                {o.hero}{outName ? ` (replacing ${outName})` : ""}
              </button>
            </li>
          );
        })}
      </ul>
      <div class="row">
        <button type="button" class="ghost" onClick={() => setPicked(null)}>Back to the bench</button>
        {keepBtn}
      </div>
    </>
  );
}
