// Play now, ratings and leaving (issue 44's "Done when"): two browsers press Play now (rated, one game) and are
// matched with each other; one concedes and both see what the game did to their rating; in the next game one
// closes the tab and the other claims the win once the countdown (the leave grace period, short here) has run;
// the leaderboard and the profile show both results, with the replays. In a casual game a player takes back a
// gem played on a hero: the opponent accepts, and the gem is back in the hand.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";
import { openContext, signIn as signInAs } from "./play-helpers.mjs";

const GRACE_S = 4;
const env = useServerAndBrowser({ GB_LEAVE_GRACE_SECS: String(GRACE_S) });

/** Presses Play now in the first Play now panel of the page (the lobby's, or "Play someone new" after a game). */
async function playNow(page, { rated }) {
  const panel = page.locator(".play-now").first();
  await panel.getByLabel("Format").selectOption("bo1");
  const box = panel.getByLabel("Rated", { exact: true });
  if (rated) await box.check();
  else await box.uncheck();
  await panel.getByTestId("play-now").click();
}

/** Both pages land in the same new room (not `not`); returns its id. */
async function matched(a, b, not = null) {
  const inRoom = async (p) => {
    await p.waitForURL((u) => /\/rooms\//.test(u.pathname) && !u.pathname.endsWith(`/${not}`), { timeout: 30_000 });
    await p.locator(".board").waitFor({ timeout: 30_000 });
    return decodeURIComponent(new URL(p.url()).pathname.split("/").pop());
  };
  const [x, y] = await Promise.all([inRoom(a), inRoom(b)]);
  assert.equal(x, y, "both players are seated in the same room");
  return x;
}

/** The rating change shown at the end of a rated game: [before, after]. */
async function ratingChange(page) {
  const text = await page.getByTestId("rating-change").innerText({ timeout: 15_000 });
  const m = /Rating \(bo1\): (\d+)\?? → (\d+)/.exec(text);
  assert.ok(m, `a rating change is shown: ${text}`);
  return [Number(m[1]), Number(m[2])];
}

describe("play now", () => {
  it("matches two players, rates the game, lets the one left behind claim the win, and lists it all", { timeout: 240_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/queue"))) return t.skip("queue API not served yet");
    const A = await openContext(env, 1280, 800);
    const B = await openContext(env, 1280, 800);
    await signInAs(env, A.page, "Ada Queue");
    await signInAs(env, B.page, "Ben Queue");

    // Ada waits alone first: the page shows the wait and who is looking.
    await playNow(A.page, { rated: true });
    await A.page.getByTestId("play-now-waiting").waitFor({ timeout: 10_000 });
    assert.match(await A.page.getByTestId("play-now-waiting").innerText(), /One game, rated/);
    await playNow(B.page, { rated: true });
    const first = await matched(A.page, B.page);
    t.diagnostic(`matched in room ${first}`);

    // Ben concedes (the page asks first); both see the result and their new ratings.
    B.page.removeAllListeners("dialog");
    B.page.once("dialog", (d) => d.accept());
    await B.page.getByRole("button", { name: "Concede" }).click({ timeout: 20_000 });
    await Promise.all([A.page, B.page].map((p) => p.getByTestId("result").waitFor({ timeout: 20_000 })));
    assert.match(await A.page.getByTestId("result").innerText(), /You won!/);
    const [aBefore, aAfter] = await ratingChange(A.page);
    const [bBefore, bAfter] = await ratingChange(B.page);
    t.diagnostic(`game 1: Ada ${aBefore} → ${aAfter}, Ben ${bBefore} → ${bAfter}`);
    assert.ok(aAfter > aBefore && bAfter < bBefore, "the winner gains and the loser loses rating");
    await screenshot(A.page, "playnow-rated-result");

    // The next game, from "Play someone new" on the end screen: Ben closes his tab mid-game.
    await playNow(A.page, { rated: true });
    await playNow(B.page, { rated: true });
    const second = await matched(A.page, B.page, first);
    await B.context.close();
    const left = A.page.getByTestId("opponent-left");
    await left.waitFor({ timeout: 20_000 });
    assert.match(await left.innerText(), /Ben Queue has left the game/);
    assert.ok(await A.page.getByTestId("claim-countdown").count(), "a countdown runs before the claim opens");
    await A.page.getByRole("button", { name: "Claim the win" }).click({ timeout: (GRACE_S + 10) * 1000 });
    await A.page.getByTestId("result").waitFor({ timeout: 15_000 });
    assert.match(await A.page.getByTestId("result").innerText(), /You won!/);
    const [, aThen] = await ratingChange(A.page);
    assert.ok(aThen > aAfter, `a claimed win is a rated win: ${aAfter} → ${aThen}`);
    t.diagnostic(`game 2 (${second}), claimed after Ben left: Ada ${aAfter} → ${aThen}`);

    // The leaderboard names Ada's two rated games (she is not listed yet: too few games to settle a rating).
    await A.page.goto(`${env.server.base}/leaderboard?format=bo1`);
    assert.match(await A.page.getByTestId("board-you").innerText({ timeout: 10_000 }), /after 2 rated games/);
    // Her profile: the rating, the record and both games with their replays.
    await A.page.goBack();
    await A.page.getByTestId("rating-change").getByRole("link", { name: "Your profile" }).click({ timeout: 15_000 });
    const rating = A.page.getByTestId("rating-bo1");
    assert.match(await rating.innerText({ timeout: 10_000 }), /2 won, 0 lost/);
    const rated = A.page.getByRole("list", { name: "Recent rated games" });
    assert.equal(await rated.getByRole("listitem").count(), 2);
    assert.match(await rated.innerText(), /Won against Ben Queue/);
    // Every finished game with its deck, and the deck she played most.
    const games = A.page.getByTestId("recent-games");
    assert.equal(await games.getByRole("listitem").count(), 2);
    assert.match(await games.innerText(), /Won against Ben Queue/);
    assert.match(await games.innerText(), /rated, abandoned/);
    assert.match(await A.page.getByTestId("favourite-decks").innerText(), /2 games, 2 won/);
    await screenshot(A.page, "playnow-profile");
    await rated.getByRole("listitem").first().getByRole("link", { name: "replay" }).click();
    await A.page.locator(".board").waitFor({ timeout: 20_000 });
    assert.deepEqual(A.errors, []);
    await A.context.close();
  });

  it("takes back a gem played on a hero in a casual game, once the opponent accepts", { timeout: 180_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/queue"))) return t.skip("queue API not served yet");
    const C = await openContext(env, 1280, 800);
    const D = await openContext(env, 1280, 800);
    await signInAs(env, C.page, "Cy Casual");
    await signInAs(env, D.page, "Di Casual");
    await playNow(C.page, { rated: false });
    await C.page.getByTestId("play-now-waiting").waitFor({ timeout: 10_000 });
    await playNow(D.page, { rated: false });
    await matched(C.page, D.page);

    // Both answer the setup questions and end turns until one of them can play a gem on a hero: they play it.
    const deadline = Date.now() + 120_000;
    let mover = null;
    let hero = null;
    let gems = 0;
    while (!mover) {
      assert.ok(Date.now() < deadline, "nobody could play a gem in time");
      for (const p of [C.page, D.page]) {
        const pending = (await p.getByTestId("pending").textContent()) ?? "";
        if (/^Your turn/.test(pending)) {
          const gem = p.locator(".hand .hand-card.card-gem.playable").first();
          if (!(await gem.count())) { await p.getByRole("button", { name: "End turn" }).click({ timeout: 2000 }).catch(() => {}); continue; }
          await gem.click({ timeout: 2000 });
          const target = p.locator('.hero[data-side="me"][data-drop="1"]').first();
          await target.waitFor({ timeout: 5000 });
          hero = await target.getAttribute("data-hero");
          gems = await target.locator(".hero-gems li").count();
          await target.locator(".drop-btn").click({ timeout: 5000 }).catch(() => target.click({ timeout: 5000 }));
          await p.locator(`.hero[data-side="me"][data-hero="${hero}"] .hero-gems li`).nth(gems).waitFor({ timeout: 10_000 });
          mover = p;
          break;
        } else if (/^Your/.test(pending)) {
          const answer = p.getByRole("button", { name: /^(Go first|Keep hand|Keep heroes|Pass|Take \d+ damage)$/ });
          const any = p.locator(".ask button:not([disabled]), .actions button:not([disabled])").filter({ hasNotText: /^(Concede|Take back)$/ });
          await ((await answer.count()) ? answer.first() : any.first()).click({ timeout: 2000 }).catch(() => {});
        }
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    const other = mover === C.page ? D.page : C.page;
    const hand = await mover.locator(".hand .hand-card").count();

    // The mover asks; the other player sees the request and accepts; the gem leaves the hero for the hand.
    await mover.getByRole("button", { name: "Take back" }).click();
    await mover.getByTestId("takeback-waiting").waitFor({ timeout: 10_000 });
    const asked = other.getByTestId("takeback-asked");
    await asked.waitFor({ timeout: 10_000 });
    assert.match(await asked.innerText(), /asks to take back their last action/);
    await asked.getByRole("button", { name: "Accept" }).click();
    const gemsOn = mover.locator(`.hero[data-side="me"][data-hero="${hero}"] .hero-gems li`);
    await mover.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [`.hero[data-side="me"][data-hero="${hero}"] .hero-gems li`, gems], { timeout: 10_000 });
    assert.equal(await gemsOn.count(), gems, "the gem is off the hero");
    assert.equal(await mover.locator(".hand .hand-card").count(), hand + 1, "and back in the hand");
    await mover.getByTestId("takeback-waiting").waitFor({ state: "detached", timeout: 10_000 });
    assert.match(await other.locator(".log").innerText(), /took back their last action/);
    t.diagnostic(`a gem on the ${hero} hero taken back`);
    await screenshot(mover, "playnow-takeback");
    assert.deepEqual([...C.errors, ...D.errors], []);
    await C.context.close();
    await D.context.close();
  });
});
