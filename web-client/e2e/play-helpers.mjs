// What the whole-match browser tests share (e2e/match.test.mjs, two players; e2e/ffa.test.mjs, a table of three):
// browser contexts that record WebSocket frames, signing in, the page-driving policy, and the spectator leak
// check's reading of frames and deck lists.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, SCREENSHOTS } from "./harness.mjs";

export const CARDS = JSON.parse(readFileSync(join(REPO, "crates/gb-core/data/cards.json"), "utf8")).cards;
export const CARD_NAMES = CARDS.map((c) => c.name);
// Since protocol 4 a card on the wire is `{id, card}` (its slug); names are the catalogue's.
export const NAME_OF = new Map(CARDS.map((c) => [c.id, c.name]));
export const SLUG_OF = new Map(CARDS.map((c) => [c.name, c.id]));
export const EFFECT_TEXT = new Map(CARDS.map((c) => [c.id, c.effect?.text ?? ""]));

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A browser context whose WebSocket frames (received) are collected as text. */
export async function openContext(env, width, height = 900) {
  const context = await env.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const frames = [];
  const errors = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => typeof f.payload === "string" && frames.push(f.payload)));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => d.dismiss());
  return { page, context, frames, errors };
}

export async function signIn(env, page, name) {
  await page.goto(env.server.base + "/");
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Play as guest" }).click();
  await page.getByTestId("account-name").waitFor();
}

/**
 * Runs in the page: picks the next control to use and marks it with data-e2e-pick (and the drop target with
 * data-e2e-drop). Returns what to do; `memo` carries per-turn bookkeeping between calls.
 */
export function decide(memo) {
  const q = (s, r = document) => [...r.querySelectorAll(s)];
  const enabled = (b) => b && !b.disabled && b.getAttribute("aria-disabled") !== "true";
  for (const e of q("[data-e2e-pick],[data-e2e-drop]")) { e.removeAttribute("data-e2e-pick"); e.removeAttribute("data-e2e-drop"); }
  const pick = (el, kind = "press", extra = {}) => { el.setAttribute("data-e2e-pick", ""); return { kind, label: el.textContent.trim(), memo, ...extra }; };
  const text = (el) => (el?.textContent ?? "").trim();
  if (document.querySelector('[data-testid="result"]')) return { kind: "done", label: text(document.querySelector('[data-testid="result"]')), memo };
  if (!document.querySelector(".board")) return { kind: "wait", memo };
  const pending = text(document.querySelector('[data-testid="pending"]'));
  const turn = text(document.querySelector(".turn-info"));
  if (memo.turn !== turn) Object.assign(memo, { turn, effects: 0, plays: 0, tried: [], attacked: false, skip: [] });
  const ask = document.querySelector(".ask");
  if (ask) {
    const bs = q("button", ask).filter(enabled);
    const b = bs.find((x) => ["Go first", "Keep hand", "Keep heroes"].includes(text(x)))
      ?? (memo.timed < 1 ? bs.find((x) => x.classList.contains("timed-action")) : undefined)
      ?? bs.find((x) => /^Take \d+ damage$/.test(text(x)))
      ?? bs[0];
    if (!b) return { kind: "wait", memo };
    if (b.classList.contains("timed-action")) memo.timed++;
    memo.answers[ask.className] = (memo.answers[ask.className] ?? 0) + 1;
    if (ask.classList.contains("ask-effect") && !memo.effectShot) { memo.effectShot = true; return pick(b, "press", { shoot: "effect" }); }
    return pick(b);
  }
  if (!pending.startsWith("Your")) return { kind: "wait", memo };
  const actions = q(".actions button").filter(enabled);
  const named = (re) => actions.find((b) => re.test(text(b)));
  if (!pending.startsWith("Your turn")) {
    // An attack window or an action response: use a timed action now and then, else pass.
    const timed = memo.timed < 2 ? actions.find((b) => b.classList.contains("timed-action")) : undefined;
    if (timed) { memo.timed++; return pick(timed); }
    const pass = named(/^Pass$/);
    return pass ? pick(pass) : { kind: "wait", memo };
  }
  // Main window. 1: an activated effect, once a turn.
  const use = q(".use-effect").filter(enabled)[0];
  if (use && memo.effects < 1) { memo.effects++; memo.used++; return pick(use); }
  // 2: play up to three cards: select a playable card, then drop it on a highlighted hero or play the action.
  const selected = q(".hand-card.selected")[0];
  if (selected) {
    const drop = q('.hero[data-side="me"][data-drop="1"]')[0];
    if (drop) {
      memo.plays++;
      drop.setAttribute("data-e2e-drop", "");
      const btn = drop.querySelector(".drop-btn");
      return pick(selected, "drag", { keyTarget: !!btn });
    }
    const play = named(/^Play /);
    if (play) { memo.plays++; return pick(play); }
    return pick(selected); // nothing to do with it: deselect
  }
  if (memo.plays < 3) {
    const card = q(".hand-card.playable").find((c) => !memo.tried.includes(c.dataset.cardId));
    if (card) { memo.tried.push(card.dataset.cardId); return pick(card, "select"); }
  }
  // 3: attack with as many heroes as a legal declaration allows.
  if (!memo.attacked) {
    const declare = named(/^Declare attack/);
    const toggles = q(".attack-btn");
    const onHeroes = new Set(toggles.filter((b) => b.classList.contains("on")).map((b) => b.closest(".hero").dataset.hero));
    if (memo.last && onHeroes.has(memo.last) && declare && !enabled(declare)) {
      // That attacker does not combine with the others: take it back.
      memo.skip.push(memo.last);
      const back = toggles.find((b) => b.classList.contains("on") && b.closest(".hero").dataset.hero === memo.last);
      memo.last = null;
      if (back && enabled(back)) return pick(back);
    }
    const next = toggles.filter(enabled).find((b) => {
      const h = b.closest(".hero").dataset.hero;
      return !onHeroes.has(h) && !memo.skip.includes(h);
    });
    if (next) { memo.last = next.closest(".hero").dataset.hero; return pick(next); }
    if (declare && enabled(declare)) { memo.attacked = true; memo.last = null; memo.attacks++; return pick(declare); }
  }
  const end = named(/^End turn$/);
  return end ? pick(end) : { kind: "wait", memo };
}

