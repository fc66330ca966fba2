// Deck builder state: a DeckList being edited, plus the plain-text deck format of gb-core
// (`Name: …`, `Left: Tara`, `Bench: Carter`, `3 Usher`, `#` comments). The client never decides whether a
// deck is legal; POST /api/decks/validate does. Parsing here only turns text into a list to show and send.
import type { CardDef, Catalogue } from "./catalogue";
import type { DeckEntry } from "./gen/DeckEntry";
import type { DeckList } from "./gen/DeckList";
import type { Position } from "./gen/Position";

export const POSITIONS: Position[] = ["left", "center", "right", "back"];
const LABELS = ["Left", "Center", "Right", "Back"] as const;

export function emptyDeck(name = "New deck"): DeckList {
  return { name, heroes: ["", "", "", ""], bench: [], main: [] };
}

export interface ParsedDeck {
  list: DeckList;
  /** Lines the parser could not read, with their line numbers; the server reports the rule. */
  problems: string[];
}

export function parseDeckText(text: string): ParsedDeck {
  const list = emptyDeck("");
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, n) => {
    const line = (raw.split("#")[0] ?? "").trim();
    if (!line) return;
    const colon = line.indexOf(":");
    if (colon >= 0) {
      const label = line.slice(0, colon).trim().toLowerCase();
      const rest = line.slice(colon + 1).trim();
      const pos = POSITIONS.indexOf(label as Position);
      if (pos >= 0) list.heroes[pos] = rest;
      else if (label === "bench") list.bench.push(rest);
      else if (label === "name" || label === "deck") list.name = rest;
      else problems.push(`line ${n + 1}: unknown label "${label}"`);
      return;
    }
    const m = /^(\d+)[xX]?\s+(.+)$/.exec(line);
    const count = m ? Number(m[1]) : 0;
    if (m && count > 0 && count < 256) list.main.push({ count, card: (m[2] ?? "").trim() });
    else problems.push(`line ${n + 1}: expected "<count> <card name>", got "${line}"`);
  });
  return { list, problems };
}

export function deckToText(list: DeckList): string {
  let out = list.name ? `Name: ${list.name}\n` : "";
  list.heroes.forEach((h, i) => (out += `${LABELS[i]}: ${h}\n`));
  for (const b of list.bench) out += `Bench: ${b}\n`;
  for (const e of list.main) out += `${e.count} ${e.card}\n`;
  return out;
}

/** Same card? Names and slugs resolve through the catalogue, so "Burn Fowl" matches "burn-fowl". */
function same(cat: Catalogue, a: string, b: string): boolean {
  const ca = cat.find(a);
  const cb = cat.find(b);
  return ca && cb ? ca.id === cb.id : a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function mainSize(list: DeckList): number {
  return list.main.reduce((n, e) => n + e.count, 0);
}

/** Copies of a card in the deck: main-deck count for non-heroes, 1 per hero slot or bench place. */
export function countOf(list: DeckList, cat: Catalogue, card: CardDef): number {
  if (card.type === "hero") {
    return [...list.heroes, ...list.bench].filter((h) => h && same(cat, h, card.id)).length;
  }
  return list.main.filter((e) => same(cat, e.card, card.id)).reduce((n, e) => n + e.count, 0);
}

export function totalStars(list: DeckList, cat: Catalogue): number {
  return list.main.reduce((n, e) => n + (cat.find(e.card)?.stars ?? 0) * e.count, 0);
}

/** Adds one copy: a hero goes to the first empty position, else the bench; anything else to the main deck. */
export function addCard(list: DeckList, cat: Catalogue, card: CardDef): DeckList {
  if (card.type === "hero") {
    const free = list.heroes.findIndex((h) => !h.trim());
    if (free >= 0) {
      const heroes = [...list.heroes] as DeckList["heroes"];
      heroes[free] = card.name;
      return { ...list, heroes };
    }
    return { ...list, bench: [...list.bench, card.name] };
  }
  const i = list.main.findIndex((e) => same(cat, e.card, card.id));
  const main: DeckEntry[] =
    i >= 0
      ? list.main.map((e, j) => (j === i ? { ...e, count: e.count + 1 } : e))
      : [...list.main, { count: 1, card: card.name }];
  return { ...list, main };
}

/** Removes one copy: from the bench first (heroes), else the last position holding it; main-deck counts drop by 1. */
export function removeCard(list: DeckList, cat: Catalogue, card: CardDef): DeckList {
  if (card.type === "hero") {
    const b = list.bench.findIndex((h) => same(cat, h, card.id));
    if (b >= 0) return { ...list, bench: list.bench.filter((_, j) => j !== b) };
    const heroes = [...list.heroes] as DeckList["heroes"];
    const h = heroes.findIndex((x) => x && same(cat, x, card.id));
    if (h >= 0) heroes[h] = "";
    return { ...list, heroes };
  }
  const main = list.main
    .map((e) => (same(cat, e.card, card.id) ? { ...e, count: e.count - 1 } : e))
    .filter((e) => e.count > 0);
  return { ...list, main };
}

export function setHero(list: DeckList, index: number, name: string): DeckList {
  const heroes = [...list.heroes] as DeckList["heroes"];
  heroes[index] = name;
  return { ...list, heroes };
}

export function removeBench(list: DeckList, index: number): DeckList {
  return { ...list, bench: list.bench.filter((_, j) => j !== index) };
}

/** Swaps a positioned hero with a bench hero, so positions can be rearranged without retyping. */
export function swapHeroWithBench(list: DeckList, heroIndex: number, benchIndex: number): DeckList {
  const heroes = [...list.heroes] as DeckList["heroes"];
  const bench = [...list.bench];
  const h = heroes[heroIndex] ?? "";
  heroes[heroIndex] = bench[benchIndex] ?? "";
  if (h) bench[benchIndex] = h;
  else bench.splice(benchIndex, 1);
  return { ...list, heroes, bench };
}

/** Main-deck entries sorted for display: by card type, then name. */
export function sortedMain(list: DeckList, cat: Catalogue): DeckEntry[] {
  const order = { blend: 0, action: 1, gem: 2, hero: 3 } as const;
  return [...list.main].sort((a, b) => {
    const ca = cat.find(a.card);
    const cb = cat.find(b.card);
    const ta = ca ? order[ca.type] : 9;
    const tb = cb ? order[cb.type] : 9;
    return ta - tb || a.card.localeCompare(b.card);
  });
}
