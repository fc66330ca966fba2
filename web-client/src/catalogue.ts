// The card catalogue as served by GET /api/cards (crates/gb-core/data/cards.json).
// cards.json is data, not a ts-rs type, so its shape is declared here.

export type CardType = "hero" | "blend" | "action" | "gem";
export type GemType =
  | "Aquagem" | "Terragem" | "Pyrogem" | "Cryogem" | "Electrogem"
  | "Aerogem" | "Caprogem" | "Luciogem" | "Nocturnagem";
export type Activation = "atk" | "def" | "effect";

export interface CardDef {
  id: string;
  name: string;
  type: CardType;
  level?: number;
  atk?: number;
  def?: number;
  activation?: Activation[];
  gems?: GemType[];
  stars?: number;
  timed?: boolean;
  gem_type?: GemType;
  subtype?: string;
  effect?: { name: string | null; text: string };
  flavor?: string;
  collector?: string;
}

export interface CatalogueJson {
  set?: string;
  about?: string;
  cards: CardDef[];
}

export interface Catalogue {
  cards: CardDef[];
  /** By slug. */
  byId: Map<string, CardDef>;
  /** Name or slug (case-insensitive) to card, as the server's `Catalogue::find` resolves names. */
  find(name: string): CardDef | undefined;
}

export function makeCatalogue(json: CatalogueJson | CardDef[]): Catalogue {
  const cards = Array.isArray(json) ? json : json.cards;
  const byId = new Map(cards.map((c) => [c.id, c]));
  const byKey = new Map<string, CardDef>();
  for (const c of cards) {
    byKey.set(c.id.toLowerCase(), c);
    byKey.set(c.name.toLowerCase(), c);
  }
  return { cards, byId, find: (name) => byKey.get(name.trim().toLowerCase()) };
}

/** Colour and glyph per gem type; the glyph keeps gems distinguishable without colour vision. */
export const GEMS: Record<GemType, { color: string; glyph: string; short: string }> = {
  Aquagem: { color: "#1e88e5", glyph: "💧", short: "Aqua" },
  Terragem: { color: "#6d4c41", glyph: "⛰", short: "Terra" },
  Pyrogem: { color: "#e53935", glyph: "🔥", short: "Pyro" },
  Cryogem: { color: "#4dd0e1", glyph: "❄", short: "Cryo" },
  Electrogem: { color: "#fbc02d", glyph: "⚡", short: "Electro" },
  Aerogem: { color: "#66bb6a", glyph: "🌪", short: "Aero" },
  Caprogem: { color: "#ff9800", glyph: "✦", short: "Capro" },
  Luciogem: { color: "#f5f5f5", glyph: "☀", short: "Lucio" },
  Nocturnagem: { color: "#5e35b1", glyph: "☾", short: "Noctu" },
};

export const GEM_TYPES = Object.keys(GEMS) as GemType[];
export const CARD_TYPES: CardType[] = ["hero", "blend", "action", "gem"];

/** The gem type a card carries: a gem's own type, used to colour gem cards equipped on heroes. */
export function gemTypeOf(card: CardDef | undefined): GemType | undefined {
  return card?.gem_type;
}

export async function loadCatalogue(fetchImpl: typeof fetch = fetch): Promise<Catalogue> {
  const res = await fetchImpl("/api/cards");
  if (!res.ok) throw new Error(`GET /api/cards: HTTP ${res.status}`);
  return makeCatalogue((await res.json()) as CatalogueJson);
}
