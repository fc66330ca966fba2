// A hero's or blend's emblem: inline SVG composed from the vocabulary (glyphs.tsx, patterns.tsx) by the card's
// motif (emblems.ts), in the colours of the gems it asks for. Decoration only: the card's name is always written
// beside it, so the drawing is aria-hidden.
import { GEMS, type CardDef, type GemType } from "../catalogue";
import { GLYPHS } from "./glyphs";
import { MOTIFS, type Motif } from "./emblems";
import { PATTERNS, frame, pips } from "./patterns";
import "./art.css";

const HERO_RIM = "#c89b1e";
const BLEND_RIM = "#5b2fd6";

export interface Palette { fill: string; second: string; ink: string; rim: string; pips: string[] }

/** The colours of a card's emblem: its gems' for a blend (first gem fills, the next other type accents). */
export function palette(card: CardDef, motif: Motif | undefined): Palette {
  if (card.type === "hero" || !card.gems?.length) {
    const [fill, second] = motif?.colors ?? fallbackColors(card.id);
    return { fill, second, ink: "#fff", rim: card.type === "hero" ? HERO_RIM : BLEND_RIM, pips: [] };
  }
  const first = card.gems[0]!;
  const other: GemType = card.gems.find((g) => g !== first) ?? first;
  const second = other === first ? GEMS[first].ink : GEMS[other].color;
  return { fill: GEMS[first].color, second, ink: GEMS[first].ink, rim: BLEND_RIM, pips: card.gems.map((g) => GEMS[g].color) };
}

/** A card outside the designed set: two colours from its slug, so it is stable and differs from its neighbours. */
function fallbackColors(id: string): [string, string] {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return [`hsl(${h % 360} 55% 30%)`, `hsl(${(h >> 9) % 360} 60% 75%)`];
}

export function hasEmblem(card: CardDef | undefined): card is CardDef {
  return card?.type === "hero" || card?.type === "blend";
}

export function Emblem({ card, size = "md" }: { card: CardDef | undefined; size?: "sm" | "md" | "lg" }) {
  if (!hasEmblem(card)) return null;
  const motif = MOTIFS[card.id];
  const p = palette(card, motif);
  const Glyph = motif ? GLYPHS[motif.glyph] : null;
  const pattern = PATTERNS[motif?.pattern ?? "rings"](p.second);
  return (
    <svg class={`emblem emblem-${size} emblem-${card.type}`} viewBox="0 0 100 100" aria-hidden="true" focusable="false" data-emblem={card.id}>
      {frame(card.type as "hero" | "blend", 4 + (card.gems?.length ?? 0), p.fill, p.rim)}
      <g opacity=".45">{pattern}</g>
      {Glyph ? <Glyph ink={p.ink} bg={p.fill} second={p.second} /> : (
        <text x="50" y="51" text-anchor="middle" dominant-baseline="central" fill={p.ink} font-size="30" font-weight="800">{monogram(card.name)}</text>
      )}
      {pips(p.pips)}
    </svg>
  );
}

function monogram(name: string): string {
  return name.split(/[\s-]+/).map((w) => w[0] ?? "").join("").slice(0, 2).toUpperCase();
}

/**
 * The art band of a card face: the emblem on a ground shaded from the card's first to its last gem colour (a
 * hero's own colours), so the gem colours read before the text.
 */
export function CardArt({ card, compact = false }: { card: CardDef; compact?: boolean }) {
  if (!hasEmblem(card)) return null;
  const p = palette(card, MOTIFS[card.id]);
  const from = p.pips[0] ?? p.fill;
  const to = p.pips[p.pips.length - 1] ?? p.second;
  return (
    <div class={`card-art${compact ? " compact" : ""}`} style={{ "--art-a": from, "--art-b": to }}>
      <Emblem card={card} size={compact ? "md" : "lg"} />
    </div>
  );
}
