// HP prices said before committing (issue #11, "say what will happen"): the engine's `hp_prices` names each legal
// intent that costs the player's own HP (Ghost's Haunt, Beatrice's Plotting, an opponent's Anchor). The client
// only looks prices up and words them; it never computes one.
import type { Intent } from "./gen/Intent";
import type { MatchView } from "./gen/MatchView";
import { perspective, playerAt, sameIntent } from "./intents";
import { cardName } from "./cardname";

/** The HP `intent` costs the viewer, or null when it costs nothing. */
export function hpPrice(view: MatchView, intent: Intent): number | null {
  return view.hp_prices?.find((p) => sameIntent(p.intent, intent))?.hp ?? null;
}

/** What committing `intent` does, named from the view, and what it costs: the confirmation's text. */
export function priceQuestion(view: MatchView, intent: Intent, hp: number): { title: string; detail: string } {
  const me = playerAt(view.players, perspective(view).me);
  const card = (id: number) => {
    const c = me.hand?.find((c) => c.id === id);
    return c && cardName(c);
  };
  const hero = (pos: string) => me.heroes.find((h) => h.position === pos);
  let what: string;
  switch (intent.type) {
    case "use_effect":
      what = `Using ${hero(intent.hero)?.effect ?? "this effect"}`;
      break;
    case "play_blend": {
      const h = hero(intent.hero);
      what = `Blending ${card(intent.card) ?? "this blend"} onto ${(h?.hero && cardName(h.hero)) ?? `your ${intent.hero} hero`}${h?.effect ? ` (${h.effect})` : ""}`;
      break;
    }
    case "play_action":
      what = `Playing ${card(intent.card) ?? "this action"}`;
      break;
    default:
      what = "This";
  }
  return { title: `${what} costs you ${hp} HP`, detail: `Your HP goes from ${me.hp} to ${Math.max(0, me.hp - hp)}.` };
}
