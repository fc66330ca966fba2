// Wording for effect questions (`{type: "effect", prompt, card}` asks) and name lookups for their card
// options. No rules: the options are always exactly the `legal` answers; this only labels them.
import type { Catalogue, CardDef } from "./catalogue";
import type { CardId } from "./gen/CardId";
import type { CardView } from "./gen/CardView";
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import type { Prompt } from "./gen/Prompt";
import { cardName } from "./cardname";

/** Title of the question, given the name of the card whose effect asks. */
export function promptTitle(prompt: Prompt, card: string): string {
  const by = card ? `${card}: ` : "";
  switch (prompt) {
    case "may_use": return `Use ${card || "this effect"}?`;
    case "discard_from_hand": return `${by}choose a card to discard`;
    case "search_deck": return `${by}search your deck`;
    case "equip_gem_from_hand": return `${by}choose a gem from your hand to equip`;
    case "equip_target": return `${by}choose a hero to equip`;
    case "switch_first": return `${by}choose the first hero to switch`;
    case "switch_with": return `${by}choose the hero to switch with`;
    case "pay_mooring": return `${by}Anchor holds this hero`;
    case "opponent_blend_to_discard": return `${by}choose an opponent's blend to discard`;
    case "remove_effect_target": return `${by}choose a hero whose effect is removed`;
    case "rotate_direction": return `${by}rotate which way?`;
    case "copy_from": return `${by}choose an effect to copy`;
    case "invert_target": return `${by}choose a hero to invert`;
    case "opponent_may_draw": return `${by}you may draw a card`;
    case "choose_trigger": return "Choose which of your effects resolves next";
    case "attach_from_hand": return `${by}choose a card from your hand to attach`;
    case "arrange_left": return `${by}choose the hero for left position`;
    case "arrange_center": return `${by}choose the hero for center position`;
    case "arrange_right": return `${by}choose the hero for right position (the last goes to back)`;
    case "substitute_out": return `${by}choose a hero to substitute out`;
    case "substitute_in": return `${by}choose a bench hero to bring in`;
  }
}

/** Labels for `accept` and `decline` under each prompt (undefined where the prompt never offers them). */
export function answerLabels(prompt: Prompt, card: string): { accept: string; decline: string } {
  switch (prompt) {
    case "may_use": return { accept: `Use ${card || "the effect"}`, decline: "Don't use" };
    case "pay_mooring": return { accept: "Take the damage to switch", decline: "Don't switch" };
    case "opponent_may_draw": return { accept: "Draw a card", decline: "Don't draw" };
    case "search_deck": return { accept: "Accept", decline: "Take nothing" };
    default: return { accept: "Accept", decline: "Decline" };
  }
}

/** Every card a seat's view shows by handle, for naming `choose_card` options. */
export function visibleCards(view: MatchView): CardView[] {
  // `choices`: the cards the current question offers this seat, named (including deck cards in a search).
  const out: CardView[] = [...(view.choices ?? [])];
  for (const p of view.players) {
    out.push(...(p.hand ?? []), ...(p.bench ?? []), ...p.discard, ...p.action_meter);
    for (const h of p.heroes) {
      if (h.hero) out.push(h.hero);
      if (h.blend) out.push(h.blend);
      out.push(...h.gems, ...h.attached);
    }
  }
  return out;
}

export interface CardChoice {
  intent: Extract<Intent, { type: "choose_card" }>;
  /** The card as the view shows it (`choices`, hand, discard, …); null if no zone in the view names it. */
  card: CardView | null;
  def: CardDef | undefined;
  label: string;
}

/** The `choose_card` answers, named where the view lets us; unnamed ones are numbered. */
export function cardChoices(view: MatchView, legal: Intent[], cat: Catalogue, prompt: Prompt | null): CardChoice[] {
  const known = new Map<CardId, CardView>(visibleCards(view).map((c) => [c.id, c]));
  const from = prompt === "search_deck" ? "a card from your deck" : "a card";
  let n = 0;
  return legal.filter((i): i is CardChoice["intent"] => i.type === "choose_card").map((intent) => {
    const card = known.get(intent.card) ?? null;
    n++;
    return { intent, card, def: card ? cat.byId.get(card.card) : undefined, label: card ? cardName(card) : `${from} (option ${n})` };
  });
}
