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

/**
 * Colour and a two-letter mark per gem type. The mark keeps gems distinguishable without colour vision and,
 * unlike emoji, renders with any font; `ink` is the text colour that stays readable on the gem colour.
 */
export const GEMS: Record<GemType, { color: string; ink: string; mark: string }> = {
  Aquagem: { color: "#1565c0", ink: "#fff", mark: "Aq" },
  Terragem: { color: "#795548", ink: "#fff", mark: "Te" },
  Pyrogem: { color: "#c62828", ink: "#fff", mark: "Py" },
  Cryogem: { color: "#80deea", ink: "#0b3a40", mark: "Cr" },
  Electrogem: { color: "#fdd835", ink: "#3d3000", mark: "El" },
  Aerogem: { color: "#81c784", ink: "#123d14", mark: "Ae" },
  Caprogem: { color: "#ff9800", ink: "#3d2400", mark: "Ca" },
  Luciogem: { color: "#fafafa", ink: "#5d4a00", mark: "Lu" },
  Nocturnagem: { color: "#4527a0", ink: "#fff", mark: "No" },
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
