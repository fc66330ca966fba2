// A complete match between two browsers against the real gb-server, with a third browser spectating.
// Every game action is a real click, drag or keypress on the page: a small policy (below) looks at the
// controls the page enables and picks one; the player at phone width plays by keyboard only (Tab to the
// control, then Enter or Space). Asserts: the match reaches a winner; no card name that was only ever in a
// player's hidden zones (hand, bench, offered choices) reaches the spectator, in page text or WebSocket
// frames; a reload mid-match resumes at the same version with the same board; no horizontal scroll at 375px.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { REPO, SCREENSHOTS, hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";

const CARDS = JSON.parse(readFileSync(join(REPO, "crates/gb-core/data/cards.json"), "utf8")).cards;
const CARD_NAMES = CARDS.map((c) => c.name);
// Since protocol 4 a card on the wire is `{id, card}` (its slug); names are the catalogue's.
const NAME_OF = new Map(CARDS.map((c) => [c.id, c.name]));
const SLUG_OF = new Map(CARDS.map((c) => [c.name, c.id]));
const EFFECT_TEXT = new Map(CARDS.map((c) => [c.id, c.effect?.text ?? ""]));
const MATCH_MS = Number(process.env.GB_E2E_MATCH_MS ?? 12 * 60_000);

const env = useServerAndBrowser();

/** Screenshot from the top of the page (so the sticky header does not land mid-board). */
async function shot(page, name, full = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  if (full) return screenshot(page, name);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A browser context whose WebSocket frames (received) are collected as text. */
async function open(width, height = 900) {
  const context = await env.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const frames = [];
  const errors = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => typeof f.payload === "string" && frames.push(f.payload)));
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => d.dismiss());
  return { page, context, frames, errors };
}

async function signIn(page, name) {
  await page.goto(env.server.base + "/");
  await page.getByLabel("Display name").fill(name);
  await page.getByRole("button", { name: "Play as guest" }).click();
  await page.getByTestId("account-name").waitFor();
}

/**
 * Runs in the page: picks the next control to use and marks it with data-e2e-pick (and the drop target with
 * data-e2e-drop). Returns what to do; `memo` carries per-turn bookkeeping between calls.
 */
function decide(memo) {
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

/** Moves focus with Tab until the picked control has it (keyboard-only play). */
async function tabTo(page, selector) {
  for (let i = 0; i < 400; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${selector} with Tab`);
}

/** One policy step for a player; returns the decision (kind "wait" when nothing was done). */
async function step(p) {
  const d = await p.page.evaluate(decide, p.memo);
  p.memo = d.memo;
  if (d.kind === "wait" || d.kind === "done") return d;
  p.actions++;
  if (d.shoot) {
    await p.page.locator("[data-e2e-pick]").scrollIntoViewIfNeeded().catch(() => {});
    await p.page.screenshot({ path: join(SCREENSHOTS, `match-effect-question-${p.keyboard ? "phone" : "desktop"}.png`) });
  }
  try {
    if (p.keyboard) {
      if (d.kind === "drag" && d.keyTarget) {
        await tabTo(p.page, "[data-e2e-drop] .drop-btn");
        await p.page.keyboard.press("Enter");
      } else {
        await tabTo(p.page, "[data-e2e-pick]");
        await p.page.keyboard.press(d.kind === "select" ? "Space" : "Enter");
      }
    } else if (d.kind === "drag") {
      await p.page.locator("[data-e2e-pick]").dragTo(p.page.locator("[data-e2e-drop]"), { timeout: 3000 });
      p.drags++;
    } else {
      await p.page.locator("[data-e2e-pick]").click({ timeout: 3000 });
    }
  } catch (e) {
    // The page moved on under the policy (a new version arrived); decide again.
    p.misses++;
    if (p.misses > 50) throw e;
  }
  return d;
}

/**
 * At a decision (the page owes an answer, or waits), with the page scrolled to the top: both diamonds, the hand,
 * the question (its title and first answer) and the newest log line lie inside the viewport. Records misfits.
 */
async function oneScreen(page, who, fits, spectator = false) {
  const out = await page.evaluate((spectator) => {
    if (!document.querySelector(".board") || document.querySelector('[data-testid="result"]')) return null;
    window.scrollTo(0, 0);
    const parts = { "opponent's diamond": ".diamond-opp", "own diamond": ".diamond-me", question: '[data-testid="pending"]', "newest log line": '[data-testid="log-last"]' };
    if (!spectator) parts.hand = ".hand";
    // The question's title and its first answer; a long list of answers (a deck search) scrolls inside the rail.
    // A question is a rules ask (`#ask-title`) or the confirm step before an intent that costs HP (`#price-title`).
    if (!spectator && document.querySelector(".ask")) Object.assign(parts, { "question title": ".ask h3", "first answer": ".ask button" });
    const bad = [];
    for (const [name, sel] of Object.entries(parts)) {
      const el = document.querySelector(sel);
      if (!el) { if (name !== "newest log line") bad.push(`${name} missing`); continue; }
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) bad.push(`${name} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`);
    }
    return bad;
  }, spectator);
  if (out === null) return;
  fits.checks++;
  if (out.length) {
    fits.misfits.push(`${who}: ${out.join(", ")}`);
    if (fits.misfits.length === 1) await page.screenshot({ path: join(SCREENSHOTS, "match-misfit.png") });
  }
}

