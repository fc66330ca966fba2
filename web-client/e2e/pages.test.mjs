// Lighthouse-style checks on every page a visitor meets (issue 43): no console error (a signed-out visit asks
// who is signed in without a failed request), no text under 12 px, and the deck builder says when its filters
// match nothing. The match pages are measured by e2e/overlap.test.mjs.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { useServerAndBrowser } from "./harness.mjs";

const env = useServerAndBrowser();

/** Runs in the page: visible text under 12 px, as "<tag.class> "text" 10px". */
function smallText() {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest(".sr-only, option, script, style")) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 11.95) out.push(`<${el.tagName.toLowerCase()}.${el.className}> "${n.textContent.trim().slice(0, 30)}" ${size}px`);
  }
  return [...new Set(out)].slice(0, 10);
}

describe("every page", () => {
  for (const [label, device] of [["1280×800", { viewport: { width: 1280, height: 800 } }], ["390×844", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }]]) {
    it(`logs no console error and has no text under 12 px (${label})`, { timeout: 120_000 }, async () => {
      const context = await env.browser.newContext(device);
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
      page.on("console", (m) => { if (m.type() === "error") errors.push(`console error on ${page.url()}: ${m.text()}`); });
      const small = {};
      const visit = async (path, ready) => {
        await page.goto(env.server.base + path);
        await ready();
        small[path] = await page.evaluate(smallText);
      };
      // Signed out first: the lobby, the deck builder, How to play, a new tournament.
      await visit("/", () => page.getByRole("button", { name: "Play as guest" }).waitFor());
      await visit("/decks", () => page.locator(".gallery > li").nth(10).waitFor());
      // A filter that matches nothing says so.
      await page.getByLabel("Search").fill("no card is called this");
      await page.getByText(/No cards match/).waitFor({ timeout: 5000 });
      await visit("/how-to-play", () => page.getByRole("heading", { name: "How to play" }).waitFor());
      await visit("/tournaments/new", () => page.locator("main h1").first().waitFor());
      await visit("/no-such-page", () => page.getByRole("heading", { name: "Page not found" }).waitFor());
      // Signed in, and a match against the computer.
      await page.goto(env.server.base + "/");
      await page.getByLabel("Display name").fill("Page Reader");
      await page.getByRole("button", { name: "Play as guest" }).click();
      await page.getByTestId("account-name").waitFor();
      small["/ (signed in)"] = await page.evaluate(smallText);
      await page.getByRole("button", { name: "Play the computer" }).click();
      await page.locator(".board").waitFor({ timeout: 20_000 });
      await page.locator(".hero").first().waitFor();
      await page.waitForTimeout(1000);
      small["/rooms (match)"] = await page.evaluate(smallText);
      assert.deepEqual(Object.fromEntries(Object.entries(small).filter(([, v]) => v.length)), {}, "text under 12 px");
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
