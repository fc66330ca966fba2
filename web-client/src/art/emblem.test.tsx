// @vitest-environment jsdom
import { render } from "preact";
import { describe, expect, it } from "vitest";
import cardsJson from "../../../crates/gb-core/data/cards.json";
import { makeCatalogue, type CardDef, type CatalogueJson } from "../catalogue";
import { CardFace } from "../view/card";
import { Emblem, palette } from "./emblem";
import { MOTIFS } from "./emblems";

const cat = makeCatalogue(cardsJson as CatalogueJson);
const drawn = cat.cards.filter((c) => c.type === "hero" || c.type === "blend");

function markup(card: CardDef): string {
  const root = document.createElement("div");
  render(<Emblem card={card} />, root);
  return root.innerHTML;
}

describe("emblems", () => {
  it("every hero and blend in the catalogue has a designed emblem, and no two are alike", () => {
    expect(drawn.length).toBeGreaterThan(30);
    const missing = drawn.filter((c) => !MOTIFS[c.id]).map((c) => c.id);
    expect(missing).toEqual([]);
    const seen = new Map<string, string>();
    for (const c of drawn) {
      const svg = markup(c);
      expect(svg, c.id).toMatch(/^<svg class="emblem /);
      expect(seen.get(svg), `${c.id} looks like ${seen.get(svg)}`).toBeUndefined();
      seen.set(svg, c.id);
    }
    // Distinct at a glance, not only in markup: no two cards share a glyph.
    const glyphs = drawn.map((c) => MOTIFS[c.id]!.glyph);
    expect(new Set(glyphs).size).toBe(glyphs.length);
    expect(Object.keys(MOTIFS).sort()).toEqual(drawn.map((c) => c.id).sort());
  });

  it("colours a blend in its gems' colours, one pip per gem, and a hero on a gold medallion", () => {
    const hornet = cat.byId.get("hornet")!;
    const root = document.createElement("div");
    render(<Emblem card={hornet} />, root);
    const svg = root.querySelector("svg")!;
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect(svg.querySelector("polygon")!.getAttribute("points")!.split(" ").length / 2).toBe(4 + 3);
    expect(palette(hornet, MOTIFS.hornet).pips).toEqual(["#81c784", "#c62828", "#fdd835"]);
    expect(svg.querySelector("polygon")!.getAttribute("fill")).toBe("#81c784");
    render(<Emblem card={cat.byId.get("tara")!} />, root);
    expect(root.querySelector("svg circle")!.getAttribute("stroke")).toBe("#c89b1e");
  });

  it("draws nothing for gems and actions, and a monogram for a card outside the designed set", () => {
    expect(markup(cat.byId.get("chaser")!)).not.toBe("");
    const gem = cat.cards.find((c) => c.type === "gem")!;
    expect(markup(gem)).toBe("");
    const newcomer: CardDef = { id: "tide-caller", name: "Tide Caller", type: "blend", gems: ["Aquagem", "Cryogem"], atk: 1, def: 1 };
    expect(markup(newcomer)).toContain(">TC</text>");
  });

  it("a card face carries its emblem in an art band", () => {
    const root = document.createElement("div");
    render(<CardFace card={cat.byId.get("anchor")!} />, root);
    expect(root.querySelector('.card-art svg[data-emblem="anchor"]')).not.toBeNull();
  });
});
