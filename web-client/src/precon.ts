// The preconstructed decks, shipped in the bundle from gb-core's data (the server has no endpoint for them yet).
import type { DeckList } from "./gen/DeckList";
import { parseDeckText } from "./deck";

const texts = import.meta.glob("../../crates/gb-core/data/decks/*.txt", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

export interface Precon {
  /** File stem, e.g. "fire-and-wind"; also the slug for `POST /api/rooms/{id}/seats {preconstructed}`. */
  slug: string;
  text: string;
  list: DeckList;
  /** The deck file's first comment line: what the deck does, for people choosing one. */
  about: string;
}

export const PRECONS: Precon[] = Object.entries(texts)
  .map(([path, text]) => ({
    slug: path.replace(/^.*\//, "").replace(/\.txt$/, ""),
    text,
    list: parseDeckText(text).list,
    about: /^#\s*(.+)$/m.exec(text)?.[1]?.trim() ?? "",
  }))
  .sort((a, b) => a.slug.localeCompare(b.slug));

/** The description of a deck choice ("pre:<slug>" or a bare slug); empty for saved decks. */
export function preconAbout(choice: string): string {
  const slug = choice.replace(/^pre:/, "");
  return PRECONS.find((p) => p.slug === slug)?.about ?? "";
}
