// Deck builder: the card gallery with filters, the deck being built, live server-side validation,
// text import/export, preconstructed starting points and saved decks.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Session } from "../app";
import { ApiError, api } from "../api";
import { CARD_TYPES, GEM_TYPES, type CardDef, type Catalogue, type CardType, type GemType } from "../catalogue";
import {
  POSITIONS, addCard, countOf, deckToText, emptyDeck, mainSize, parseDeckText, removeBench, removeCard, setHero,
  sortedMain, totalStars,
} from "../deck";
import type { DeckList } from "../gen/DeckList";
import type { Rejection } from "../gen/Rejection";
import { PRECONS } from "../precon";
import type { DeckView } from "../protocol";
import { CardFace, GemIcon } from "./card";

const DRAFT_KEY = "gb.deckDraft";

type Validation =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "done"; ok: boolean; errors: Rejection[] }
  | { kind: "failed"; message: string };

export interface Filters {
  type: CardType | "";
  gem: GemType | "";
  level: string;
  text: string;
}

export function matchesFilters(c: CardDef, f: Filters): boolean {
  if (f.type && c.type !== f.type) return false;
  if (f.gem && c.gem_type !== f.gem && !(c.gems ?? []).includes(f.gem)) return false;
  if (f.level && String(c.level ?? "") !== f.level) return false;
  if (f.text) {
    const q = f.text.toLowerCase();
    const hay = `${c.name} ${c.effect?.name ?? ""} ${c.effect?.text ?? ""}`.toLowerCase();
    if (!hay.includes(q)) return false;
  }
  return true;
}

function loadDraft(): { list: DeckList; savedId: string | null } {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (raw) return JSON.parse(raw) as { list: DeckList; savedId: string | null };
  } catch {
    // A corrupt draft is dropped.
  }
  const first = PRECONS[0];
  return { list: first ? structuredClone(first.list) : emptyDeck(), savedId: null };
}

function useValidation(list: DeckList): Validation {
  const [v, setV] = useState<Validation>({ kind: "idle" });
  const latest = useRef(0);
  useEffect(() => {
    const n = ++latest.current;
    setV({ kind: "checking" });
    const t = setTimeout(() => {
      api.validate(list).then(
        (r) => n === latest.current && setV({ kind: "done", ok: r.ok, errors: r.errors }),
        (e: unknown) => n === latest.current &&
          setV(e instanceof ApiError && e.rejections.length
            ? { kind: "done", ok: false, errors: e.rejections }
            : { kind: "failed", message: e instanceof Error ? e.message : String(e) }),
      );
    }, 350);
    return () => clearTimeout(t);
  }, [list]);
  return v;
}

export function DeckBuilder({ session }: { session: Session }) {
  const cat = session.catalogue;
  if (!cat) {
    return (
      <section class="panel">
        <h1>Deck builder</h1>
        {session.catalogueError ? <p class="error" role="alert">Could not load the cards: {session.catalogueError}</p> : <p aria-busy="true">Loading cards…</p>}
      </section>
    );
  }
  return <Builder session={session} cat={cat} />;
}

