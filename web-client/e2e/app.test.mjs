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
    const info = await (await fetch(`${env.server.base}/api/rooms/${roomId}`)).json();
    await page.goto(`${env.server.base}/replays/${info.games[0].match_id}`);
    await page.getByRole("group", { name: "Replay controls" }).waitFor();
    await page.getByRole("button", { name: "First version" }).click();
    await page.locator(".board").waitFor();
    await page.getByRole("button", { name: "Next version" }).click();
    await screenshot(page, "replay");
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `board is ${overflow}px wider than a phone screen`);
    await screenshot(page, "replay-phone");
    assert.deepEqual(errors, []);
    await context.close();
  });
});
