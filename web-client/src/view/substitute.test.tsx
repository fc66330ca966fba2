// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import cardsJson from "../../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CatalogueJson } from "../catalogue";
import type { Intent } from "../gen/Intent";
import { card, hero } from "../test/fixtures";
import { SubstituteChoice } from "./substitute";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const bench = [card("tara", 41), card("usher", 42)];
const heroes = [hero("left", "claire", "Claire"), hero("center", "beatrice", "Beatrice", { blend: card("hornet") }), hero("right", "kula", "Kula"), hero("back", "matthew", "Matthew")];
const legal: Intent[] = [
  { type: "substitute", bench: 41, hero: "left" },
  { type: "substitute", bench: 41, hero: "center" },
  { type: "substitute", bench: 42, hero: "left" },
  { type: "keep_heroes" },
  { type: "concede" },
];
let root: HTMLElement;
let sent: Intent[];
beforeEach(() => { root = document.createElement("div"); document.body.append(root); sent = []; });
afterEach(() => { render(null, root); root.remove(); });
const buttons = () => [...root.querySelectorAll("button")].filter((b) => !b.classList.contains("card-link")).map((b) => b.textContent);
const press = (text: string) => act(() => [...root.querySelectorAll("button")].find((b) => b.textContent === text)!.click());

describe("substitution in two steps", () => {
  it("offers the bench heroes with their details first, then only that hero's legal positions, naming who leaves", () => {
    act(() => render(<SubstituteChoice legal={legal} bench={bench} heroes={heroes} cat={cat} disabled={false} send={(i) => sent.push(i)} />, root));
    expect(buttons()).toEqual(["Bring in Tara", "Bring in Usher", "Keep heroes"]);
    const tara = cat.byId.get("tara")!;
    expect(root.querySelector(".bench-hero")!.textContent).toContain(`Lv ${tara.level} · ATK ${tara.atk} · DEF ${tara.def}`);
    expect(root.querySelector(".bench-hero")!.textContent).toContain(tara.effect!.text);
    press("Bring in Tara");
    expect(buttons()).toEqual(["left (replacing Claire)", "center (replacing Hornet)", "Back to the bench", "Keep heroes"]);
    press("Back to the bench");
    press("Bring in Usher");
    expect(buttons()).toEqual(["left (replacing Claire)", "Back to the bench", "Keep heroes"]);
    press("left (replacing Claire)");
    expect(sent).toEqual([{ type: "substitute", bench: 42, hero: "left" }]);
  });

  it("keeps the heroes in one click", () => {
    act(() => render(<SubstituteChoice legal={legal} bench={bench} heroes={heroes} cat={cat} disabled={false} send={(i) => sent.push(i)} />, root));
    press("Keep heroes");
    expect(sent).toEqual([{ type: "keep_heroes" }]);
  });
});