function Builder({ session, cat }: { session: Session; cat: Catalogue }) {
  const [draft, setDraft] = useState(loadDraft);
  const { list, savedId } = draft;
  const setList = (l: DeckList) => setDraft((d) => ({ ...d, list: l }));
  const validation = useValidation(list);
  useEffect(() => localStorage.setItem(DRAFT_KEY, JSON.stringify(draft)), [draft]);

  const [filters, setFilters] = useState<Filters>({ type: "", gem: "", level: "", text: "" });
  const shown = useMemo(() => cat.cards.filter((c) => matchesFilters(c, filters)), [cat, filters]);
  const levels = useMemo(() => [...new Set(cat.cards.map((c) => c.level).filter((l) => l !== undefined))].sort(), [cat]);

  return (
    <div class="deckbuilder">
      <section class="gallery-wrap" aria-labelledby="gallery-h">
        <h1 id="gallery-h">Cards</h1>
        <form class="filters" aria-label="Filter cards" onSubmit={(e) => e.preventDefault()}>
          <div class="filter">
            <label for="f-type">Card type</label>
            <select id="f-type" value={filters.type} onChange={(e) => setFilters({ ...filters, type: e.currentTarget.value as CardType | "" })}>
              <option value="">All types</option>
              {CARD_TYPES.map((t) => <option key={t} value={t}>{t[0]!.toUpperCase() + t.slice(1)}</option>)}
            </select>
          </div>
          <div class="filter">
            <label for="f-gem">Gem type</label>
            <select id="f-gem" value={filters.gem} onChange={(e) => setFilters({ ...filters, gem: e.currentTarget.value as GemType | "" })}>
              <option value="">All gems</option>
              {GEM_TYPES.map((g) => <option key={g} value={g}>{g}</option>)}
            </select>
          </div>
          <div class="filter">
            <label for="f-level">Level</label>
            <select id="f-level" value={filters.level} onChange={(e) => setFilters({ ...filters, level: e.currentTarget.value })}>
              <option value="">Any level</option>
              {levels.map((l) => <option key={l} value={String(l)}>{l}</option>)}
            </select>
          </div>
          <div class="filter">
            <label for="f-q">Search</label>
            <input id="f-q" type="search" value={filters.text} placeholder="Name or effect" onInput={(e) => setFilters({ ...filters, text: e.currentTarget.value })} />
          </div>
          <p class="filter-count" aria-live="polite">{shown.length} of {cat.cards.length} cards</p>
        </form>
        {shown.length === 0 ? (
          <p class="empty" role="status">No cards match {describeFilters(filters)}. <button type="button" class="ghost" onClick={() => setFilters({ type: "", gem: "", level: "", text: "" })}>Clear the filters</button></p>
        ) : null}
        <ul class="gallery" aria-label="Card gallery">
          {shown.map((c) => {
            const n = countOf(list, cat, c);
            return (
              <li key={c.id}>
                <CardFace card={c}>
                  <div class="card-controls">
                    <button type="button" class="round" onClick={() => setList(removeCard(list, cat, c))} disabled={n === 0} aria-label={`Remove one ${c.name}`}>−</button>
                    <span class="in-deck" aria-label={`${n} in deck`}>{n}</span>
                    <button type="button" class="round" onClick={() => setList(addCard(list, cat, c))} aria-label={`Add ${c.name}`}>+</button>
                  </div>
                </CardFace>
              </li>
            );
          })}
        </ul>
      </section>
      <a class="deck-jump" href="#deck-h">
        Your deck: {mainSize(list)}/50 · {validation.kind === "done" ? (validation.ok ? "legal ✓" : `${validation.errors.length} problem${validation.errors.length === 1 ? "" : "s"}`) : "checking…"} ↓
      </a>
      <DeckPanel session={session} cat={cat} list={list} savedId={savedId} validation={validation}
        setList={setList} setDraft={(l, id) => setDraft({ list: l, savedId: id })} />
    </div>
  );
}

interface PanelProps {
  session: Session;
  cat: Catalogue;
  list: DeckList;
  savedId: string | null;
  validation: Validation;
  setList: (l: DeckList) => void;
  setDraft: (l: DeckList, savedId: string | null) => void;
}

