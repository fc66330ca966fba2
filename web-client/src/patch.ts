// RFC 6902 JSON Patch, as the server sends it in `update` (docs/protocol.md, "Deltas"): only `add`, `remove`
// and `replace`, over JSON Pointer (RFC 6901) paths, each op a short array (`decode`). The document is never mutated: the result shares the
// untouched parts, so a previously rendered view stays exactly what it was.
import type { PatchOp } from "./gen/PatchOp";

export class PatchError extends Error {}

type Json = unknown;

function tokens(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PatchError(`path ${JSON.stringify(path)} is not a JSON Pointer`);
  return path
    .slice(1)
    .split("/")
    .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** An array index token: digits without a leading zero, below `len` (RFC 6901 section 4). */
function index(token: string, len: number, path: string): number {
  if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= len) {
    throw new PatchError(`path ${JSON.stringify(path)} names nothing in the document`);
  }
  return Number(token);
}

/** `doc` with `edit` applied to the container at `toks` (copied on the way down). */
function edit(doc: Json, toks: string[], path: string, last: (parent: Json) => Json): Json {
  const [head, ...rest] = toks;
  if (head === undefined) return last(doc);
  if (Array.isArray(doc)) {
    const i = index(head, doc.length, path);
    const copy = doc.slice();
    copy[i] = edit(doc[i], rest, path, last);
    return copy;
  }
  if (doc !== null && typeof doc === "object" && Object.hasOwn(doc, head)) {
    const obj = doc as Record<string, Json>;
    return { ...obj, [head]: edit(obj[head], rest, path, last) };
  }
  throw new PatchError(`path ${JSON.stringify(path)} names nothing in the document`);
}

type Op = { op: "add" | "remove" | "replace"; path: string; value: Json };

/** The RFC 6902 operation a wire op stands for: `[path]` removes, `[path, value]` replaces, `["+" + path, value]`
 * adds (gb-delta's `wire.rs`; a JSON Pointer never starts with `+`). */
function decode(w: PatchOp): Op {
  const [head, ...rest] = w;
  if (typeof head !== "string" || rest.length > 1) throw new PatchError(`${JSON.stringify(w)} is not a patch op`);
  if (rest.length === 0) {
    if (head.startsWith("+")) throw new PatchError(`${JSON.stringify(w)} adds no value`);
    return { op: "remove", path: head, value: undefined };
  }
  return head.startsWith("+") ? { op: "add", path: head.slice(1), value: rest[0] } : { op: "replace", path: head, value: rest[0] };
}

function applyOne(doc: Json, wire: PatchOp): Json {
  const op = decode(wire);
  const toks = tokens(op.path);
  const key = toks.pop();
  if (key === undefined) {
    if (op.op === "remove") throw new PatchError("the whole document cannot be removed");
    return op.value;
  }
  return edit(doc, toks, op.path, (parent) => {
    const missing = () => new PatchError(`path ${JSON.stringify(op.path)} names nothing in the document`);
    if (Array.isArray(parent)) {
      const copy = parent.slice();
      if (op.op === "add") {
        copy.splice(key === "-" ? copy.length : index(key, copy.length + 1, op.path), 0, op.value);
      } else if (op.op === "remove") {
        copy.splice(index(key, copy.length, op.path), 1);
      } else {
        copy[index(key, copy.length, op.path)] = op.value;
      }
      return copy;
    }
    if (parent === null || typeof parent !== "object") throw missing();
    const obj = { ...(parent as Record<string, Json>) };
    if (op.op !== "add" && !Object.hasOwn(obj, key)) throw missing();
    if (op.op === "remove") delete obj[key];
    else obj[key] = op.value;
    return obj;
  });
}

/** `doc` after `ops`, in order; throws `PatchError` (leaving `doc` untouched) when they do not fit it. */
export function applyPatch<T>(doc: T, ops: PatchOp[]): T {
  return ops.reduce<Json>(applyOne, doc) as T;
}
