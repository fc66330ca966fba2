// Browser test of an event's shared link and its day (docs/tournaments.md, "Running an event"), against the real
// gb-server (harness.mjs): a signed-out visitor opens the link, reads the format, becomes a guest and registers
// with a preconstructed deck in one step on the page, and the organizer's console shows them; the organizer
// drops a player and undoes it from the toast, enters a late player found by name, and prints the pages (the
// print stylesheet hides the site around them). A second event with an automatic Swiss round count names its
// top cut, shows its bracket and, finished, the final places.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { screenshot, useServerAndBrowser } from "./harness.mjs";
import * as helpers from "./tournament-helpers.mjs";

const env = useServerAndBrowser();
const newPage = () => helpers.newPage(env);
const player = (id, name) => helpers.registeredPlayer(env, id, name);
const event = async (id) => (await fetch(`${env.server.base}/api/tournaments/${id}`)).json();

/** The organizer, a guest, creates an event from the form and lands on its console. */
async function organize(name, rounds, cut) {
  const org = await newPage();
  await org.page.goto(env.server.base + "/");
  await org.page.getByRole("button", { name: "Play as guest" }).click();
  await org.page.getByTestId("account-name").waitFor();
  await org.page.getByRole("link", { name: "Run a tournament" }).click();
  await org.page.getByLabel("Event name").fill(name);
  await org.page.getByLabel("Swiss rounds").selectOption(rounds);
  await org.page.getByLabel("Top cut").selectOption(cut);
  await org.page.getByLabel("Games per match").selectOption("1");
  await org.page.getByLabel("Players must check in before round 1").uncheck();
  await org.page.getByRole("button", { name: "Create tournament" }).click();
  await org.page.getByRole("heading", { name }).waitFor();
  return { org, id: new URL(org.page.url()).pathname.split("/").pop() };
}

const confirm = (page) => page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();

