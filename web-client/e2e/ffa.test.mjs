// A free-for-all of three (issue 16, plan step 13) against the real gb-server: Alice (1280 px, mouse) creates a
// table for 3, Bob (375 px, keyboard only) takes a seat from the invite link, a spectator watches, and Alice
// starts it with "Start now": a computer takes the third seat. The page-driving policy of the two-player test
// (play-helpers.mjs) plays both people until every page shows the result. Asserts: a winner and three places,
// the same for everyone; the table's layout (the viewer at the bottom, the left opponent on the left, the right
// one on the right); no card name only ever in a hidden zone reaches the spectator's frames or page.
// The server always serves tables for 3-6 (`CreateRoom.seats`, `POST /api/rooms/{id}/start`, plan steps 10-12):
// one without the start endpoint fails the test rather than skipping it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";
import { SLUG_OF, deckNames, namesFromFrames, openContext, signIn, sleep, step, wordRe } from "./play-helpers.mjs";

const MATCH_MS = Number(process.env.GB_E2E_MATCH_MS ?? 12 * 60_000);
const PRECONS = ["fire-and-wind", "tide-and-stone"];
const ALL_PRECONS = ["fire-and-wind", "tide-and-stone", "storm-court", "night-and-light"];

const env = useServerAndBrowser();

/** This page's seat, from the first view it was sent. */
function seatOf(frames) {
  for (const raw of frames) {
    try {
      const v = JSON.parse(raw).view?.viewer;
      if (v?.seat) return v.seat;
    } catch {
      // Not JSON: ignore.
    }
  }
  return null;
}

/** The seats of the sides in page order, with the wrapper each sits in (seat-left, seat-top, seat-right, board). */
async function sides(page) {
  return page.evaluate(() => [...document.querySelectorAll(".side")].map((s) => [s.dataset.seat, s.parentElement.className.split(" ")[0]]));
}