function DeckPanel(p: PanelProps) {
  const { cat, list, setList } = p;
  const heroes = cat.cards.filter((c) => c.type === "hero");
  const size = mainSize(list);
  const stars = totalStars(list, cat);
  return (
    <aside class="deck-panel" aria-labelledby="deck-h">
      <h2 id="deck-h">Your deck</h2>
      <div class="field">
        <label for="deck-name">Deck name</label>
        <input id="deck-name" value={list.name} maxLength={48} onInput={(e) => setList({ ...list, name: e.currentTarget.value })} />
      </div>
      <StartFrom {...p} />
      <ValidationBox v={p.validation} />

      <h3>Heroes</h3>
      <div class="hero-slots">
        {POSITIONS.map((pos, i) => (
          <label key={pos} class="hero-slot">
            <span class="pos">{pos}</span>
            <select aria-label={`Hero in ${pos} position`} value={cat.find(list.heroes[i] ?? "")?.name ?? list.heroes[i]}
              onChange={(e) => setList(setHero(list, i, e.currentTarget.value))}>
              <option value="">— none —</option>
              {heroes.map((h) => <option key={h.id} value={h.name}>{h.name} (Lv {h.level})</option>)}
              {list.heroes[i] && !cat.find(list.heroes[i]!) ? <option value={list.heroes[i]}>{list.heroes[i]} (unknown)</option> : null}
            </select>
          </label>
        ))}
      </div>
      <h3>Bench <span class="muted">({list.bench.length}/4)</span></h3>
      {list.bench.length === 0 ? <p class="muted small">Add more heroes from the gallery to bench them.</p> : (
        <ul class="bench-list">
          {list.bench.map((b, i) => (
            <li key={`${b}-${i}`}>
              <span>{b}</span>
              <button type="button" class="round" onClick={() => setList(removeBench(list, i))} aria-label={`Remove ${b} from the bench`}>×</button>
            </li>
          ))}
        </ul>
      )}
      <h3>Main deck <span class="muted" data-testid="main-count">({size}/50)</span> <span class="muted">★ {stars}</span></h3>
      {list.main.length === 0 ? <p class="muted small">Add blends, actions and gems from the gallery.</p> : (
        <ul class="main-list">
          {sortedMain(list, cat).map((e) => {
            const c = cat.find(e.card);
            return (
              <li key={e.card}>
                <span class="count">{e.count}×</span>
                {c?.gem_type ? <GemIcon gem={c.gem_type} size="sm" /> : null}
                <span class="name">{e.card}</span>
                {c ? <>
                  <button type="button" class="round" onClick={() => setList(removeCard(list, cat, c))} aria-label={`Remove one ${c.name}`}>−</button>
                  <button type="button" class="round" onClick={() => setList(addCard(list, cat, c))} aria-label={`Add one ${c.name}`}>+</button>
                </> : <span class="error small">unknown card</span>}
              </li>
            );
          })}
        </ul>
      )}
      <SaveBox {...p} />
      <TextBox {...p} />
    </aside>
  );
}

function ValidationBox({ v }: { v: Validation }) {
  return (
    <div class={`validation ${v.kind === "done" ? (v.ok ? "ok" : "bad") : ""}`} role="status" aria-live="polite" data-testid="validation">
      {v.kind === "checking" || v.kind === "idle" ? <p>Checking deck…</p>
        : v.kind === "failed" ? <p class="error">Could not check the deck: {v.message}</p>
        : v.ok ? <p>✓ This deck is legal.</p>
        : (
          <>
            <p>✗ This deck breaks {v.errors.length} rule{v.errors.length === 1 ? "" : "s"}:</p>
            <ul class="rejections">
              {v.errors.map((r, i) => <li key={i}><span class="rule">{r.rule}</span> {r.message}</li>)}
            </ul>
          </>
        )}
    </div>
  );
}

function StartFrom({ setDraft }: PanelProps) {
  return (
    <div class="field">
      <label for="start-from">Start from</label>
      <div class="row">
        <select id="start-from" value="" onChange={(e) => {
          const v = e.currentTarget.value;
          if (v === "empty") setDraft(emptyDeck(), null);
          const pre = PRECONS.find((x) => x.slug === v);
          if (pre) setDraft(structuredClone(pre.list), null);
          e.currentTarget.value = "";
        }}>
          <option value="">Choose…</option>
          <option value="empty">Empty deck</option>
          <optgroup label="Preconstructed">
            {PRECONS.map((x) => <option key={x.slug} value={x.slug}>{x.list.name}</option>)}
          </optgroup>
        </select>
      </div>
    </div>
  );
}

