// Dev-only visual check of the board with hand-built fixtures (`npm run dev`, open /dev/board-preview.html).
// Not part of the production build; intents are only listed on the page, nothing is sent anywhere.
import { render } from "preact";
import { useState } from "preact/hooks";
import cardsJson from "../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../src/catalogue";
import type { Intent } from "../src/gen/Intent";
import type { MatchView } from "../src/gen/MatchView";
import type { LogEntry } from "../src/state";
import { card, hero, mainLegal, mainView } from "../src/test/fixtures";
import { NAMES, THREE_LEGAL, ffaView, threeView } from "../src/test/ffa-fixtures";
import { renderBoard } from "../src/view/board";
import "../src/style.css";
import "../src/table.css";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const log: LogEntry[] = [
  { v: 9, event: { type: "turn_started", seat: "A", turn: 3, first_turn: false } },
  { v: 9, event: { type: "card_drawn", seat: "A", card: { id: 3, card: "stun" } } },
  { v: 10, event: { type: "gem_equipped", seat: "A", hero: "left", gem: { id: 7, card: "aerogem" }, allotted: true } },
  { v: 11, event: { type: "blended", seat: "A", hero: "center", blend: { id: 8, card: "hornet" } } },
  { v: 12, event: { type: "action_played", seat: "A", action: { id: 9, card: "rotate" } } },
];

function effectView(): MatchView {
  const v = mainView();
  v.players[0]!.heroes[2] = hero("right", "tara", "Tara", { effect: "Tara" });
  v.players[0]!.heroes[0] = { ...v.players[0]!.heroes[0], cannot_attack: true };
  v.players[1]!.heroes[0] = hero("left", "elaine", "Elaine", { effect: "Elaine", effect_removed: true });
  return v;
}
const ask = (prompt: import("../src/gen/Prompt").Prompt, c: string): MatchView =>
  ({ ...effectView(), pending: { seat: "A", ask: { type: "effect", prompt, card: c } } });

const scenarios: Record<string, { view: MatchView; legal: Intent[] }> = {
  main: { view: mainView(), legal: mainLegal },
  mulligan: { view: { ...mainView(), phase: "setup", pending: { seat: "A", ask: { type: "mulligan" } } }, legal: [{ type: "mulligan" }, { type: "keep_hand" }, { type: "concede" }] },
  effects: { view: effectView(), legal: [...mainLegal, { type: "use_effect", hero: "right" }] },
  stun: { view: ask("remove_effect_target", "Stun"), legal: [{ type: "choose_hero", seat: "B", hero: "left" }, { type: "choose_hero", seat: "B", hero: "center" }, { type: "choose_hero", seat: "B", hero: "right" }, { type: "concede" }] },
  search: { view: ask("search_deck", "Herald"), legal: [{ type: "choose_card", card: 901 }, { type: "choose_card", card: 902 }, { type: "decline" }, { type: "concede" }] },
  discard: { view: ask("discard_from_hand", "Usher"), legal: [{ type: "choose_card", card: 1 }, { type: "choose_card", card: 2 }, { type: "concede" }] },
  rotate: { view: ask("rotate_direction", "Rotate"), legal: [{ type: "choose_direction", clockwise: true }, { type: "choose_direction", clockwise: false }, { type: "concede" }] },
  mooring: { view: ask("pay_mooring", "Anchor"), legal: [{ type: "accept" }, { type: "decline" }, { type: "concede" }] },
  block: {
    view: { ...effectView(), players: [{ ...effectView().players[0]!, hand: [card("block-attack", 8)] }, effectView().players[1]!], pending: { seat: "A", ask: { type: "attack_damage", attacker: "left", target: "center", damage: 4 } } },
    legal: [{ type: "accept_damage" }, { type: "play_action", card: 8 }, { type: "concede" }],
  },
  waiting: { view: { ...mainView(), active: "B", pending: { seat: "B", window: "main" } }, legal: [{ type: "concede" }] },
  // The free-for-all (issue 16): ?s=three (A to attack), ?s=six (seat D, F out), ?s=six-watch (a spectator).
  three: { view: threeView(), legal: THREE_LEGAL },
  six: { view: ffaView(6, "D", { active: "B", pending: { seat: "B", window: "main" } }, { F: { hp: 0, eliminated: { place: 6, turn: 5, reason: "hp" } } }), legal: [{ type: "concede" }] },
  "six-watch": { view: ffaView(6, null, {}, { F: { hp: 0, eliminated: { place: 6, turn: 5, reason: "hp" } } }), legal: [] },
};

function Preview() {
  const name = new URLSearchParams(location.search).get("s") ?? "main";
  const s = scenarios[name] ?? scenarios.main!;
  const [sent, setSent] = useState<Intent[]>([]);
  return (
    <>
      {renderBoard(s.view, s.legal, cat, { send: (i) => setSent([...sent, i]), names: name.startsWith("three") || name.startsWith("six") ? NAMES : { B: "Brave Otter 42" }, log })}
      <pre data-testid="sent">{sent.map((i) => JSON.stringify(i)).join("\n")}</pre>
    </>
  );
}

render(<Preview />, document.getElementById("app")!);