describe("a free-for-all of three", () => {
  it("two people and the computer play to a winner; the spectator sees every board and no hidden card", { timeout: MATCH_MS + 180_000 }, async (t) => {
    assert.ok(await hasEndpoint(env.server.base, "POST", "/api/rooms/no-such-room/start"),
      "the server serves POST /api/rooms/{id}/start (tables for 3-6, issue 16 steps 10-12)");
    const A = { ...(await openContext(env, 1280, 800)), name: "Alice Mouse", keyboard: false };
    const B = { ...(await openContext(env, 375, 800)), name: "Bob Keys", keyboard: true };
    const S = await openContext(env, 1920, 1080);
    for (const p of [A, B]) Object.assign(p, { memo: { timed: 0, used: 0, attacks: 0, answers: {} }, actions: 0, drags: 0, misses: 0 });

    // Alice creates a public table for three.
    await signIn(env, A.page, A.name);
    await A.page.locator("#play-deck").selectOption(`pre:${PRECONS[0]}`);
    await A.page.getByLabel("Players").selectOption("3");
    await A.page.getByRole("button", { name: "Create room" }).click();
    await A.page.waitForURL(/\/rooms\//);
    const roomId = decodeURIComponent(new URL(A.page.url()).pathname.split("/").pop());
    await A.page.getByText("1 of 3 seats taken", { exact: false }).waitFor({ timeout: 10_000 });

    // Bob, signed out, takes a seat from the invite link; the spectator watches from the start.
    await B.page.goto(`${env.server.base}/rooms/${encodeURIComponent(roomId)}`);
    await B.page.getByLabel(/Your display name/).fill(B.name);
    await B.page.getByLabel("Play with").selectOption(PRECONS[1]);
    await B.page.getByRole("button", { name: "Play as guest and take the seat" }).click();
    await A.page.getByText("2 of 3 seats taken", { exact: false }).waitFor({ timeout: 10_000 });
    assert.equal(await B.page.getByRole("button", { name: "Start now (computers fill empty seats)" }).count(), 0, "only the host may start");
    await S.page.goto(`${env.server.base}/rooms/${encodeURIComponent(roomId)}?watch`);
    await screenshot(A.page, "ffa-lobby");

    // The host starts: the computer takes the empty seat and the seats are shuffled (MP-3).
    await A.page.getByRole("button", { name: "Start now (computers fill empty seats)" }).click();
    for (const p of [A.page, B.page, S.page]) await p.locator(".board").waitFor({ timeout: 30_000 });

    // Each page draws the table from its own seat (a spectator from seat A): left, right, the viewer below.
    const seatA = seatOf(A.frames);
    const seatB = seatOf(B.frames);
    assert.ok(seatA && seatB && seatA !== seatB, `two seats: ${seatA}, ${seatB}`);
    const circle = ["A", "B", "C"];
    for (const [page, me] of [[A.page, seatA], [B.page, seatB], [S.page, "A"]]) {
      const i = circle.indexOf(me);
      assert.deepEqual(await sides(page), [[circle[(i + 1) % 3], "seat-left"], [circle[(i + 2) % 3], "seat-right"], [me, "board"]]);
    }

    const started = Date.now();
    let lastProgress = Date.now();
    const results = [null, null];
    const specTexts = [];
    let it = 0;
    let midShot = false;
    let maxOverflow = 0;
    const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    while (!(results[0] && results[1])) {
      assert.ok(Date.now() - started < MATCH_MS, `match not over after ${MATCH_MS} ms (${A.actions}+${B.actions} actions)`);
      // The computer plays on its own; a person out of the match (MP-24) only watches until the end.
      assert.ok(Date.now() - lastProgress < 120_000, `no progress for two minutes; A: ${await A.page.getByTestId("pending").textContent()}`);
      let acted = false;
      for (const [i, p] of [A, B].entries()) {
        const d = await step(p, "ffa");
        if (d.kind === "done") results[i] = d.label;
        else if (d.kind !== "wait") { acted = true; lastProgress = Date.now(); }
      }
      if (++it % 25 === 0) {
        specTexts.push(await S.page.locator("body").innerText());
        maxOverflow = Math.max(maxOverflow, await overflow(B.page));
        if (!midShot) {
          midShot = true;
          await screenshot(A.page, "ffa-board");
          await screenshot(B.page, "ffa-board-phone");
          await screenshot(S.page, "ffa-spectator");
        }
      }
      if (!acted) await sleep(60);
    }
    specTexts.push(await S.page.locator("body").innerText());
    await S.page.locator('[data-testid="result"]').waitFor({ timeout: 10_000 });
    for (const [p, name] of [[A.page, "ffa-result"], [B.page, "ffa-result-phone"], [S.page, "ffa-result-spectator"]]) await screenshot(p, name);
    t.diagnostic(`results: A "${results[0]}", B "${results[1]}" after ${Math.round((Date.now() - started) / 1000)} s; actions ${A.actions}+${B.actions}, attacks ${A.memo.attacks}+${B.memo.attacks}, misses ${A.misses}+${B.misses}`);
    for (const p of [A, B]) t.diagnostic(`${p.name} missed: ${JSON.stringify(p.missWhy ?? {})}`);

    // One winner and three places (MP-30), the same on every page; at most one person won.
    const places = async (page) => page.locator('[data-testid="result"] .places li').allInnerTexts();
    const [pa, pb, ps] = [await places(A.page), await places(B.page), await places(S.page)];
    assert.equal(ps.length, 3, "three places");
    assert.equal(pa.length, 3);
    assert.equal(pb.length, 3);
    assert.ok(!(/You won!/.test(results[0]) && /You won!/.test(results[1])), "at most one person won");
    assert.equal((await A.page.locator(".side.eliminated").count()), 2, "both others greyed out, with their places");
    assert.ok(maxOverflow <= 0 && (await overflow(B.page)) <= 0, `no horizontal scroll at 375px (${maxOverflow}px)`);

    // Hidden zones stay hidden from the spectator: the leak check of the two-player test, over both people's
    // frames; the computer's deck is one of the four preconstructed ones, whose never-public cards count too.
    const a = namesFromFrames(A.frames, seatA);
    const b = namesFromFrames(B.frames, seatB);
    const pub = new Set([...a.pub, ...b.pub]);
    const hiddenOnly = [...new Set([...a.hidden, ...b.hidden])].filter((n) => !pub.has(n));
    const decks = new Set(ALL_PRECONS.flatMap((d) => [...deckNames(d)]));
    hiddenOnly.push(...[...decks].filter((n) => !pub.has(n) && !hiddenOnly.includes(n)));
    t.diagnostic(`hidden-only names: ${hiddenOnly.join(", ")}; spectator frames ${S.frames.length}`);
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
