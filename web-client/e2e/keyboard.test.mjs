// Keyboard play against the computer (issue 43): from a hand card to a card played on a hero in at most 5 key
// presses, with the board's shortcuts (keys.ts: a card's number, then Enter on the hero focus jumps to); H, B and
// P reach the hand, the board and the prompt. Run under prefers-reduced-motion: reduce, nothing on the page
// animates (the marks, the arrows and the board's motion all stand still). The sound menu: off until turned on,
// remembered across a reload, and a cue sounds (oscillators start) when the match brings your turn back.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";

const env = useServerAndBrowser();

/**
 * Answers setup questions and ends turns (by mouse: only the play under test is by keyboard) until it is our
 * main window with a playable gem in the first nine cards of the hand. Returns that card's 1-based place.
 */
async function untilGemToPlay(page, deadline) {
  for (;;) {
    assert.ok(Date.now() < deadline, `no playable gem in time; last: ${await page.getByTestId("pending").textContent()}`);
    assert.equal(await page.getByTestId("result").count(), 0, "the match ended first");
    const pending = (await page.getByTestId("pending").textContent()) ?? "";
    if (/^Your turn/.test(pending)) {
      const n = await page.evaluate(() => [...document.querySelectorAll(".hand .hand-card")].findIndex((b) => b.matches(".card-gem.playable")) + 1);
      if (n >= 1 && n <= 9) return n;
      await page.getByRole("button", { name: "End turn" }).click({ timeout: 2000 }).catch(() => {});
    } else if (/^Your/.test(pending)) {
      const answer = page.getByRole("button", { name: /^(Go first|Keep hand|Keep heroes|Pass|Take \d+ damage)$/ });
      const any = page.locator(".ask button:not([disabled]), .actions button:not([disabled])").filter({ hasNotText: /^Concede$/ });
      await ((await answer.count()) ? answer.first() : any.first()).click({ timeout: 2000 }).catch(() => {});
    }
    await page.waitForTimeout(150);
  }
}

const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  const hero = el?.closest(".hero");
  return { hero: hero ? `${hero.dataset.side} ${hero.dataset.hero}` : null, drop: hero?.dataset.drop === "1", hand: !!el?.closest(".hand-card"), text: el?.textContent?.trim().slice(0, 40) };
});

describe("keyboard play", () => {
  it("plays a gem from the hand onto a hero within 5 key presses, against the computer, with nothing moving under reduced motion", { timeout: 150_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(env.server.base + "/");
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.locator(".board").waitFor({ timeout: 20_000 });
    const n = await untilGemToPlay(page, Date.now() + 90_000);
    const gem = await page.locator(".hand .hand-card").nth(n - 1).locator(".hc-name").textContent();
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));

    // H, B and P: the hand, the board and the prompt.
    await page.keyboard.press("h");
    assert.ok((await focused(page)).hand, "H focuses the hand");
    await page.keyboard.press("b");
    assert.equal((await focused(page)).hero?.split(" ")[0], "me", "B focuses one of your heroes");
    await page.keyboard.press("p");
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest(".midline")), `P focuses the decision: ${JSON.stringify(await focused(page))}`);

    // From the hand card to the card on a hero: its number, an arrow to the next hero it fits (when there is
    // one), Enter.
    const presses = [];
    const press = async (key) => { presses.push(key); await page.keyboard.press(key); };
    await press(String(n));
    // The board draws the card's targets, then focus jumps to the first: wait for that render, not a fixed time.
    await page.waitForFunction(() => document.activeElement?.closest('.hero[data-drop="1"], .actions button'), null, { timeout: 5000 }).catch(() => {});
    const first = await focused(page);
    assert.ok(first.drop, `after "${n}" focus is on a hero the card can go on: ${JSON.stringify(first)}`);
    const drops = await page.locator('.hero[data-side="me"][data-drop="1"]').count();
    let at = first;
    if (drops > 1) {
      await press("ArrowRight");
      const moved = await focused(page);
      if (moved.drop) at = moved;
      else { await press("ArrowLeft"); at = await focused(page); }
    }
    assert.ok(at.drop, `focus on a target: ${JSON.stringify(at)}`);
    const pos = at.hero.split(" ")[1];
    const gemsBefore = await page.locator(`.hero[data-side="me"][data-hero="${pos}"] .hero-gems li`).count();
    await press("Enter");
    await page.locator(`.hero[data-side="me"][data-hero="${pos}"] .hero-gems li`).nth(gemsBefore).waitFor({ timeout: 10_000 });
    t.diagnostic(`played ${gem} on ${pos} with ${presses.join(", ")}`);
    assert.ok(presses.length <= 5, `${presses.length} presses: ${presses.join(", ")}`);
    assert.match(await page.locator(".log").innerText(), new RegExp(`${gem}`), "the log tells the play");

    // Reduced motion: the play's marks and the board's motion stand still.
    await page.waitForTimeout(300);
    const moving = await page.evaluate(() => document.getAnimations().map((a) => a.animationName ?? a.effect?.target?.className ?? "?"));
    assert.deepEqual(moving, [], "nothing animates under prefers-reduced-motion: reduce");
    await screenshot(page, "keyboard-play");
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("sound", () => {
  it("is off until turned on, remembers the choice, and plays cues in a match", { timeout: 150_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Counts the oscillators the page starts: each cue is made of them (sound.ts).
    await context.addInitScript(() => {
      window.__notes = 0;
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...a) { window.__notes++; return start.apply(this, a); };
    });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const notes = () => page.evaluate(() => window.__notes);
    await page.goto(env.server.base + "/");
    const menu = page.locator(".sound-menu summary");
    assert.equal(await menu.getAttribute("aria-label"), "Sound: off");
    await menu.click();
    await page.getByLabel("Sound cues").check();
    assert.ok((await notes()) > 0, "turning sound on plays a chime");
    await page.reload();
    assert.equal(await page.locator(".sound-menu summary").getAttribute("aria-label"), "Sound: on, volume 60%");
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.locator(".board").waitFor({ timeout: 20_000 });
    const before = await notes();
    const deadline = Date.now() + 90_000;
    // End our turns until a cue sounds (the computer's turn ends and ours starts, or it attacks or blends).
    while ((await notes()) === before) {
      assert.ok(Date.now() < deadline, "no cue in time");
      const pending = (await page.getByTestId("pending").textContent()) ?? "";
      if (/^Your turn/.test(pending)) await page.getByRole("button", { name: "End turn" }).click({ timeout: 2000 }).catch(() => {});
      else if (/^Your/.test(pending)) await page.locator(".ask button:not([disabled]), .actions button:not([disabled])").filter({ hasNotText: /^Concede$/ }).first().click({ timeout: 2000 }).catch(() => {});
      await page.waitForTimeout(200);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
