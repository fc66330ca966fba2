// A complete match between two browsers against the real gb-server, with a third browser spectating.
// Every game action is a real click, drag or keypress on the page: a small policy (below) looks at the
// controls the page enables and picks one; the player at phone width plays by keyboard only (Tab to the
// control, then Enter or Space). Asserts: the match reaches a winner; no card name that was only ever in a
// player's hidden zones (hand, bench, offered choices) reaches the spectator, in page text or WebSocket
// frames; a reload mid-match resumes at the same version with the same board; no horizontal scroll at 375px.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { SCREENSHOTS, hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";
import {
  EFFECT_TEXT, SLUG_OF, deckNames, namesFromFrames, openContext, signIn as signInAs, sleep, step, wordRe,
} from "./play-helpers.mjs";

const MATCH_MS = Number(process.env.GB_E2E_MATCH_MS ?? 12 * 60_000);

const env = useServerAndBrowser();
const open = (width, height) => openContext(env, width, height);
const signIn = (page, name) => signInAs(env, page, name);

/** Screenshot from the top of the page (so the sticky header does not land mid-board). */
async function shot(page, name, full = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  if (full) return screenshot(page, name);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
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
 * undefined when no opponent hero was face up or the hover could not land.
 */
async function checkDetail(page) {
  const hero = page.locator('.hero[data-side="opp"]:not(.face-down)');
  const n = await hero.count();
  if (!n) return undefined;
  // The panel closes when the turn changes or a question arrives (board.tsx), which the other player's last move
  // can bring just after the hover: try again a few times before calling it missing.
  let seen = null;
  for (let tries = 0; tries < 3; tries++) {
    // From outside the board, so the hover is a fresh mouseenter even when the mouse already rested on this hero.
    await page.mouse.move(1, 1);
    const one = hero.nth(Math.floor(Math.random() * n));
    // A hover that could not happen (the hero moved or was covered as the page re-rendered) checks nothing.
    if (!(await one.hover({ timeout: 2000 }).then(() => true, () => false))) return undefined;
    // The panel is drawn by the render the hover starts: wait for it rather than read the page at once.
    await page.waitForFunction(() => document.querySelector('[data-testid="card-detail"] [data-testid="detail-atk"]'), null, { timeout: 2000 }).catch(() => {});
    const got = await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="card-detail"]');
      const atk = panel?.querySelector('[data-testid="detail-atk"]');
      if (!panel || !atk) return { missing: `panel "${panel?.querySelector("h3")?.textContent ?? "none"}", turn "${document.querySelector(".turn-info")?.textContent}"` };
      const amounts = [...panel.querySelectorAll('[data-testid="detail-atk-terms"] li')].map((li) => Number(li.dataset.amount));
      return { text: panel.textContent, atk: atk.textContent, sum: amounts.reduce((a, b) => a + b, 0), terms: amounts.length, cards: [...panel.querySelectorAll(".card[data-card]")].map((c) => c.dataset.card) };
    });
    if (got.missing) { seen = `no hero detail shown for ${await one.getAttribute("aria-label").catch(() => "?")}: ${got.missing}`; continue; }
    if (String(got.sum) !== got.atk || got.terms === 0) return `ATK ${got.atk} but terms sum to ${got.sum} (${got.terms} terms)`;
    if (!got.cards.length) return "no card text in the panel";
    for (const c of got.cards) if (!got.text.includes(EFFECT_TEXT.get(c))) return `${c}'s effect text missing`;
    return null;
  }
  return seen;
}

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
    t.diagnostic(`actions: A ${A.actions} (drags ${A.drags}), B ${B.actions} (keyboard); attacks ${A.memo.attacks}+${B.memo.attacks}; effects used ${A.memo.used}+${B.memo.used}; timed actions ${A.memo.timed}+${B.memo.timed}; misses ${A.misses}+${B.misses}`);
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