function SaveBox({ session, list, savedId, setDraft }: PanelProps) {
  const [decks, setDecks] = useState<DeckView[] | null>(null);
  const [msg, setMsg] = useState<{ text: string; error?: boolean; rules?: Rejection[] } | null>(null);
  const signedIn = !!session.account;
  const refresh = () => api.decks().then(setDecks, () => setDecks([]));
  useEffect(() => {
    if (signedIn) void refresh();
    else setDecks(null);
  }, [signedIn]);

  const save = async (asNew: boolean) => {
    setMsg(null);
    try {
      const d = savedId && !asNew ? await api.updateDeck(savedId, list) : await api.createDeck(list);
      setDraft(d.list, d.id);
      setMsg({ text: `Saved “${d.name}”.` });
      void refresh();
    } catch (e) {
      setMsg(e instanceof ApiError ? { text: e.message, error: true, rules: e.rejections } : { text: String(e), error: true });
    }
  };
  const del = async (d: DeckView) => {
    if (!confirm(`Delete the deck “${d.name}”?`)) return;
    try {
      await api.deleteDeck(d.id);
      if (d.id === savedId) setDraft(list, null);
      setMsg({ text: `Deleted “${d.name}”.` });
      void refresh();
    } catch (e) {
      setMsg({ text: e instanceof Error ? e.message : String(e), error: true });
    }
  };

  if (!signedIn) return <p class="muted small">Play as guest in the lobby to save decks.</p>;
  return (
    <section class="save-box" aria-labelledby="saved-h">
      <div class="row">
        <button type="button" class="primary" onClick={() => save(false)}>{savedId ? "Save changes" : "Save deck"}</button>
        {savedId ? <button type="button" onClick={() => save(true)}>Save as new</button> : null}
      </div>
      {msg ? (
        <div class={msg.error ? "error" : "ok"} role={msg.error ? "alert" : "status"}>
          {msg.text}
          {msg.rules?.length ? <ul class="rejections">{msg.rules.map((r, i) => <li key={i}><span class="rule">{r.rule}</span> {r.message}</li>)}</ul> : null}
        </div>
      ) : null}
      <h3 id="saved-h">Saved decks</h3>
      {decks === null ? <p aria-busy="true" class="muted small">Loading…</p> : decks.length === 0 ? <p class="muted small">No saved decks yet.</p> : (
        <ul class="saved-list">
          {decks.map((d) => (
            <li key={d.id} class={d.id === savedId ? "current" : ""}>
              <span>{d.name}</span>
              <button type="button" onClick={() => setDraft(d.list, d.id)} aria-label={`Load ${d.name}`}>Load</button>
              <button type="button" class="danger" onClick={() => del(d)} aria-label={`Delete ${d.name}`}>Delete</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TextBox({ list, setDraft }: PanelProps) {
  const [text, setText] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const doImport = () => {
    const parsed = parseDeckText(text);
    setProblems(parsed.problems);
    if (!parsed.list.name) parsed.list.name = "Imported deck";
    setDraft(parsed.list, null);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([deckToText(list)], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${(list.name || "deck").replace(/[^\w-]+/g, "-").toLowerCase()}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <details class="text-box">
      <summary>Import / export text</summary>
      <label for="deck-text" class="small">Deck list as text (<code>Left: Tara</code>, <code>Bench: Carter</code>, <code>3 Usher</code>)</label>
      <textarea id="deck-text" rows={12} value={text} spellcheck={false} onInput={(e) => setText(e.currentTarget.value)} />
      <div class="row">
        <button type="button" onClick={() => setText(deckToText(list))}>Export</button>
        <button type="button" onClick={doImport} disabled={!text.trim()}>Import</button>
        <button type="button" onClick={download}>Download .txt</button>
      </div>
      {problems.length ? <ul class="error small" role="alert">{problems.map((p, i) => <li key={i}>{p}</li>)}</ul> : null}
    </details>
  );
}

/** The filters in force, in words: "“zzz”, type action, level 2". */
function describeFilters(f: Filters): string {
  const parts = [f.text.trim() ? `“${f.text.trim()}”` : "", f.type ? `type ${f.type}` : "", f.gem ? `gem ${f.gem}` : "", f.level ? `level ${f.level}` : ""];
  return parts.filter(Boolean).join(", ") || "these filters";
}
