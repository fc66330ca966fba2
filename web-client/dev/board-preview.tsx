// Dev-only visual check of the board with hand-built fixtures (`npm run dev`, open /dev/board-preview.html).
// Not part of the production build; intents are only listed on the page, nothing is sent anywhere.
import { render } from "preact";
import { useState } from "preact/hooks";
import cardsJson from "../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../src/catalogue";
import type { Intent } from "../src/gen/Intent";
import type { MatchView } from "../src/gen/MatchView";
import type { LogEntry } from "../src/state";
import { mainLegal, mainView } from "../src/test/fixtures";
import { renderBoard } from "../src/view/board";
import "../src/style.css";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const log: LogEntry[] = [
  { v: 9, event: { type: "turn_started", seat: "A", turn: 3, first_turn: false } },
  { v: 9, event: { type: "card_drawn", seat: "A", card: { id: 3, card: "stun", name: "Stun" } } },
  { v: 10, event: { type: "gem_equipped", seat: "A", hero: "left", gem: { id: 7, card: "aerogem", name: "Aerogem" }, allotted: true } },
  { v: 11, event: { type: "blended", seat: "A", hero: "center", blend: { id: 8, card: "hornet", name: "Hornet" } } },
  { v: 12, event: { type: "action_played", seat: "A", action: { id: 9, card: "rotate", name: "Rotate" } } },
];

const scenarios: Record<string, { view: MatchView; legal: Intent[] }> = {
  main: { view: mainView(), legal: mainLegal },
  mulligan: { view: { ...mainView(), phase: "setup", pending: { seat: "A", decision: { type: "ask", ask: { type: "mulligan" } } } }, legal: [{ type: "mulligan" }, { type: "keep_hand" }, { type: "concede" }] },
  waiting: { view: { ...mainView(), active: "B", pending: { seat: "B", decision: { type: "window", window: "main" } } }, legal: [{ type: "concede" }] },
};

function Preview() {
  const name = new URLSearchParams(location.search).get("s") ?? "main";
  const s = scenarios[name] ?? scenarios.main!;
  const [sent, setSent] = useState<Intent[]>([]);
  return (
    <>
      {renderBoard(s.view, s.legal, cat, { send: (i) => setSent([...sent, i]), names: { B: "Brave Otter 42" }, log })}
      <pre data-testid="sent">{sent.map((i) => JSON.stringify(i)).join("\n")}</pre>
    </>
  );
}

render(<Preview />, document.getElementById("app")!);
