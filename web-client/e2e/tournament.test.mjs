// Browser test of organized play against the real gb-server (harness.mjs): the organizer creates an event in
// the console, four players register (each in its own browser context), the organizer starts round 1, the
// results arrive from the tables' rooms as players concede over their WebSockets, the organizer corrects one,
// and a signed-out visitor's public page shows the corrected pairings, the standings and the audit log. A player
// following the event page sees the round start and the organizer's announcement arrive on the event socket.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { screenshot, useServerAndBrowser } from "./harness.mjs";
import * as helpers from "./tournament-helpers.mjs";

const env = useServerAndBrowser();
/** The protocol version `hello` must name, from the bindings gb-protocol generates (never a copy that can drift). */
const PROTOCOL_VERSION = Number(readFileSync(new URL("../src/gen/constants.ts", import.meta.url), "utf8").match(/PROTOCOL_VERSION = (\d+)/)[1]);

const newPage = () => helpers.newPage(env);
const player = (id, name) => helpers.registeredPlayer(env, id, name);

/** The player concedes their table's game over the room's WebSocket, as the board's Concede button would. */
async function concede(p, room) {
  await p.page.evaluate(([room, protocol]) => new Promise((ok, fail) => {
    const ws = new WebSocket(`${location.origin.replace("http", "ws")}/ws/rooms/${room}`);
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", protocol, as: "player", last_version: null }));
    // A close before `accepted` (a refused hello, say) fails the step instead of waiting forever.
    ws.onclose = (e) => fail(new Error(`socket closed before the concession was accepted: ${e.code} ${e.reason}`));
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "welcome") ws.send(JSON.stringify({ type: "intent", seq: 1, intent: { type: "concede" } }));
      if (msg.type === "accepted") { ws.close(); ok(); }
      if (msg.type === "rejected" || msg.type === "error") fail(new Error(JSON.stringify(msg)));
    };
    ws.onerror = () => fail(new Error("socket error"));
  }), [room, PROTOCOL_VERSION]);
}

describe("tournaments", () => {
  it("runs a round from the organizer console, corrects a result, and shows it all on the public page", { timeout: 180_000 }, async () => {
    const org = await newPage();
    await org.page.goto(env.server.base + "/");
    await org.page.getByRole("button", { name: "Play as guest" }).click();
    await org.page.getByTestId("account-name").waitFor();
    await org.page.getByRole("link", { name: "Run a tournament" }).click();
    await org.page.getByLabel("Event name").fill("Browser Blend");
    await org.page.getByLabel("Swiss rounds").selectOption("1");
    await org.page.getByLabel("Top cut").selectOption("0");
    await org.page.getByLabel("Games per match").selectOption("1");
    await org.page.getByRole("button", { name: "Create tournament" }).click();
    await org.page.getByRole("heading", { name: "Browser Blend" }).waitFor();
    const id = new URL(org.page.url()).pathname.split("/").pop();

    const players = [];
    for (const name of ["Ann", "Bob", "Cid", "Dee"]) players.push(await player(id, name));
    await org.page.getByText("Registration open · 4 registered").waitFor();
    await org.page.getByRole("button", { name: "Close registration" }).click();
    // Check-in is on by default: whoever is not checked in when round 1 is paired is dropped, so the organizer
    // checks all four in from the console's player list.
    await org.page.getByText("0 of 4 checked in").waitFor();
    for (let n = 1; n <= 4; n++) {
      await org.page.getByRole("button", { name: "Check in", exact: true }).first().click();
      await org.page.getByText(`${n} of 4 checked in`).waitFor();
    }
    // A player follows the event page: the round start and the organizer's announcement arrive on its socket.
    const follower = players[0];
    await follower.page.goto(`${env.server.base}/tournaments/${id}`);
    await follower.page.getByRole("heading", { name: "Browser Blend" }).waitFor();
    await org.page.getByRole("button", { name: "Pair and start round 1" }).click();
    await org.page.getByRole("heading", { name: "Round 1 pairings" }).waitFor();
    await follower.page.getByTestId("announcements").getByText(/Round 1 has started — you are at table \d vs /).waitFor();
    await org.page.getByLabel("A message to every player, on the event page and at the tables").fill("Lunch at noon");
    await org.page.getByRole("button", { name: "Announce", exact: true }).click();
    await follower.page.getByTestId("toast").getByText("Lunch at noon").waitFor();
    await follower.page.getByTestId("announcements").getByText("Lunch at noon").waitFor();
    await org.page.getByTestId("round-clock").waitFor();
    assert.match(await org.page.getByTestId("table-1").textContent(), /playing/);
    await screenshot(org.page, "tournament-round-1");

    // The first-listed player at each table concedes; the console shows each result as its room reports it.
    const event = await (await fetch(`${env.server.base}/api/tournaments/${id}`)).json();
    for (const t of event.rounds[0].tables) {
      const loser = players.find((p) => p.account.id === t.players[0]);
      await concede(loser, t.room_id);
    }
    const winner1 = players.find((p) => p.account.id === event.rounds[0].tables[0].players[1]).account.display_name;
    const loser1 = players.find((p) => p.account.id === event.rounds[0].tables[0].players[0]).account.display_name;
    await org.page.getByTestId("table-1").getByText(`${winner1} 1–0`).waitFor();
    await org.page.getByTestId("table-2").getByText("1–0").waitFor();

    // A correction: the slip was signed for the wrong player.
    await org.page.getByLabel("Reason", { exact: true }).fill("slip signed for the wrong player");
    // The console's table card offers only a correction once the table has its result; the score form records
    // it, and the confirmation says what changes.
    await org.page.getByRole("button", { name: "Correct table 1" }).click();
    await org.page.getByLabel("Score for table 1").getByLabel(loser1).fill("1");
    await org.page.getByRole("button", { name: "Record 1–0–0" }).click();
    await org.page.getByRole("dialog").getByText("The result of round 1, table 1").waitFor();
    await org.page.getByRole("button", { name: "Confirm" }).click();
    await org.page.getByTestId("table-1").getByText(`${loser1} 1–0`).waitFor();
    await org.page.getByRole("heading", { name: "Standings" }).waitFor();
    await screenshot(org.page, "tournament-console");

    // The public page, signed out.
    const pub = await newPage();
    await pub.page.goto(`${env.server.base}/tournaments/${id}`);
    await pub.page.getByRole("heading", { name: "Browser Blend" }).waitFor();
    await pub.page.getByTestId("table-1").getByText(`${loser1} 1–0`).waitFor();
    await pub.page.getByRole("link", { name: /^(Watch|Replays): / }).first().waitFor();
    await pub.page.locator("table.standings tbody tr").nth(3).waitFor();
    const standings = await pub.page.locator("table.standings tbody tr").allTextContents();
    assert.equal(standings.length, 4);
    assert.ok(standings.slice(0, 2).some((row) => row.includes(loser1)), `the corrected winner is in the top two: ${standings}`);
    await pub.page.getByText(/correction .*slip signed for the wrong player/).waitFor();
    assert.equal(await pub.page.getByRole("heading", { name: "Organizer console" }).count(), 0, "the public page has no console");
    await screenshot(pub.page, "tournament-public");

    // A player's view: their table, opponent, room link and record.
    const me = players[0];
    await me.page.goto(`${env.server.base}/tournaments/${id}`);
    await me.page.getByTestId("my-table").getByText(/My record: \d–\d–\d/).waitFor();
    await me.page.getByRole("link", { name: "Go to my table" }).waitFor();

    assert.deepEqual([...org.errors, ...pub.errors], []);
    for (const c of [org, pub, ...players]) await c.context.close();
  });
});
