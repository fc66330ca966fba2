// Which motif each hero and blend carries: a glyph that says what the card is about (its name or effect) and a
// background pattern, composed in emblem.tsx with the colours of the card's gems. Heroes ask for no gems, so each
// has its own pair of colours on the gold medallion. A card missing here (a new set) still gets an emblem, made
// from its gems and a monogram (emblem.tsx); the catalogue test asks for a designed one for every card.
import type { GlyphName } from "./glyphs";
import type { PatternName } from "./patterns";

export interface Motif {
  glyph: GlyphName;
  pattern: PatternName;
  /** Heroes only: the medallion's fill and its pattern's colour. */
  colors?: [string, string];
}

export const MOTIFS: Record<string, Motif> = {
  // Heroes: the medallion's colours are the hero's own.
  tara: { glyph: "die", pattern: "sparks", colors: ["#1b5e20", "#a5d6a7"] }, // Gamble
  kula: { glyph: "magnifier", pattern: "grid", colors: ["#4e342e", "#bcaaa4"] }, // Scavenge
  claire: { glyph: "sword", pattern: "rays", colors: ["#b71c1c", "#ef9a9a"] },
  elaine: { glyph: "earring", pattern: "dots", colors: ["#880e4f", "#f48fb1"] }, // Expensive Earrings
  beatrice: { glyph: "eye", pattern: "rings", colors: ["#263238", "#90a4ae"] }, // Plotting
  carter: { glyph: "apple", pattern: "petals", colors: ["#bf360c", "#ffab91"] }, // Spoiled
  matthew: { glyph: "cup", pattern: "waves", colors: ["#004d40", "#80cbc4"] }, // "Don't mind if I do"
  devin: { glyph: "yinyang", pattern: "spokes", colors: ["#1a237e", "#9fa8da"] }, // Juxtaposition
  // Blends: coloured by the gems they ask for.
  usher: { glyph: "wave", pattern: "sparks" }, // Destiny Wave
  angel: { glyph: "wings", pattern: "rays" }, // Wind Gust
  chaser: { glyph: "chevrons", pattern: "spokes" }, // Team Pursuit
  "combustion-boiler": { glyph: "cauldron", pattern: "rays" }, // Boil Alive
  anchor: { glyph: "anchor", pattern: "waves" }, // Mooring
  herald: { glyph: "pennant", pattern: "rays" },
  "diamond-driller": { glyph: "drill", pattern: "grid" }, // Power Drill
  hornet: { glyph: "hornet", pattern: "spokes" }, // Mutual Destruction
  guard: { glyph: "shield", pattern: "rings" }, // Protective Instincts
  "storm-weaver": { glyph: "storm", pattern: "waves" }, // Low-Pressure Aura
  ghost: { glyph: "ghost", pattern: "dots" }, // Haunt
  virus: { glyph: "virus", pattern: "grid" }, // Infect
  magnet: { glyph: "magnet", pattern: "rings" }, // Electromagnetic Field
  "gourmet-guider": { glyph: "cloche", pattern: "petals" }, // Fine Dining
  "berg-inflicter": { glyph: "iceberg", pattern: "dots" }, // Pack Ice
  "hail-dominator": { glyph: "snowflake", pattern: "rings" }, // Vantage Point
  "slip-knotter": { glyph: "knot", pattern: "dots" }, // Walk the Dog
  electron: { glyph: "atom", pattern: "sparks" }, // Orbit
  gull: { glyph: "gull", pattern: "waves" }, // Dive Bomb
  "horizon-gazer": { glyph: "sunrise", pattern: "rays" }, // Prelude of Light
  "catalyst-controller": { glyph: "flask", pattern: "grid" }, // Total Recall
  reflector: { glyph: "mirror", pattern: "spokes" }, // Hero Mirror
  "dread-blader": { glyph: "blades", pattern: "sparks" }, // X-Blades
  "royal-buzzer": { glyph: "crown", pattern: "petals" }, // Royal Command
  "burn-fowl": { glyph: "firebird", pattern: "rays" }, // Fester
  "shard-buster": { glyph: "shards", pattern: "spokes" }, // Elegant Lure
  "pearl-deceptor": { glyph: "shell", pattern: "waves" }, // Tantalize
};
