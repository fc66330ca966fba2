// The lobby's Join button: a room one player creates is listed for another, whose Join (disabled while signed
// out) takes the free seat and opens the board for both.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hasEndpoint, screenshot, useServerAndBrowser } from "./harness.mjs";

const env = useServerAndBrowser();

async function guest(name) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(env.server.base + "/");
  if (name) {
    await page.getByLabel("Display name").fill(name);
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.getByTestId("account-name").waitFor();
  }
  return { page, context, errors };
}

describe("lobby Join", () => {
  it("lists an open room, offers Join only when signed in, and seats the joiner in the room", { timeout: 90_000 }, async (t) => {
    if (!(await hasEndpoint(env.server.base, "GET", "/api/rooms"))) return t.skip("rooms API not served yet");
    const host = await guest("Hana Host");
    await host.page.getByRole("button", { name: "Create room" }).click();
    await host.page.waitForURL(/\/rooms\//);
    const roomId = decodeURIComponent(new URL(host.page.url()).pathname.split("/").pop());

    // Signed out: the room is listed, but Join is disabled (a seat needs an account).
    const visitor = await guest(null);
    const join = visitor.page.getByRole("button", { name: "Join room of Hana Host" });
    await join.waitFor();
    assert.equal(await join.isDisabled(), true, "Join is disabled while signed out");

    await visitor.page.getByLabel("Display name").fill("Jo Joiner");
    await visitor.page.getByRole("button", { name: "Play as guest" }).click();
    await visitor.page.getByTestId("account-name").waitFor();
    await screenshot(visitor.page, "lobby-join");
    await join.click();
    await visitor.page.waitForURL(new RegExp(`/rooms/${roomId}$`));
    await visitor.page.locator(".board").waitFor({ timeout: 20_000 });
    const seats = visitor.page.getByRole("list", { name: "Seats" });
    await seats.getByText("Jo Joiner — you").waitFor();
    await seats.getByText("Hana Host").waitFor();
    // The host's page starts the match too, with the joiner in the other seat.
    await host.page.locator(".board").waitFor({ timeout: 20_000 });
    await host.page.getByRole("list", { name: "Seats" }).getByText("Jo Joiner").waitFor();
    const info = await (await fetch(`${env.server.base}/api/rooms/${roomId}`)).json();
    assert.deepEqual(info.seats.map((s) => s?.display_name).sort(), ["Hana Host", "Jo Joiner"]);
    assert.deepEqual([...host.errors, ...visitor.errors], []);
    await host.context.close();
    await visitor.context.close();
  });
});
