import { describe, expect, it } from "vitest";
import { makeCatalogue, type CatalogueJson } from "./catalogue";
import cardsJson from "../../crates/gb-core/data/cards.json";
import { PRECONS } from "./precon";
import { addCard, countOf, deckToText, emptyDeck, mainSize, parseDeckText, removeCard, swapHeroWithBench, totalStars } from "./deck";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const deckTexts = PRECONS.map((p) => p.text);
const get = (id: string) => cat.byId.get(id)!;

describe("catalogue", () => {
  it("has the 48 cards and finds by name or slug", () => {
    expect(cat.cards).toHaveLength(48);
    expect(cat.find("Burn Fowl")?.id).toBe("burn-fowl");
    expect(cat.find(" burn-fowl ")?.name).toBe("Burn Fowl");
  });
});

describe("deck text", () => {
  it("parses every preconstructed deck into 4 heroes and 50 main cards", () => {
    expect(deckTexts).toHaveLength(4);
    for (const t of deckTexts) {
      const { list, problems } = parseDeckText(t);
      expect(problems).toEqual([]);
      expect(list.name).not.toBe("");
      expect(list.heroes.every((h) => cat.find(h)?.type === "hero")).toBe(true);
      expect(mainSize(list)).toBe(50);
    }
  });

  it("round-trips text → list → text → list", () => {
    for (const t of deckTexts) {
      const a = parseDeckText(t).list;
      const text = deckToText(a);
      expect(parseDeckText(text).list).toEqual(a);
      expect(deckToText(parseDeckText(text).list)).toBe(text);
    }
  });

  it("reports unreadable lines with their numbers and skips comments", () => {
    const { list, problems } = parseDeckText("# c\nLeft: Tara\nFoo: bar\nthree Usher\n2x Usher # two\n");
    expect(list.heroes[0]).toBe("Tara");
    expect(list.main).toEqual([{ count: 2, card: "Usher" }]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^line 3/);
    expect(problems[1]).toMatch(/^line 4/);
  });
});

describe("deck builder state", () => {
  it("adds heroes to free positions then the bench, and counts them", () => {
    let d = emptyDeck();
    for (const id of ["tara", "kula", "claire", "elaine", "carter"]) d = addCard(d, cat, get(id));
    expect(d.heroes).toEqual(["Tara", "Kula", "Claire", "Elaine"]);
    expect(d.bench).toEqual(["Carter"]);
    expect(countOf(d, cat, get("carter"))).toBe(1);
    d = removeCard(d, cat, get("carter"));
    expect(d.bench).toEqual([]);
    d = removeCard(d, cat, get("kula"));
    expect(d.heroes).toEqual(["Tara", "", "Claire", "Elaine"]);
  });

  it("counts main-deck copies across name spellings and never goes below zero", () => {
    let d = { ...emptyDeck(), main: [{ count: 2, card: "burn fowl" }] };
    expect(countOf(d, cat, get("burn-fowl"))).toBe(2);
    d = addCard(d, cat, get("burn-fowl"));
    expect(d.main).toEqual([{ count: 3, card: "burn fowl" }]);
    d = addCard(d, cat, get("stun"));
    expect(mainSize(d)).toBe(4);
    expect(totalStars(d, cat)).toBe(1);
    d = removeCard(removeCard(d, cat, get("stun")), cat, get("stun"));
    expect(countOf(d, cat, get("stun"))).toBe(0);
    expect(d.main.map((e) => e.card)).toEqual(["burn fowl"]);
  });

  it("lets the client build a 4th copy: the rules are the server's to enforce", () => {
    let d = emptyDeck();
    for (let i = 0; i < 4; i++) d = addCard(d, cat, get("usher"));
    expect(countOf(d, cat, get("usher"))).toBe(4);
  });

  it("swaps a positioned hero with a bench hero", () => {
    const d = { ...emptyDeck(), heroes: ["Tara", "Kula", "Claire", "Elaine"] as [string, string, string, string], bench: ["Carter"] };
    const s = swapHeroWithBench(d, 1, 0);
    expect(s.heroes[1]).toBe("Carter");
    expect(s.bench).toEqual(["Kula"]);
  });
});
