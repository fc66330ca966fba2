// Browser tests against the real gb-server (see harness.mjs). Run with `npm run e2e`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { REPO, hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";

const cards = JSON.parse(readFileSync(join(REPO, "crates/gb-core/data/cards.json"), "utf8")).cards;

const env = useServerAndBrowser();

async function newPage(width = 1280, height = 900) {
  const context = await env.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, context, errors };
}

describe("lobby", () => {
  it("loads, signs in as a guest in one click, and keeps the session across a reload", async (t) => {
    if (!(await hasEndpoint(env.server.base, "POST", "/api/guest", { display_name: "Probe" }))) return t.skip("POST /api/guest not served yet");
    const { page, context, errors } = await newPage();
    await page.goto(env.server.base + "/");
    await page.getByRole("heading", { name: "Welcome to Gem Blenders Online" }).waitFor();
    const name = await page.getByLabel("Display name").inputValue();
    assert.match(name, /^\w+ \w+ \d+$/, "display name is prefilled");
    await screenshot(page, "lobby-signed-out");
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.getByTestId("account-name").waitFor();
    assert.equal(await page.getByTestId("account-name").textContent(), name);
    // Rooms: either listed or an honest empty state; never an error page.
    await page.getByRole("heading", { name: "Open rooms" }).waitFor();
    await page.locator(".room-lists .empty:not([aria-busy])").first().waitFor();
    await page.getByRole("button", { name: "Create room" }).waitFor();
    await screenshot(page, "lobby");
    await page.reload();
    await page.getByTestId("account-name").waitFor();
    assert.equal(await page.getByTestId("account-name").textContent(), name);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("fits a 375px phone screen without horizontal scrolling", async () => {
    const { page, context } = await newPage(375, 800);
    await page.goto(env.server.base + "/");
    await page.getByRole("heading", { name: "Welcome to Gem Blenders Online" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
    await screenshot(page, "lobby-phone");
    await context.close();
  });
});

describe("first visit", () => {
  it("goes from a signed-out lobby to a board against the computer in one click; How to play is in the header", async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    const { page, context, errors } = await newPage();
    await page.goto(env.server.base + "/");
    await page.getByRole("heading", { name: "Welcome to Gem Blenders Online" }).waitFor();
    // The chosen preconstructed deck says what it does; the match form explains best of 3.
    const about = readFileSync(join(REPO, "crates/gb-core/data/decks/fire-and-wind.txt"), "utf8").match(/^#\s*(.+)$/m)[1];
    await page.getByRole("link", { name: "How to play" }).first().click();
    await page.getByRole("heading", { name: "How to play" }).waitFor();
    assert.match(await page.locator(".howto").innerText(), /win two rounds/);
    await screenshot(page, "how-to-play");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lobby" }).click();
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.waitForURL(/\/rooms\//);
    await page.locator(".board").waitFor({ timeout: 20_000 });
    await page.getByRole("list", { name: "Seats" }).getByText("Computer (Medium)").waitFor();
    assert.match(await page.locator(".whoami").innerText(), /\(guest\)$/);
    await page.goto(env.server.base + "/");
    await page.getByRole("radio", { name: "Best of 3 (first to win two games)" }).waitFor();
    await page.locator("#play-deck").selectOption("pre:fire-and-wind");
    assert.equal(await page.locator(".deck-about").first().innerText(), about);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("fewer empty clicks", () => {
  it("a turn pair with no real choice takes at most two clicks with full control off", { timeout: 150_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    const { page, context, errors } = await newPage(1280, 800);
    await page.goto(env.server.base + "/");
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.locator(".board").waitFor({ timeout: 20_000 });
    assert.equal(await page.getByLabel("Full control").isChecked(), false, "full control is off by default");
    const pending = async () => (await page.getByTestId("pending").textContent()) ?? "";
    /** Enabled answers the page offers now, Concede aside. */
    const answers = () => page.locator(".ask button:not([disabled]), .actions button:not([disabled])").filter({ hasNotText: /^Concede$/ });
    const deadline = Date.now() + 120_000;
    /**
     * Answers a question or response window: a pass-like button, else the question's first answer. Never a play
     * from the action row: the window may have turned into our own turn since `pending` was read, and a card
     * played there by accident (an attack action, say) would leave the turn in another window.
     */
    const answerOnce = async () => {
      const pass = page.getByRole("button", { name: /^(Pass|Take \d+ damage|Keep heroes)$/ });
      const target = (await pass.count()) ? pass.first() : page.locator(".ask button:not([disabled])").first();
      await target.click({ timeout: 2000 }).catch(() => {});
    };
    // Setup: answer whatever is asked until it is our turn.
    for (let p = await pending(); !/^Your turn/.test(p); p = await pending()) {
      assert.ok(Date.now() < deadline, `never got a turn; last: ${p}`);
      if (/^Your/.test(p)) await answerOnce();
      await page.waitForTimeout(150);
    }
    const pairs = [];
    for (let pair = 0; pair < 3 && !(await page.getByTestId("result").count()); pair++) {
      let clicks = 0, real = 0, forcedLeft = 0;
      await page.getByRole("button", { name: "End turn" }).click({ timeout: 30_000 }).catch(async (e) => {
        throw new Error(`${e.message}\n${await boardDiagnosis(page)}`);
      });
      clicks++;
      // The page says "Your turn" until the server's next version arrives: wait for it, or the loop below would
      // end at once on the old text and the next "End turn" would wait forever in the computer's turn.
      await page.waitForFunction(
        () => !/^Your turn/.test(document.querySelector('[data-testid="pending"]')?.textContent ?? ""), null, { timeout: 30_000 },
      );
      // The computer's turn: we click only where the page offers a real choice; forced passes go by themselves.
      let forcedSince = 0;
      while (!/^Your turn/.test(await pending()) && !(await page.getByTestId("result").count())) {
        assert.ok(Date.now() < deadline, `turn pair ${pair} did not end; last: ${await pending()}`);
        const mine = /^Your/.test(await pending());
        const n = mine ? await answers().count() : 0;
        if (mine && n === 1) {
          forcedSince ||= Date.now();
          if (Date.now() - forcedSince > 3000) { forcedLeft++; await answerOnce(); clicks++; forcedSince = 0; }
        } else if (mine && n > 1) {
          forcedSince = 0;
          await answerOnce();
          clicks++;
          real++;
        } else forcedSince = 0;
        await page.waitForTimeout(100);
      }
      pairs.push({ clicks, real, forcedLeft });
    }
    t.diagnostic(`turn pairs: ${JSON.stringify(pairs)}`);
    assert.ok(pairs.length > 0, "played at least one turn pair");
    for (const p of pairs) {
      assert.equal(p.forcedLeft, 0, "no window with a single answer waited for a click");
      if (p.real === 0) assert.ok(p.clicks <= 2, `a turn pair without real choices took ${p.clicks} clicks`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** What the board showed when a step failed: the question, the buttons, the socket, the server's warnings. */
async function boardDiagnosis(page) {
  const text = async (sel) => (await page.locator(sel).count()) ? (await page.locator(sel).first().innerText()).slice(0, 400) : "(none)";
  const buttons = await page.locator(".ask button, .actions button").evaluateAll((bs) => bs.map((b) => `${b.textContent}${b.disabled ? " [disabled]" : ""}`));
  return [
    `version ${await page.locator(".room").getAttribute("data-version")}`,
    `pending: ${await text('[data-testid="pending"]')}`,
    `buttons: ${JSON.stringify(buttons)}`,
    `connection: ${await text(".room .conn")}`,
    `error: ${await text(".room > .error")}`,
    `server: ${env.server.log().slice(-2000)}`,
  ].join("\n");
}

describe("deck builder", () => {
  const gallery = (page) => page.locator(".gallery > li");
  const validation = (page) => page.getByTestId("validation");

  it("shows every catalogue card and filters by type, gem and level", async () => {
    const { page, context, errors } = await newPage();
    await page.goto(env.server.base + "/decks");
    await page.getByRole("heading", { name: "Cards" }).waitFor();
    await page.locator(".gallery > li").nth(47).waitFor();
    assert.equal(await gallery(page).count(), 48);
    for (const c of cards) assert.equal(await page.locator(`.gallery [data-card="${c.id}"]`).count(), 1, c.id);

    await page.getByLabel("Card type", { exact: true }).selectOption("gem");
    assert.equal(await gallery(page).count(), cards.filter((c) => c.type === "gem").length);
    await page.getByLabel("Card type", { exact: true }).selectOption("");
    await page.getByLabel("Gem type", { exact: true }).selectOption("Pyrogem");
    const pyro = cards.filter((c) => c.gem_type === "Pyrogem" || (c.gems ?? []).includes("Pyrogem"));
    assert.equal(await gallery(page).count(), pyro.length);
    await page.getByLabel("Gem type", { exact: true }).selectOption("");
    await page.getByLabel("Level", { exact: true }).selectOption("5");
    assert.equal(await gallery(page).count(), cards.filter((c) => c.level === 5).length);
    await page.getByLabel("Level", { exact: true }).selectOption("");
    assert.equal(await gallery(page).count(), 48);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("validates a preconstructed deck, shows a CR-numbered error for an invalid edit, and round-trips text", async (t) => {
    if (!(await hasEndpoint(env.server.base, "POST", "/api/decks/validate", { text: "" }))) return t.skip("POST /api/decks/validate not served yet");
    const { page, context } = await newPage();
    await page.goto(env.server.base + "/decks");
    await page.getByLabel("Start from").selectOption("fire-and-wind");
    assert.equal(await page.getByLabel("Deck name").inputValue(), "Fire and Wind");
    await validation(page).getByText("This deck is legal.").waitFor();
    await screenshot(page, "deckbuilder");

    // A 4th Chaser breaks the copy limit and the 50-card size.
    await page.getByRole("button", { name: "Add Chaser", exact: true }).click();
    await validation(page).getByText("CR 101.4").waitFor();
    const text = await validation(page).textContent();
    assert.match(text, /CR 101\.3/);
    await screenshot(page, "deckbuilder-invalid");
    await page.getByRole("button", { name: "Remove one Chaser", exact: true }).first().click();
    await validation(page).getByText("This deck is legal.").waitFor();

    // Export, clear, import: the same deck comes back, and is still legal.
    await page.getByText("Import / export text").click();
    await page.getByRole("button", { name: "Export" }).click();
    const exported = await page.locator("#deck-text").inputValue();
    assert.match(exported, /^Name: Fire and Wind\nLeft: Claire\n/);
    await page.getByLabel("Start from").selectOption("empty");
    await validation(page).getByText(/breaks \d+ rules?/).waitFor();
    assert.equal(await page.getByTestId("main-count").textContent(), "(0/50)");
    await page.locator("#deck-text").fill(exported);
    await page.getByRole("button", { name: "Import" }).click();
    await validation(page).getByText("This deck is legal.").waitFor();
    await page.locator("#deck-text").fill("");
    await page.getByRole("button", { name: "Export" }).click();
    assert.equal(await page.locator("#deck-text").inputValue(), exported);
    await context.close();
  });

  it("saves, loads and deletes a deck for a guest", async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/decks"))) return t.skip("/api/decks not served yet");
    const { page, context } = await newPage();
    page.on("dialog", (d) => d.accept());
    await page.goto(env.server.base + "/");
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.getByTestId("account-name").waitFor();
    await page.getByRole("link", { name: "Decks" }).click();
    await page.getByLabel("Start from").selectOption("tide-and-stone");
    await page.getByLabel("Deck name").fill("My Tide");
    await validation(page).getByText("This deck is legal.").waitFor();
    await page.getByRole("button", { name: "Save deck" }).click();
    await page.getByText("Saved “My Tide”.").waitFor();
    await page.getByRole("button", { name: "Load My Tide" }).waitFor();
    await page.getByLabel("Start from").selectOption("storm-court");
    await page.getByRole("button", { name: "Load My Tide" }).click();
    assert.equal(await page.getByLabel("Deck name").inputValue(), "My Tide");
    assert.equal(await page.getByLabel("Hero in left position").inputValue(), "Elaine");
    await page.getByRole("button", { name: "Delete My Tide" }).click();
    await page.getByText("No saved decks yet.").waitFor();
    await context.close();
  });

  it("is usable at phone width", async () => {
    const { page, context } = await newPage(375, 800);
    await page.goto(env.server.base + "/decks");
    await page.locator(".gallery > li").nth(47).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
    await page.screenshot({ path: join(REPO, "web-client/test-results/screenshots/deckbuilder-phone.png") });
    await context.close();
  });
});

describe("rooms", () => {
  it("plays against the computer over the WebSocket: prompts, drag a card onto a hero, end turn, reload", async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API (GET/POST /api/rooms) not served yet");
    const { page, context, errors } = await newPage();
    await page.goto(env.server.base + "/");
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.getByLabel("Play against the computer").check();
    // Easy answers fastest, which keeps this test quick; the level shows on the computer's seat.
    await page.getByRole("group", { name: "Computer level" }).getByLabel("Easy").check();
    await page.getByRole("button", { name: "Create room" }).click();
    await page.waitForURL(/\/rooms\//);
    await page.locator(".board").waitFor();
    await page.getByRole("list", { name: "Seats" }).getByText("Computer (Easy)").waitFor();
    const pending = page.getByTestId("pending");
    const answers = ["Go first", "Keep hand", "Keep heroes", "Pass"];
    const deadline = Date.now() + 60_000;
    while (!/^Your turn/.test((await pending.textContent()) ?? "")) {
      assert.ok(Date.now() < deadline, `never got a turn; last: ${await pending.textContent()}`);
      for (const name of [...answers, /^Take \d+ damage$/]) {
        const b = page.getByRole("button", { name, exact: true });
        if ((await b.count()) && (await b.first().isEnabled())) await b.first().click().catch(() => {});
      }
      // Any other question (an effect asking "you may…", a choice of hero or card): take its first answer.
      const other = page.locator(".ask button:not([disabled])");
      if (await other.count()) await other.first().click({ timeout: 2000 }).catch(() => {});
      await page.waitForTimeout(200);
    }
    await screenshot(page, "board-your-turn");
    // Drag the first hand card that has a legal hero target onto that hero.
    const cards = page.locator(".hand-card.playable");
    let played = null;
    for (let i = 0; i < (await cards.count()) && !played; i++) {
      await cards.nth(i).click();
      const target = page.locator('.hero[data-side="me"][data-drop="1"]').first();
      if (await target.count()) {
        played = await cards.nth(i).locator(".hc-name").textContent();
        await cards.nth(i).dragTo(target);
      } else {
        await cards.nth(i).click();
      }
    }
    if (played) await page.locator(".log").getByText(new RegExp(`You (equipped ${played} to|blended the \\w+ hero into ${played})`)).first().waitFor();
    await page.getByRole("button", { name: "End turn" }).click();
    await page.locator(".log").getByText("Your turn ends.").waitFor();
    await screenshot(page, "board-vs-computer");
    // A reload reconnects and gets the whole view back.
    await page.reload();
    await page.locator(".board").waitFor();
    await page.locator(".hand-card").first().waitFor();
    // The public replay of this (still running) game steps through spectator views.
    const roomId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
    // A spectator arriving now reads the whole log so far (the server's `history`), from the deal on, without a
    // single card drawn by a player named.
    const late = await newPage();
    await late.page.goto(`${env.server.base}/rooms/${encodeURIComponent(roomId)}?watch`);
    const lateLog = late.page.locator(".log");
    await lateLog.getByText(/drew a hand of \d+\./).first().waitFor({ timeout: 10_000 });
    await lateLog.getByText(/turn ends\./).first().waitFor();
    assert.doesNotMatch(await lateLog.innerText(), /drew (?!a card|a hand)/, "a late spectator's log names no drawn card");
    assert.deepEqual(late.errors, []);
    await late.context.close();
    const info = await (await fetch(`${env.server.base}/api/rooms/${roomId}`)).json();
    await page.goto(`${env.server.base}/replays/${info.games[0].match_id}?room=${roomId}&seat=A`);
    await page.getByRole("group", { name: "Replay controls" }).waitFor();
    // Player names, not "You", even in the seat's own replay; keys and turn jumps move through it.
    await page.getByRole("heading", { name: /vs Computer/ }).waitFor();
    await page.getByRole("button", { name: "First version" }).click();
    await page.locator(".board").waitFor();
    assert.match(await page.getByTestId("replay-position").innerText(), /step 1 of/);
    await page.keyboard.press("ArrowRight");
    assert.match(await page.getByTestId("replay-position").innerText(), /step 2 of/);
    await page.getByRole("button", { name: "Next turn" }).click();
    assert.match(await page.getByTestId("replay-position").innerText(), /^Turn [1-9]/);
    await page.keyboard.press("End");
    assert.doesNotMatch(await page.locator(".board").innerText(), /\bYour turn\b|\bYou\b/);
    await page.keyboard.press("Home");
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page.getByTestId("replay-position").getByText(/step 3 of/).waitFor({ timeout: 5000 });
    await page.getByRole("button", { name: "Pause" }).click();
    await screenshot(page, "replay");
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `board is ${overflow}px wider than a phone screen`);
    await screenshot(page, "replay-phone");
    assert.deepEqual(errors, []);
    await context.close();
  });
});