describe("an event's shared link and its day", () => {
  it("signs a visitor up in one step, and the console runs, undoes, enters late and prints", { timeout: 180_000 }, async () => {
    const { org, id } = await organize("Link Blend", "2", "0");
    const others = [];
    for (const name of ["Ann", "Bob", "Cid"]) others.push(await player(id, name));

    // A signed-out visitor opens the shared link: the format, then "play as guest", then the deck and Register.
    const zoe = await newPage();
    await zoe.page.goto(`${env.server.base}/tournaments/${id}`);
    await zoe.page.getByRole("heading", { name: "Link Blend" }).waitFor();
    await zoe.page.getByRole("heading", { name: "Format" }).waitFor();
    await zoe.page.getByText("One game", { exact: true }).waitFor();
    await zoe.page.getByLabel("Display name").fill("Zoe");
    await zoe.page.getByRole("button", { name: "Play as guest" }).click();
    const deck = zoe.page.getByLabel("Deck");
    await deck.waitFor();
    await deck.selectOption({ index: 1 });
    await zoe.page.getByRole("button", { name: "Register" }).click();
    await zoe.page.getByTestId("my-table").getByText("You are registered.").waitFor();
    assert.equal(new URL(zoe.page.url()).pathname, `/tournaments/${id}`, "never left the page");
    await screenshot(zoe.page, "tournament-signup");

    const zoeId = (await event(id)).log.players.find((p) => p.name === "Zoe").id;
    await org.page.getByTestId(`player-${zoeId}`).getByText("Zoe: registered").waitFor();

    // Drop Bob, and take it back from the toast: both are in the audit log.
    await org.page.getByRole("button", { name: "Close registration" }).click();
    await org.page.getByRole("button", { name: "Drop Bob" }).click();
    await org.page.getByRole("dialog").getByText("Bob is not paired from round 1 on").waitFor();
    await confirm(org.page);
    await org.page.getByTestId("toast").getByText("Bob dropped").waitFor();
    await org.page.locator(".toast").getByRole("button", { name: "Undo" }).click();
    await org.page.getByRole("button", { name: "Drop Bob" }).waitFor();
    await org.page.getByText(/readd \(.*player: Bob.*reason: undo: Bob dropped\)/).waitFor();

    // Round 1, then a late entry found by name (an account that is not in the event).
    await org.page.getByRole("button", { name: "Pair and start round 1" }).click();
    await org.page.getByRole("heading", { name: "Round 1 pairings" }).waitFor();
    const late = await newPage();
    await late.page.goto(env.server.base + "/how-to-play");
    await late.page.evaluate(() => fetch("/api/guest", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ display_name: "Latecomer Lou" }) }));
    await org.page.getByLabel("Find a player by name").fill("latecomer");
    await org.page.getByRole("button", { name: "Enter Latecomer Lou" }).click();
    await org.page.getByRole("dialog").getByText("paired from round 2").waitFor();
    await confirm(org.page);
    await org.page.getByTestId("player-" + (await event(id)).log.players.find((p) => p.name === "Latecomer Lou").id).waitFor();

    // The console by table: each table says where it stands; only its actions are offered.
    const states = await org.page.getByTestId("table-state").allTextContents();
    assert.equal(states.length, 2);
    for (const s of states) assert.match(s, /^(waiting for|playing game 1)/, s);
    await screenshot(org.page, "tournament-console-by-table");

    // Print pages: linked from the console; the print stylesheet hides the header and the Print button.
    await org.page.getByRole("link", { name: "Result slips" }).click();
    await org.page.getByRole("heading", { name: "Link Blend: Result slips" }).waitFor();
    assert.equal(await org.page.locator(".slip").count(), 2);
    await org.page.emulateMedia({ media: "print" });
    assert.equal(await org.page.locator("header.topbar").isVisible(), false, "no site header on paper");
    assert.equal(await org.page.getByRole("button", { name: "Print" }).isVisible(), false);
    await screenshot(org.page, "tournament-print-slips");
    // Rows: one per table; one per player paired; everyone in the event (the late entry too), in the standings
    // and at the player meeting.
    for (const [kind, title, rows] of [["pairings", "Pairings by table", 2], ["pairings-by-name", "Pairings by name", 4], ["standings", "Standings", 5], ["seatings", "Seatings", 5]]) {
      await org.page.goto(`${env.server.base}/tournaments/${id}/print/${kind}`);
      await org.page.getByRole("heading", { name: `Link Blend: ${title}` }).waitFor();
      assert.equal(await org.page.locator(".print-table tbody tr").count(), rows, kind);
    }
    const byName = await org.page.goto(`${env.server.base}/tournaments/${id}/print/pairings-by-name`).then(() =>
      org.page.locator(".print-table tbody tr td:first-child").allTextContents());
    assert.deepEqual(byName, [...byName].sort((a, b) => a.localeCompare(b)));
    await org.page.emulateMedia({ media: "screen" });

    assert.deepEqual([...org.errors, ...zoe.errors], []);
    for (const c of [org, zoe, late, ...others]) await c.context.close();
  });

  it("names an automatic event's top cut, shows its bracket, and the final places", { timeout: 180_000 }, async () => {
    const { org, id } = await organize("Auto Blend", "auto", "2");
    const players = [];
    for (const name of ["Ann", "Bob", "Cid", "Dee"]) players.push(await player(id, name));
    await org.page.getByRole("button", { name: "Close registration" }).click();
    // Two Swiss rounds for four players; the organizer records each table for its first player.
    for (const n of [1, 2]) {
      await org.page.getByRole("button", { name: `Pair and start round ${n}` }).click();
      await org.page.getByRole("heading", { name: `Round ${n} pairings` }).waitFor();
      const round = (await event(id)).rounds[n - 1];
      for (const t of round.tables) {
        const first = players.find((p) => p.account.id === t.players[0]).account.display_name;
        await org.page.getByRole("button", { name: `Record a result at table ${t.table}` }).click();
        await org.page.getByLabel(`Score for table ${t.table}`).getByLabel(first).fill("1");
        await org.page.getByLabel(`Score for table ${t.table}`).getByRole("button", { name: "Record 1–0–0" }).click();
        await confirm(org.page);
        await org.page.getByTestId(`console-table-${t.table}`).getByText(`result: ${first} 1–0`).waitFor();
      }
    }
    await org.page.getByRole("heading", { name: "Top cut: top 2" }).waitFor();
    await org.page.getByTestId("provisional-bracket").waitFor();
    await org.page.getByRole("button", { name: "Start the top cut (top 2)" }).click();
    await org.page.getByRole("heading", { name: "Round 3 pairings" }).waitFor();
    await org.page.getByRole("heading", { name: "Top cut: top 2" }).waitFor();
    await org.page.getByRole("heading", { name: "Final", exact: true }).waitFor();
    const final = (await event(id)).rounds[2].tables[0];
    const [a, b] = final.players.map((p) => players.find((x) => x.account.id === p).account.display_name);
    await org.page.getByRole("button", { name: `Record a result at table ${final.table}` }).click();
    await org.page.getByLabel(`Score for table ${final.table}`).getByLabel(b).fill("1");
    await org.page.getByLabel(`Score for table ${final.table}`).getByRole("button", { name: "Record 0–1–0" }).click();
    await confirm(org.page);
    await org.page.getByTestId("champion").getByText(b).waitFor();
    const places = await org.page.getByTestId("final-place").allTextContents();
    assert.equal(places.length, 4);
    assert.match(places[0], new RegExp(`^1\\. ${b} · Champion$`));
    assert.match(places[1], new RegExp(`^2\\. ${a} · Finalist$`));
    await screenshot(org.page, "tournament-final-places");
    assert.deepEqual(org.errors, []);
    for (const c of [org, ...players]) await c.context.close();
  });
});