/**
 * Where focus stands in the page's Tab order and where `selector`'s control is: the page's tabbable controls in
 * document order (the app sets no positive tabindex), without disabled, hidden or inert ones (a control in a
 * closed <details> is hidden). `target` is -1 when nothing matches any more, -2 when it matches but is not
 * tabbable; `what` describes it for an error.
 */
function tabPlace(selector) {
  const target = document.querySelector(selector);
  if (!target) return { target: -1 };
  const tabbable = [...document.querySelectorAll("a[href],button,input,select,textarea,summary,[tabindex]")]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && !e.closest("[inert]") && e.checkVisibility());
  const at = tabbable.indexOf(target);
  return {
    target: at < 0 ? -2 : at,
    active: tabbable.indexOf(document.activeElement),
    count: tabbable.length,
    here: document.activeElement === target,
    what: target.outerHTML.slice(0, 200),
  };
}

/**
 * Moves focus with Tab until the picked control has it (keyboard-only play): presses Tab as many times as the
 * page's Tab order says, then one at a time for at most one more round. Returns false when nothing is picked any
 * more (the page re-rendered under the policy: decide again); throws, naming the control, when Tab cannot reach it.
 */
export async function tabTo(page, selector) {
  let place = await page.evaluate(tabPlace, selector);
  if (place.target === -1) return false;
  if (place.target === -2) throw new Error(`${selector} is not in the Tab order: ${place.what}`);
  if (place.here) return true;
  for (let i = (place.target - place.active + place.count) % place.count; i > 0; i--) await page.keyboard.press("Tab");
  for (let i = 0; i <= place.count + 2; i++) {
    place = await page.evaluate(tabPlace, selector);
    if (place.target === -1) return false;
    if (place.here) return true;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${selector} with Tab: ${place.what}`);
}

/**
 * One policy step for a player; returns the decision (kind "wait" when nothing was done). `prefix` names the
 * effect question's screenshot (`match-effect-question-desktop.png`).
 */
export async function step(p, prefix = "match") {
  const d = await p.page.evaluate(decide, p.memo);
  p.memo = d.memo;
  if (d.kind === "wait" || d.kind === "done") return d;
  p.actions++;
  if (d.shoot) {
    await p.page.locator("[data-e2e-pick]").scrollIntoViewIfNeeded().catch(() => {});
    await p.page.screenshot({ path: join(SCREENSHOTS, `${prefix}-effect-question-${p.keyboard ? "phone" : "desktop"}.png`) });
  }
  try {
    if (p.keyboard) {
      const [selector, key] = d.kind === "drag" && d.keyTarget
        ? ["[data-e2e-drop] .drop-btn", "Enter"]
        : ["[data-e2e-pick]", d.kind === "select" ? "Space" : "Enter"];
      if (!(await tabTo(p.page, selector))) throw new Error(`${selector} went away before Tab reached it`);
      await p.page.keyboard.press(key);
    } else if (d.kind === "drag") {
      await p.page.locator("[data-e2e-pick]").dragTo(p.page.locator("[data-e2e-drop]"), { timeout: 3000 });
      p.drags++;
    } else {
      await p.page.locator("[data-e2e-pick]").click({ timeout: 3000 });
    }
  } catch (e) {
    // The page moved on under the policy (a new version arrived); decide again. Many in a row means stuck.
    p.misses++;
    const why = String(e.message).split("\n")[0].slice(0, 160);
    p.missWhy = { ...p.missWhy, [why]: (p.missWhy?.[why] ?? 0) + 1 };
    p.missStreak = (p.missStreak ?? 0) + 1;
    if (p.missStreak > 20) throw e;
    return d;
  }
  p.missStreak = 0;
  return d;
}

/** Names in a player's own hidden zones, and names seen in public places, from that player's frames. */
export function namesFromFrames(frames, seat) {
  const hidden = new Set();
  const pub = new Set();
  // Players are in seat order (A … F).
  const idx = "ABCDEF".indexOf(seat);
  const add = (set, cards) => { for (const c of cards ?? []) { const n = c?.card && NAME_OF.get(c.card); if (n) set.add(n); } };
  for (const raw of frames) {
    let m;
    try { m = JSON.parse(raw); } catch { continue; }
    if (m.view) {
      for (const [i, p] of m.view.players.entries()) {
        if (i === idx) { add(hidden, p.hand); add(hidden, p.bench); }
        add(pub, p.discard);
        add(pub, p.action_meter);
        for (const h of p.heroes) { add(pub, [h.hero, h.blend, ...h.gems, ...h.attached]); if (h.effect) pub.add(h.effect); }
      }
      add(hidden, m.view.choices);
    }
    for (const e of m.events ?? []) {
      if (e.type === "hand_dealt") { add(hidden, e.cards); continue; }
      if (e.type === "card_drawn") { add(hidden, [e.card]); continue; }
      // Any other event is public: it names cards by name (effects, reveals, searches) or, in its cards, by
      // slug (protocol 4: a CardView is `{id, card}`).
      const s = JSON.stringify(e);
      for (const n of CARD_NAMES) if (s.includes(`"${n}"`)) pub.add(n);
      for (const [slug, n] of NAME_OF) if (s.includes(`"${slug}"`)) pub.add(n);
    }
  }
  return { hidden, pub };
}

/** Every card name in a preconstructed deck file (heroes, bench and main deck). */
export function deckNames(slug) {
  const text = readFileSync(join(REPO, "crates/gb-core/data/decks", `${slug}.txt`), "utf8");
  const out = new Set();
  for (const line of text.split("\n")) {
    const m = /^(?:(?:Left|Center|Right|Back|Bench):\s*|\d+\s+)(.+?)\s*$/.exec(line);
    if (m && CARD_NAMES.includes(m[1])) out.add(m[1]);
  }
  return out;
}

export const wordRe = (name) => new RegExp(`(^|[^A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^A-Za-z]|$)`);

