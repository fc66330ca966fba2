// Dialogs for the engine's asks (turn order, mulligan, attack damage, substitution). Each offers exactly
// the legal intents for that ask; the board stays visible behind it so the hand can be judged.
import { useEffect, useRef } from "preact/hooks";
import type { AskKind } from "../gen/AskKind";
import type { CardView } from "../gen/CardView";
import type { Intent } from "../gen/Intent";
import { first, substituteOptions } from "../intents";

interface Props {
  ask: AskKind;
  legal: Intent[];
  bench: CardView[] | null;
  disabled: boolean;
  send: (i: Intent) => void;
}

export function AskDialog({ ask, legal, bench, disabled, send }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // Move focus into the dialog when a new ask arrives, so keyboard users land on its choices.
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button:not([disabled])")?.focus();
  }, [ask.type]);

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
    case "attack_damage":
      title = `Your ${ask.target} hero is attacked`;
      body = (
        <>
          <p>The opponent's {ask.attacker} hero deals <strong>{ask.damage}</strong> damage.</p>
          <div class="row">{btn(first(legal, "accept_damage"), `Take ${ask.damage} damage`, true)}{btn(first(legal, "deblend_to_block"), "Deblend to block")}</div>
        </>
      );
      break;
    case "substitute": {
      const opts = substituteOptions(legal);
      const name = (id: number) => bench?.find((c) => c.id === id)?.name ?? `bench card ${id}`;
      title = "Substitute a hero?";
      body = (
        <>
          <ul class="substitutes">
            {opts.map((o) => (
              <li key={`${o.bench}-${o.hero}`}>{btn(o, `${name(o.bench)} → ${o.hero}`)}</li>
            ))}
          </ul>
          <div class="row">{btn(first(legal, "keep_heroes"), "Keep heroes", true)}</div>
        </>
      );
      break;
    }
    default: {
      const never: never = ask;
      return never;
    }
  }
  return (
    <div class="ask" role="dialog" aria-labelledby="ask-title" ref={ref}>
      <h3 id="ask-title">{title}</h3>
      {body}
    </div>
  );
}