/**
 * Hovers a face-up opponent hero and checks its detail panel: every card drawn there shows its full effect
 * text, and the listed ATK terms sum to the ATK shown. Returns a mismatch description, null when it held, or
 * undefined when no opponent hero was face up.
 */
async function checkDetail(page) {
  const hero = page.locator('.hero[data-side="opp"]:not(.face-down)');
  const n = await hero.count();
  if (!n) return undefined;
  await hero.nth(Math.floor(Math.random() * n)).hover({ timeout: 2000 }).catch(() => {});
  const got = await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="card-detail"]');
    const atk = panel?.querySelector('[data-testid="detail-atk"]');
    if (!panel || !atk) return null;
    const amounts = [...panel.querySelectorAll('[data-testid="detail-atk-terms"] li')].map((li) => Number(li.dataset.amount));
    return { text: panel.textContent, atk: atk.textContent, sum: amounts.reduce((a, b) => a + b, 0), terms: amounts.length, cards: [...panel.querySelectorAll(".card[data-card]")].map((c) => c.dataset.card) };
  });
  if (!got) return "no hero detail shown";
  if (String(got.sum) !== got.atk || got.terms === 0) return `ATK ${got.atk} but terms sum to ${got.sum} (${got.terms} terms)`;
  if (!got.cards.length) return "no card text in the panel";
  for (const c of got.cards) if (!got.text.includes(EFFECT_TEXT.get(c))) return `${c}'s effect text missing`;
  return null;
}

