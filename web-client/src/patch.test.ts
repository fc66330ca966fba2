// The client's half of the delta property (the server's is gb-server room/delta/tests.rs): frames recorded
// from a random match by `cargo test -p gb-server --lib record_fixtures -- --ignored`, replayed here. For
// every viewer kind, each update's patch applied to the previous document gives exactly the next one.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { PatchError, applyPatch } from "./patch";
import type { PatchOp } from "./gen/PatchOp";

interface Step {
  frame: { type: string; v: number; patch?: PatchOp[] };
  doc: unknown;
}
interface Recorded {
  kind: string;
  base: unknown;
  steps: Step[];
}

const recorded: Recorded[] = JSON.parse(readFileSync(new URL("./fixtures/deltas.json", import.meta.url), "utf8"));

describe("applyPatch over recorded frames", () => {
  it("has a stream per viewer kind with updates to replay", () => {
    expect(recorded.map((r) => r.kind)).toEqual(["A", "B", "Spectator"]);
    for (const r of recorded) expect(r.steps.filter((s) => s.frame.type === "update").length).toBeGreaterThan(10);
  });

  for (const r of recorded) {
    it(`gives exactly the next document for ${r.kind}`, () => {
      let doc = r.base;
      for (const { frame, doc: next } of r.steps) {
        const before = JSON.stringify(doc);
        if (frame.type === "update") {
          const patched = applyPatch(doc, frame.patch ?? []);
          expect(JSON.stringify(doc), `v${frame.v}: the previous document is left as it was`).toBe(before);
          doc = patched;
        }
        expect(doc, `${r.kind} v${frame.v}`).toEqual(next);
      }
    });
  }
});

describe("applyPatch", () => {
  it("adds, removes and replaces, escaping ~ and /", () => {
    const doc = { a: [1, 2], "b/c": { "d~e": 1 } };
    const out = applyPatch(doc, [
      ["+/a/-", 3],
      ["/a/0"],
      ["/b~1c/d~0e", null],
      ["+/n", { x: 1 }],
    ]);
    expect(out).toEqual({ a: [2, 3], "b/c": { "d~e": null }, n: { x: 1 } });
  });

  it("refuses a patch for another document, naming the path", () => {
    expect(() => applyPatch({ a: [1] }, [["/a/5", 1]])).toThrow(PatchError);
    expect(() => applyPatch({ a: [1] }, [["/b"]])).toThrow(/"\/b"/);
    expect(() => applyPatch({ a: [1] }, [["/a/01", 1]])).toThrow(PatchError);
    // An add without its value is no op (a remove is the path alone, unmarked).
    expect(() => applyPatch({ a: [1] }, [["+/a/-"]] as never)).toThrow(PatchError);
  });
});
