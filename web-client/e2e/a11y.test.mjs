// Accessibility scan: axe-core, injected into the same Chromium, must find no serious or critical WCAG 2.1 A/AA
// violation on the lobby (signed out and in), the deck builder, the How to play page, a board against the
// computer (with the card detail panel open) and a replay.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { describe, it } from "node:test";
import { hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const env = useServerAndBrowser();

/** Serious and critical violations on the page as it is now, one line each with the offending elements. */
async function scan(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() =>
    // eslint-disable-next-line no-undef
    axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }));
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(" | ")}`);
}

describe("accessibility", () => {
  it("lobby, deck builder, How to play, board and replay have no serious or critical axe violation", { timeout: 180_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    // The site's CSP (script-src 'self', issue 45) rightly refuses the scanner this test injects inline.
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const found = {};
    const check = async (name) => { found[name] = await scan(page); };

    await page.goto(env.server.base + "/");
    await page.getByRole("button", { name: "Play as guest" }).waitFor();
    await check("lobby (signed out)");
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.getByTestId("account-name").waitFor();
    await page.locator(".room-lists .empty:not([aria-busy])").first().waitFor();
    await check("lobby");
    await page.goto(env.server.base + "/decks");
    await page.locator(".gallery > li").nth(10).waitFor();
    await check("deck builder");
    await page.goto(env.server.base + "/how-to-play");
    await page.getByRole("heading", { name: "How to play" }).waitFor();
    await check("how to play");

    await page.goto(env.server.base + "/");
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.locator(".board").waitFor({ timeout: 20_000 });
    await page.locator('.hero[data-side="opp"]').first().hover();
    await page.locator(".card-detail.open").waitFor();
    await check("board");
    await screenshot(page, "a11y-board");
    const roomId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
    const info = await (await fetch(`${env.server.base}/api/rooms/${roomId}`)).json();
    await page.goto(`${env.server.base}/replays/${info.games[0].match_id}`);
    await page.getByRole("group", { name: "Replay controls" }).waitFor();
    await page.locator(".board").waitFor();
    await check("replay");

    for (const [name, v] of Object.entries(found)) t.diagnostic(`${name}: ${v.length ? v.join("\n  ") : "clean"}`);
    assert.deepEqual(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length)), {});
    await context.close();
  });
});
