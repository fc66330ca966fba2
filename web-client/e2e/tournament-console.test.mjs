// Browser test of the organizer console's newer actions against the real gb-server (harness.mjs): check-in (by
// the organizer and by a player on their own page), drop and re-add, judge actions (a time extension and a match
// loss), a correction with a game score, and, before the top cut is paired, the provisional bracket seeded from
// the standings on the signed-out public page.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { screenshot, useServerAndBrowser } from "./harness.mjs";
import * as helpers from "./tournament-helpers.mjs";

const env = useServerAndBrowser();

const newPage = () => helpers.newPage(env);
const player = (id, name) => helpers.registeredPlayer(env, id, name);

const event = async (id) => (await fetch(`${env.server.base}/api/tournaments/${id}`)).json();

describe("tournament console", () => {
  it("checks in, drops and re-adds, applies judge actions, corrects a score, and shows the provisional top cut", { timeout: 180_000 }, async () => {
    const org = await newPage();
    await org.page.goto(env.server.base + "/");
    await org.page.getByRole("button", { name: "Play as guest" }).click();
    await org.page.getByTestId("account-name").waitFor();
    await org.page.getByRole("link", { name: "Run a tournament" }).click();
    await org.page.getByLabel("Event name").fill("Console Blend");
    await org.page.getByLabel("Swiss rounds").selectOption("2");
    await org.page.getByLabel("Top cut").selectOption("2");
    await org.page.getByLabel("Games per match").selectOption("1");
    await org.page.getByRole("button", { name: "Create tournament" }).click();
    await org.page.getByRole("heading", { name: "Console Blend" }).waitFor();
    const id = new URL(org.page.url()).pathname.split("/").pop();

    const players = [];
    for (const name of ["Ann", "Bob", "Cid", "Dee"]) players.push(await player(id, name));
    const [ann, bob, cid, dee] = players;
    await org.page.getByText("Registration open · 4 registered").waitFor();
    await org.page.getByRole("button", { name: "Close registration" }).click();

    // Check-in: Dee checks in on her own page; the organizer checks in the other three from the console.
    await dee.page.goto(`${env.server.base}/tournaments/${id}`);
    await dee.page.getByTestId("my-table").getByRole("button", { name: "Check in" }).click();
    await dee.page.getByTestId("checked-in").waitFor();
    await org.page.getByText("1 of 4 checked in").waitFor();
    for (let n = 2; n <= 4; n++) {
      await org.page.getByRole("button", { name: "Check in", exact: true }).first().click();
      await org.page.getByText(`${n} of 4 checked in`).waitFor();
    }

    // Drop and re-add: the organizer drops Cid, then takes him back before round 1.
    const cidRow = org.page.getByTestId(`player-${cid.account.id}`);
    await org.page.getByRole("button", { name: "Drop Cid" }).click();
    await org.page.getByRole("button", { name: "Confirm" }).click();
    await cidRow.getByText("Cid: dropped").waitFor();
    await org.page.getByRole("button", { name: "Re-add Cid" }).click();
    await org.page.getByRole("button", { name: "Confirm" }).click();
    await cidRow.getByText("Cid: checked in").waitFor();

    await org.page.getByRole("button", { name: "Pair and start round 1" }).click();
    await org.page.getByRole("heading", { name: "Round 1 pairings" }).waitFor();
    const round = (await event(id)).rounds[0];
    assert.equal(round.tables.length, 2, "all four are paired: the re-added player too");
    const nameOf = (pid) => players.find((p) => p.account.id === pid).account.display_name;
    const [a1, b1] = round.tables[0].players.map(nameOf);
    const [a2, b2] = round.tables[1].players.map(nameOf);

    // Judge actions: ten more minutes at table 2, then a match loss for table 1's first player.
    await org.page.getByLabel("Reason", { exact: true }).fill("judge call");
    await org.page.getByRole("button", { name: "+10 min at table 2" }).click();
    await org.page.getByRole("button", { name: "Confirm" }).click();
    await org.page.getByText("(+10 min)").waitFor();
    await org.page.getByRole("button", { name: `Match loss: ${a1}` }).click();
    await org.page.getByRole("button", { name: "Confirm" }).click();
    await org.page.getByTestId("table-1").getByText(`${a1}: match loss`).waitFor();

    // A correction with a game score: table 2 was won 1–0 by its first player.
    await org.page.getByRole("button", { name: "Record a result at table 2" }).click();
    const score = org.page.getByLabel("Score for table 2");
    await score.getByLabel(a2).fill("1");
    await score.getByRole("button", { name: "Record 1–0–0" }).click();
    await org.page.getByRole("button", { name: "Confirm" }).click();
    await org.page.getByTestId("table-2").getByText(`${a2} 1–0`).waitFor();
    await screenshot(org.page, "tournament-console-actions");

    // The public page, signed out: the round's results, the audit log, and the provisional top 2.
    const pub = await newPage();
    await pub.page.goto(`${env.server.base}/tournaments/${id}`);
    await pub.page.getByRole("heading", { name: "Console Blend" }).waitFor();
    await pub.page.getByTestId("table-1").getByText(`${a1}: match loss`).waitFor();
    await pub.page.getByTestId("provisional-bracket").getByText("Provisional").waitFor();
    const seeds = await pub.page.getByRole("list", { name: "Provisional top cut" }).locator("li").allTextContents();
    assert.equal(seeds.length, 1, `top 2: one match: ${seeds}`);
    const winners = [b1, a2];
    assert.match(seeds[0], /^1\. .+ – 2\. .+$/, seeds[0]);
    for (const w of winners) assert.ok(seeds[0].includes(w), `${w}, a round-1 winner, is seeded: ${seeds[0]}`);
    for (const action of ["check in", "drop", "readd", "judge", "correction"]) {
      await pub.page.getByText(new RegExp(`: ${action}\\b`)).first().waitFor();
    }
    await screenshot(pub.page, "tournament-provisional-bracket");

    assert.deepEqual([...org.errors, ...pub.errors], []);
    for (const c of [org, pub, ann, bob, cid, dee]) await c.context.close();
  });
});
