// A best of 3 against the computer, ended by conceding twice: after game 1 the loser is offered the go-first
// choice and starts game 2 going first; after game 2 the header names the series winner (from the server's
// `RoomInfo.series_winner`), no next game is offered, and the server refuses one.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";

const env = useServerAndBrowser();

describe("series", () => {
  it("the loser chooses to go first in game 2; a decided best of 3 offers no further game", { timeout: 120_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("dialog", (d) => d.accept()); // "Concede this game?"
    await page.goto(env.server.base + "/");
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.getByTestId("account-name").waitFor();
    await page.getByLabel("Play against the computer").check();
    await page.getByRole("radio", { name: "Best of 3 (first to win two games)" }).check();
    await page.getByRole("button", { name: "Create room" }).click();
    await page.waitForURL(/\/rooms\//);
    const roomId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
    const concede = async () => {
      await page.getByRole("button", { name: "Concede" }).click();
      await page.getByTestId("result").waitFor({ timeout: 20_000 });
    };

    await page.locator('.room[data-game="0"] .board').waitFor({ timeout: 20_000 });
    await concede();
    const next = page.getByRole("region", { name: "Next game" });
    await next.getByText("You lost the last game, so you choose who goes first.").waitFor();
    await screenshot(page, "series-next-game");
    await next.getByRole("button", { name: "Start game 2 — I go first" }).click();
    await page.locator('.room[data-game="1"] .board').waitFor({ timeout: 20_000 });
    // The engine's seeded draw picks who answers the turn order (CR 200.4); whichever seat it is, the room answers
    // with the choice we stated, so the page never asks us again: nothing is clicked before we go first.
    await page.locator(".turn-info").getByText("You went first").waitFor({ timeout: 20_000 }).catch(async (e) => {
      await screenshot(page, "series-game-2-failed");
      throw new Error(`${e.message}\nturn info: ${await page.locator(".turn-info").innerText()}\npending: ${await page.getByTestId("pending").innerText()}`);
    });

    await concede();
    await page.getByTestId("series").getByText(/wins the series/).waitFor({ timeout: 10_000 });
    assert.match(await page.getByTestId("series").innerText(), /0–2 .*Computer.* wins the series/);
    assert.equal(await next.count(), 0, "no next game once the series is decided");
    await screenshot(page, "series-decided");
    const info = await (await page.request.get(`${env.server.base}/api/rooms/${roomId}`)).json();
    assert.equal(info.series_winner, "B");
    const refused = await page.request.post(`${env.server.base}/api/rooms/${roomId}/rematch`, { data: {} });
    assert.equal(refused.status(), 409);
    assert.equal((await refused.json()).error.code, "series_decided");
    assert.deepEqual(errors, []);
    await context.close();
  });
});