/** Names in a player's own hidden zones, and names seen in public places, from that player's frames. */
function namesFromFrames(frames, seat) {
  const hidden = new Set();
  const pub = new Set();
  const idx = seat === "A" ? 0 : 1;
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
function deckNames(slug) {
  const text = readFileSync(join(REPO, "crates/gb-core/data/decks", `${slug}.txt`), "utf8");
  const out = new Set();
  for (const line of text.split("\n")) {
    const m = /^(?:(?:Left|Center|Right|Back|Bench):\s*|\d+\s+)(.+?)\s*$/.exec(line);
    if (m && CARD_NAMES.includes(m[1])) out.add(m[1]);
  }
  return out;
}

const wordRe = (name) => new RegExp(`(^|[^A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^A-Za-z]|$)`);

describe("a complete match", () => {
  it("two players play to a winner by clicks, drags and keys; a spectator sees no hidden card; a reload resumes", { timeout: MATCH_MS + 120_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    const A = { ...(await open(1280, 800)), name: "Alice Mouse", keyboard: false };
    const B = { ...(await open(375, 800)), name: "Bob Keys", keyboard: true };
    const S = await open(1920, 1080);
    for (const p of [A, B]) Object.assign(p, { memo: { timed: 0, used: 0, attacks: 0, answers: {} }, actions: 0, drags: 0, misses: 0 });

    // Alice creates a public room with a preconstructed deck.
    await signIn(A.page, A.name);
    await A.page.locator("#play-deck").selectOption("pre:fire-and-wind");
    await shot(A.page, "match-lobby");
    await A.page.getByRole("button", { name: "Create room" }).click();
    await A.page.waitForURL(/\/rooms\//);
    const roomId = decodeURIComponent(new URL(A.page.url()).pathname.split("/").pop());

    // Alice copies the invite link (the button says it did); Bob, signed out, opens it and sits down as a guest
    // from the invite page itself, without visiting the lobby.
    await A.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.base });
    await A.page.getByRole("button", { name: "Copy invite link" }).click();
    await A.page.getByRole("button", { name: "✓ Link copied" }).waitFor({ timeout: 5000 });
    const invite = await A.page.evaluate(() => navigator.clipboard.readText());
    assert.equal(invite, `${env.server.base}/rooms/${encodeURIComponent(roomId)}`);
    await B.page.goto(invite);
    await B.page.getByLabel(/Your display name/).fill(B.name);
    await B.page.getByLabel("Play with").selectOption("tide-and-stone");
    await shot(B.page, "match-invite-phone");
    await B.page.getByRole("button", { name: "Play as guest and take the seat" }).click();
    await B.page.locator(".board").waitFor({ timeout: 30_000 });
    assert.match(await B.page.locator(".whoami").innerText(), new RegExp(`${B.name} \\(guest\\)`));

    // The spectator looks at a deck in the deck builder first, then watches from the start.
    await S.page.goto(env.server.base + "/decks");
    await S.page.getByLabel("Start from").selectOption("tide-and-stone");
    await S.page.getByText("This deck is legal.").waitFor({ timeout: 10_000 }).catch(() => {});
    await shot(S.page, "match-deckbuilder", false);
    await S.page.goto(`${env.server.base}/rooms/${encodeURIComponent(roomId)}?watch`);
    await S.page.locator(".board").waitFor({ timeout: 30_000 });

    const specTexts = [];
    const overflow = async (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    let reloaded = null;
    let midShot = false;
    let maxOverflow = 0;
    const started = Date.now();
    let lastProgress = Date.now();
    let results = [null, null];
    let it = 0;
    const fits = { checks: 0, misfits: [] };
    const details = [];
    while (!(results[0] && results[1])) {
      assert.ok(Date.now() - started < MATCH_MS, `match not over after ${MATCH_MS} ms (${A.actions}+${B.actions} actions)`);
      assert.ok(Date.now() - lastProgress < 60_000, `no progress for a minute; A: ${await A.page.getByTestId("pending").textContent()} B: ${await B.page.getByTestId("pending").textContent()}`);
      let acted = false;
      for (const [i, p] of [A, B].entries()) {
        if (p === A) await oneScreen(A.page, "Alice at 1280×800", fits);
        const d = await step(p);
        if (d.kind === "done") results[i] = d.label;
        else if (d.kind !== "wait") { acted = true; lastProgress = Date.now(); }
      }
      if (++it % 25 === 0) {
        specTexts.push(await S.page.locator("body").innerText());
        await oneScreen(S.page, "spectator at 1920×1080", fits, true);
        const detail = await checkDetail(A.page);
        if (detail !== undefined) details.push(detail);
        maxOverflow = Math.max(maxOverflow, await overflow(B.page));
      }
      const turn = await A.page.locator(".turn-info").textContent().catch(() => "");
      const turnNo = Number(/Turn (\d+)/.exec(turn ?? "")?.[1] ?? 0);
      if (!midShot && turnNo >= 4) {
        midShot = true;
        await shot(A.page, "match-board");
        await shot(B.page, "match-board-phone");
        await shot(S.page, "match-spectator");
      }
      // Reload Alice's page once, mid-match, while she owes the decision (so nothing can move meanwhile).
      if (!reloaded && turnNo >= 5 && /^Your turn/.test((await A.page.getByTestId("pending").textContent()) ?? "")
        && !(await A.page.locator(".hand-card.selected, .attack-btn.on").count())) {
        await sleep(300);
        const version = await A.page.locator(".room").getAttribute("data-version");
        // The board proper (sides, question, hand) and the log; the card detail panel is a hover state.
        const boardText = () => A.page.evaluate(() => [".side-opp", ".midline", ".side-me", ".hand", ".log"]
          .map((sel) => document.querySelector(sel)?.innerText ?? "").join("\n--\n"));
        const board = await boardText();
        await A.page.reload();
        await A.page.locator(`.room[data-version="${version}"] .board`).waitFor({ timeout: 20_000 });
        await A.page.locator(".hand-card").first().waitFor();
        assert.equal(await boardText(), board, "the board and log after a reload equal those before");
        reloaded = { version: Number(version), turn };
        A.memo.turn = null;
      }
      if (!acted) await sleep(40);
    }
    specTexts.push(await S.page.locator("body").innerText());
    await shot(A.page, "match-result");
    await shot(B.page, "match-result-phone");
    await shot(S.page, "match-result-spectator");
    t.diagnostic(`one screen: ${fits.checks} checks; opponent hero details: ${details.length} checks`);
    assert.ok(details.length >= 3, "the opponent hero detail panel was checked at several points");
    assert.deepEqual(details.filter((d) => d !== null), [], "detail panel text and ATK terms");
    assert.deepEqual(fits.misfits.slice(0, 5), [], "everything that matters is on one screen without scrolling");
    t.diagnostic(`result: A "${results[0]}", B "${results[1]}" after ${Math.round((Date.now() - started) / 1000)} s`);
    t.diagnostic(`actions: A ${A.actions} (drags ${A.drags}), B ${B.actions} (keyboard); attacks ${A.memo.attacks}+${B.memo.attacks}; effects used ${A.memo.used}+${B.memo.used}; timed actions ${A.memo.timed}+${B.memo.timed}`);
    t.diagnostic(`asks answered: ${JSON.stringify([A.memo.answers, B.memo.answers])}`);

    // A winner, the same on both sides and for the spectator.
    assert.match(results[0], /won/);
    assert.ok(/You won!/.test(results[0]) !== /You won!/.test(results[1]), "exactly one player won");
    await S.page.locator('[data-testid="result"]').waitFor({ timeout: 10_000 });
    assert.ok(A.drags > 0, "Alice dragged at least one card onto a hero");
    assert.ok(reloaded, "the reload happened mid-match");
    t.diagnostic(`reloaded at version ${reloaded.version} (${reloaded.turn})`);
    assert.ok(maxOverflow <= 0, `board at 375px was ${maxOverflow}px wider than the screen`);
    assert.ok((await overflow(B.page)) <= 0, "no horizontal scroll at 375px");

    // Hidden zones stay hidden from the spectator.
    const a = namesFromFrames(A.frames, "A");
    const b = namesFromFrames(B.frames, "B");
    const pub = new Set([...a.pub, ...b.pub]);
    const hiddenOnly = [...new Set([...a.hidden, ...b.hidden])].filter((n) => !pub.has(n));
    // Deck cards never seen anywhere public count too (both deck lists are known to the test).
    const decks = new Set([...deckNames("fire-and-wind"), ...deckNames("tide-and-stone")]);
    assert.ok(decks.size > 15, "deck lists parsed");
    const neverPublic = [...decks].filter((n) => !pub.has(n) && !hiddenOnly.includes(n));
    t.diagnostic(`deck cards never public: ${neverPublic.join(", ") || "none"}`);
    hiddenOnly.push(...neverPublic);
    t.diagnostic(`hidden-only names: ${hiddenOnly.join(", ")}; spectator frames ${S.frames.length}, page texts ${specTexts.length}`);
    assert.ok(hiddenOnly.length > 0, "some card names were only ever in hidden zones");
    assert.ok(S.frames.length > 10, "the spectator received frames");
    const specFrames = S.frames.join("\n");
    for (const n of hiddenOnly) {
      assert.ok(!wordRe(n).test(specFrames), `hidden card ${n} appears in the spectator's WebSocket frames`);
      assert.ok(!specFrames.includes(`"${SLUG_OF.get(n)}"`), `hidden card ${n} appears by slug in the spectator's WebSocket frames`);
      for (const text of specTexts) assert.ok(!wordRe(n).test(text), `hidden card ${n} appears in the spectator's page`);
    }
    for (const p of [A, B, S]) assert.deepEqual(p.errors, []);
    for (const p of [A, B, S]) await p.context.close();
  });
});
