// Event day (issue 42, "Done when"), in Chromium against the real gb-server (harness.mjs): an 8-player event from a
// signed-out player opening the shared link to a champion. The organizer (a guest) creates a best-of-three event
// with three Swiss rounds, a top 4 and a one-minute round clock, and enters six computer players; Zoe, signed
// out, opens the link, becomes a guest and registers with a preconstructed deck in one step, then checks in; Yan,
// a second person, registers too. Round 1: Zoe sees where she plays, opens her table, and there and on the event
// page sees the organizer's announcement; the organizer opens her table's judge view (the audit lists it, her
// table says a judge is watching) and gives her a warning, shown on the event page. Round 2 is paired by hand
// with rematches the organizer must confirm (refused first, then audited with the reason); round 3 is paired
// automatically. Results are the organizer's, recorded table by table from the console (Zoe and Yan beat the
// computers; the computers' tables are drawn), so the standings are known. Top 4: a semi-final recorded for the
// wrong player seats the wrong finalist; correcting it resets the final (Zoe's table is told) and seats Yan. The
// final, Zoe against Yan, is played in the browser: one game conceded each, then the round's time is called at
// 1–1 in game 3, both play on to the last turn and the time rule decides it; the console, the table and the
// event page say so, the champion and final places are shown, and the print pages render.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { screenshot, useServerAndBrowser } from "./harness.mjs";
import { sleep, step } from "./play-helpers.mjs";
import * as helpers from "./tournament-helpers.mjs";

// The computers think slowly (1.5 s a decision) so that none of their tables plays a whole match before the
// organizer records it: the test knows every result, and so the standings, the top 4 and the final.
const env = useServerAndBrowser({ GB_BOT_THINK_MS: "1500" });
const EVENT = "Event Day Blend";
const ANNOUNCEMENT = "Decks stay on the table between games";

/** A page in its own browser context whose confirmations ("Concede this game?", "Enter 6 computer players?") are accepted. */
async function newPage() {
  const p = await helpers.newPage(env);
  p.page.on("dialog", (d) => d.accept());
  return p;
}
const confirm = (page) => page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
const view = async (id) => (await fetch(`${env.server.base}/api/tournaments/${id}`)).json();
const audit = async (id) => (await fetch(`${env.server.base}/api/tournaments/${id}/audit`)).json();

describe("event day", () => {
  it("runs an 8-player event from a shared link to a champion", { timeout: 420_000 }, async (t) => {
    const started = Date.now();
    const lap = (what) => t.diagnostic(`${what}: ${Math.round((Date.now() - started) / 1000)} s`);
    const base = env.server.base;

    // The organizer creates the event from the form.
    const org = await newPage();
    await org.page.goto(base + "/");
    await org.page.getByRole("button", { name: "Play as guest" }).click();
    await org.page.getByTestId("account-name").waitFor();
    await org.page.getByRole("link", { name: "Run a tournament" }).click();
    await org.page.getByLabel("Event name").fill(EVENT);
    await org.page.getByLabel("Swiss rounds").selectOption("3");
    await org.page.getByLabel("Top cut").selectOption("4");
    await org.page.getByLabel("Games per match").selectOption("3");
    await org.page.getByLabel("Round time limit (minutes)").fill("1");
    await org.page.getByLabel(/^No-show after/).fill("0");
    assert.equal(await org.page.getByLabel("Players must check in before round 1").isChecked(), true);
    await org.page.getByRole("button", { name: "Create tournament" }).click();
    await org.page.getByRole("heading", { name: EVENT }).waitFor();
    const id = new URL(org.page.url()).pathname.split("/").pop();

    // Six computer players (Easy), entered checked in; then Yan registers.
    const computers = org.page.getByRole("form", { name: "Add computer players" });
    await computers.getByLabel("Computer players").fill("6");
    await computers.getByLabel("Level").selectOption("random");
    await computers.getByRole("button", { name: "Add computer players" }).click();
    await org.page.getByText("Registration open · 6 registered").waitFor();
    const yan = await helpers.registeredPlayer(env, id, "Yan");
    yan.page.on("dialog", (d) => d.accept());

    // Zoe, signed out, opens the shared link: the format, then "play as guest", the deck and Register, on the page.
    const zoe = await newPage();
    await zoe.page.goto(`${base}/tournaments/${id}`);
    await zoe.page.getByRole("heading", { name: EVENT }).waitFor();
    await zoe.page.getByRole("heading", { name: "Format" }).waitFor();
    await zoe.page.getByText(/^Best of 3; the previous game's loser chooses who goes first$/).waitFor();
    await zoe.page.getByText("1 minute a round, then 3 extra turns").waitFor();
    await zoe.page.getByText("Top 4, single elimination").waitFor();
    await zoe.page.getByLabel("Display name").fill("Zoe");
    await zoe.page.getByRole("button", { name: "Play as guest" }).click();
    await zoe.page.getByLabel("Deck").selectOption({ index: 1 });
    await zoe.page.getByRole("button", { name: "Register" }).click();
    await zoe.page.getByTestId("my-table").getByText("You are registered.").waitFor();
    assert.equal(new URL(zoe.page.url()).pathname, `/tournaments/${id}`, "Zoe never left the event page");

    // Check-in: Zoe on her page, Yan by the organizer; the computers entered checked in.
    await org.page.getByText("Registration open · 8 registered").waitFor();
    await org.page.getByRole("button", { name: "Close registration" }).click();
    await zoe.page.getByTestId("my-table").getByRole("button", { name: "Check in" }).click();
    await zoe.page.getByTestId("checked-in").waitFor();
    await org.page.getByText("7 of 8 checked in").waitFor();
    await org.page.getByRole("button", { name: "Check in", exact: true }).click();
    await org.page.getByText("8 of 8 checked in").waitFor();
    lap("registered and checked in");

    const players = (await view(id)).log.players;
    assert.equal(players.length, 8);
    assert.equal(players.filter((p) => p.computer).length, 6);
    const idOf = (name) => players.find((p) => p.name === name).id;
    const [ZOE, YAN] = [idOf("Zoe"), idOf("Yan")];
    const nameOf = (pid) => players.find((p) => p.id === pid).name;
    const people = new Set([ZOE, YAN]);

    /** Records a table's score from its console card: `wins` games won by its first and second player; a level
     * score also has a drawn game, and is a match ended at time (1–1 alone is a best of three still being played). */
    async function record(table, wins, { correct = false } = {}) {
      const [a, b] = table.players.map(nameOf);
      await org.page.getByRole("button", { name: `${correct ? "Correct table" : "Record a result at table"} ${table.table}` }).click();
      const form = org.page.getByLabel(`Score for table ${table.table}`);
      await form.getByLabel(a).fill(String(wins[0]));
      await form.getByLabel(b).fill(String(wins[1]));
      const draws = wins[0] === wins[1] ? 1 : 0;
      await form.getByLabel("draws", { exact: true }).fill(String(draws));
      await form.getByRole("button", { name: `Record ${wins[0]}–${wins[1]}–${draws}` }).click();
      await confirm(org.page);
      const words = wins[0] === wins[1] ? `draw ${wins[0]}–${wins[1]} (time called)` : wins[0] > wins[1] ? `${a} ${wins[0]}–${wins[1]}` : `${b} ${wins[1]}–${wins[0]}`;
      await org.page.getByTestId(`console-table-${table.table}`).getByTestId("table-state").getByText(new RegExp(`result: .*${words.replace(/[()]/g, "\\$&")}$`)).waitFor().catch(async (e) => {
        // A refused result is shown in the console's alert: say why in the failure.
        throw new Error(`${e.message}\nalerts: ${await org.page.getByRole("alert").allTextContents()}`);
      });
    }
    /** The organizer's Swiss results: a person beats a computer 2–0; Zoe and Yan draw; the computers draw (1–1–1). */
    async function recordSwiss(n) {
      const round = (await view(id)).rounds[n - 1];
      for (const table of round.tables) {
        assert.deepEqual(table.result.games, [], `round ${n}, table ${table.table} has no result before the organizer's`);
        const person = table.players.findIndex((p) => people.has(p));
        const both = table.players.every((p) => people.has(p));
        await record(table, both || person < 0 ? [1, 1] : person === 0 ? [2, 0] : [0, 2]);
      }
      // Every table was recorded within the round's minute: the clock never called time on one.
      const after = (await view(id)).rounds[n - 1];
      assert.deepEqual(after.tables.filter((x) => x.time_called).map((x) => x.table), [], `round ${n}: the clock called time on no table`);
    }

    // Round 1: Zoe's page says where she plays as the round starts.
    await org.page.getByRole("button", { name: "Pair and start round 1" }).click();
    await org.page.getByRole("heading", { name: "Round 1 pairings" }).waitFor();
    const start1 = await zoe.page.getByTestId("announcements").getByText(/Round 1 has started — you are at table \d vs /).textContent();
    const r1 = (await view(id)).rounds[0];
    const zoeTable1 = r1.tables.find((x) => x.players.includes(ZOE));
    assert.match(start1, new RegExp(`table ${zoeTable1.table} vs `));
    // Zoe opens her table in a second tab: it names the event, the round and the table.
    const href = await zoe.page.getByTestId("my-table").getByRole("link", { name: "Go to my table" }).getAttribute("href");
    const table = await zoe.context.newPage();
    table.on("dialog", (d) => d.accept());
    table.on("pageerror", (e) => zoe.errors.push(e.message));
    await table.goto(base + href);
    await table.getByText(`round 1, table ${zoeTable1.table}`).waitFor();

    // An announcement: on Zoe's event page (a toast and the list) and at her table, over the sockets.
    await org.page.getByLabel("A message to every player, on the event page and at the tables").fill(ANNOUNCEMENT);
    await org.page.getByRole("button", { name: "Announce", exact: true }).click();
    await zoe.page.getByTestId("toast").getByText(ANNOUNCEMENT).waitFor();
    await zoe.page.getByTestId("announcements").getByText(ANNOUNCEMENT).waitFor();
    await table.getByText(ANNOUNCEMENT).first().waitFor();

    // The judge view of Zoe's table: the organizer sees the game, the table is told, the audit lists it.
    await org.page.getByRole("button", { name: `Judge view: table ${zoeTable1.table}` }).click();
    const judgeView = org.page.getByRole("region", { name: `Judge view of table ${zoeTable1.table}` });
    await judgeView.getByRole("heading", { name: `Judge view · round 1, table ${zoeTable1.table} · game 1` }).waitFor();
    assert.match(await judgeView.textContent(), /Zoe \(seat [AB]\)|No game has started at this table yet/);
    await table.getByTestId("judge-watching").waitFor();
    const views = (await audit(id)).filter((a) => a.action === "judge_view");
    assert.equal(views.length, 1, "the judge view is audited");
    assert.deepEqual([JSON.parse(views[0].detail_json).round, JSON.parse(views[0].detail_json).table], [1, zoeTable1.table]);

    // A penalty: a warning for Zoe, on her record and in the event page's list of penalties.
    await org.page.getByText("Penalty for Zoe", { exact: true }).click();
    const penalty = org.page.getByRole("form", { name: "Penalty" });
    await penalty.getByLabel("Penalty", { exact: true }).selectOption("warning");
    await penalty.getByLabel("Infraction").selectOption("slow_play");
    await penalty.getByLabel("Penalty reason").fill("took too long to keep her hand");
    await penalty.getByRole("button", { name: "Give" }).click();
    const warning = new RegExp(`^Round 1, table ${zoeTable1.table}: Zoe — Warning \\(Slow play\\).*: took too long to keep her hand$`);
    await zoe.page.getByTestId("my-penalties").getByText(warning).waitFor();
    await zoe.page.getByTestId("penalties").getByText(warning).waitFor();
    // The audit list on the event page, as every player reads it, names the judge view and the penalty.
    await zoe.page.getByText(new RegExp(`: judge view \\(.*round: 1, table: ${zoeTable1.table}\\)`)).waitFor();
    await zoe.page.getByText(/: penalty \(.*took too long to keep her hand/).waitFor();
    await recordSwiss(1);
    // The organizer's result ended the game at Zoe's table, and the table says so.
    await table.getByTestId("match-ended").getByText("result recorded by the organizer").waitFor();
    lap("round 1");

    // Round 2, paired by hand: Zoe and Yan each meet a computer they have not played; the computers that met in
    // round 1 meet again, which the server refuses until the organizer confirms the rematches.
    const opp1 = (pid) => { const x = r1.tables.find((y) => y.players.includes(pid)); return x.players.find((p) => p !== pid); };
    const computerTables = r1.tables.filter((x) => x.players.every((p) => !people.has(p)));
    let lines;
    if (opp1(ZOE) === YAN) {
      const [first, ...rest] = computerTables;
      lines = [[ZOE, first.players[0]], [YAN, first.players[1]], ...rest.map((x) => x.players)];
    } else {
      lines = [[ZOE, opp1(YAN)], [YAN, opp1(ZOE)], ...computerTables.map((x) => x.players)];
    }
    const rematches = lines.filter(([a, b]) => r1.tables.some((x) => x.players.includes(a) && x.players.includes(b)));
    assert.ok(rematches.length >= 1, "the hand pairing has a rematch");
    await org.page.getByLabel("Reason (recorded in the audit log)").fill("the computers' tables replay their round-1 match");
    await org.page.getByLabel(/^Pair round 2 by hand/).fill(lines.map((l) => l.map(nameOf).join(" v ")).join("\n"));
    await org.page.getByRole("button", { name: "Pair by hand" }).click();
    const refusal = await org.page.getByRole("alert").filter({ hasText: "a rematch:" }).first().textContent();
    for (const [a, b] of rematches) assert.ok(refusal.includes(`${nameOf(a)} v ${nameOf(b)} (they met in round 1)`), refusal);
    assert.equal((await view(id)).rounds.length, 1, "nothing is paired until the rematches are confirmed");
    await org.page.getByLabel("Rematches and second byes are meant").check();
    await org.page.getByRole("button", { name: "Pair by hand" }).click();
    await org.page.getByRole("heading", { name: "Round 2 pairings" }).waitFor();
    const r2 = (await view(id)).rounds[1];
    assert.deepEqual(r2.tables.map((x) => x.players), lines, "the tables are the organizer's, in order");
    const byHand = (await audit(id)).filter((a) => a.action === "pair_round_by_hand");
    assert.equal(byHand.length, 1);
    const detail = JSON.parse(byHand[0].detail_json);
    assert.equal(detail.reason, "the computers' tables replay their round-1 match");
    assert.deepEqual(detail.confirmed.rematches, rematches.map(([a, b]) => `${nameOf(a)} v ${nameOf(b)} (they met in round 1)`));
    await org.page.getByText(/: pair round by hand \(.*confirmed/).waitFor();
    await zoe.page.getByTestId("announcements").getByText(/Round 2 has started — you are at table 1 vs /).waitFor();
    await recordSwiss(2);
    lap("round 2 (by hand)");

    // Round 3, paired by the server.
    await org.page.getByRole("button", { name: "Pair and start round 3" }).click();
    await org.page.getByRole("heading", { name: "Round 3 pairings" }).waitFor();
    await recordSwiss(3);
    lap("round 3");

    // Zoe and Yan are unbeaten, so they are the top two seeds; the top 4 is paired 1v4, 2v3.
    const standings = await (await fetch(`${base}/api/tournaments/${id}/standings`)).json();
    const top2 = new Set(standings.players.slice(0, 2).map((s) => s.player));
    assert.deepEqual(top2, people, `Zoe and Yan lead the standings: ${JSON.stringify(standings.players.map((s) => [s.name, s.match_points]))}`);
    await org.page.getByRole("button", { name: "Start the top cut (top 4)" }).click();
    await org.page.getByRole("heading", { name: "Round 4 pairings" }).waitFor();
    await org.page.getByRole("heading", { name: "Semi-finals", exact: true }).waitFor();
    const semis = (await view(id)).rounds[3].tables;
    const zoeSemi = semis.find((x) => x.players[0] === ZOE);
    const yanSemi = semis.find((x) => x.players[0] === YAN);
    assert.ok(zoeSemi && yanSemi, "Zoe and Yan each hold seat A of a semi-final (the higher seed)");
    const [, yanOpponent] = yanSemi.players;

    // Zoe wins her semi-final; Yan's is recorded for his opponent by mistake, and the final seats the wrong player.
    await record(zoeSemi, [2, 0]);
    await record(yanSemi, [1, 2]);
    await org.page.getByRole("button", { name: "Pair and start round 5 (Final)" }).click();
    await org.page.getByRole("heading", { name: "Round 5 pairings" }).waitFor();
    const wrongFinal = (await view(id)).rounds[4].tables[0];
    assert.deepEqual(wrongFinal.players, [ZOE, yanOpponent]);
    await zoe.page.getByTestId("announcements").getByText(/Round 5 has started — you are at table 1 vs .*Computer/).waitFor();
    await table.goto(`${base}/rooms/${encodeURIComponent(wrongFinal.room_id)}`);
    await table.getByText("round 5, table 1").waitFor();

    // The correction: the organizer opens round 4's tables and records Yan's win; the final is reset.
    await org.page.getByLabel("Tables of round").selectOption("4");
    await org.page.getByText("Round 4 is over:").waitFor();
    await org.page.getByLabel("Reason", { exact: true }).fill("the slip was signed for the wrong player");
    await record(yanSemi, [2, 1], { correct: true });
    await table.getByTestId("match-ended").getByText("an earlier result was corrected: this match is played again at a new table").waitFor();
    const final = (await view(id)).rounds[4].tables[0];
    assert.deepEqual(final.players, [ZOE, YAN], "Yan takes his seat in the final");
    assert.notEqual(final.room_id, wrongFinal.room_id, "the final is played again at a new table");
    const correction = (await audit(id)).filter((a) => a.action === "correction").map((a) => JSON.parse(a.detail_json)).filter((d) => d.round === 4 && d.table === yanSemi.table).at(-1);
    assert.deepEqual(correction.reset, { round: 5, table: 1, players: [ZOE, YAN], players_names: ["Zoe", "Yan"] }, "the audit says the final was reset");
    await org.page.getByText(/: correction \(reason: the slip was signed for the wrong player, reset: players Zoe – Yan, round 5, table 1, .*round: 4, table: \d\)/).waitFor();
    await zoe.page.getByTestId("my-table").getByText(/Round 5, table 1: against Yan · playing/).waitFor();
    await org.page.getByLabel("Tables of round").selectOption("5");
    lap("top 4 and the correction");

    // The final, in the browser: Zoe (the higher seed, seat A) and Yan at the new table.
    const room = `${base}/rooms/${encodeURIComponent(final.room_id)}`;
    await table.goto(room);
    await yan.page.goto(room);
    for (const p of [table, yan.page]) await p.locator('.room[data-game="0"] .board').waitFor({ timeout: 30_000 });
    const concede = async (p, game) => {
      await p.getByRole("button", { name: "Concede" }).click();
      for (const q of [table, yan.page]) await q.locator(`.room[data-game="${game}"]`).getByTestId("result").waitFor({ timeout: 20_000 });
    };
    const nextGame = async (chooser, other, n) => {
      await chooser.getByRole("region", { name: "Next game" }).getByRole("button", { name: `Start game ${n} — I go first` }).click();
      await other.getByRole("region", { name: "Next game" }).getByRole("button", { name: `Accept game ${n}` }).click();
      for (const p of [table, yan.page]) await p.locator(`.room[data-game="${n - 1}"] .board`).waitFor({ timeout: 30_000 });
    };
    // Game 1: Yan concedes. Game 2 (Yan, who lost, goes first): Zoe concedes. 1–1.
    await concede(yan.page, 0);
    await nextGame(yan.page, table, 2);
    await concede(table, 1);
    await table.getByTestId("series").getByText("Zoe 1–1 Yan").waitFor();
    await nextGame(table, yan.page, 3);
    lap("the final at 1–1, game 3 started");

    // Time is called in game 3, at 1–1: the table says when the game ends and that the time rule decides it.
    await table.getByTestId("round-time").waitFor({ timeout: 120_000 });
    const notice = await table.getByTestId("round-time").textContent();
    assert.match(notice, /^Time has been called on this table\. This game ends after turn \d+; the time rule decides it if it is still going\.$/);
    assert.match(await table.getByTestId("series").textContent(), /Zoe 1–1 Yan/, "time was called at 1–1");
    await org.page.getByTestId("console-table-1").getByText("time called (game 3)").waitFor();
    await screenshot(table, "event-day-time-called");
    lap("time called");

    // Both play on by clicks (the e2e policy of play-helpers.mjs) until the event records the final.
    const seats = [table, yan.page].map((page) => ({ page, memo: { timed: 0, used: 0, attacks: 0, answers: {} }, actions: 0, drags: 0, misses: 0 }));
    const playUntil = Date.now() + 150_000;
    let result = null;
    for (let i = 0; !result; i++) {
      assert.ok(Date.now() < playUntil, "the final was not decided within 150 s of time being called");
      let acted = false;
      for (const s of seats) if ((await step(s, "event-day")).kind !== "wait") acted = true;
      if (i % 10 === 0) {
        const r = (await view(id)).rounds[4].tables[0].result;
        if (r.end) result = r;
      }
      if (!acted) await sleep(100);
    }
    t.diagnostic(`final: ${JSON.stringify(result)}; actions ${seats[0].actions}+${seats[1].actions}`);
    assert.equal(result.end, "time");
    assert.equal(result.games.length, 3);
    assert.deepEqual(result.games.slice(0, 2).map((g) => g.winner), [ZOE, YAN]);
    const decider = result.games[2];
    assert.equal(decider.result, "win");
    assert.ok(["rounds_won", "hp", "sudden_death"].includes(decider.decided_by), `game 3 was decided by the time rule: ${JSON.stringify(decider)}`);
    const champion = decider.winner;
    const finalist = champion === ZOE ? YAN : ZOE;
    const how = { rounds_won: "on in-game rounds won", hp: "on HP", sudden_death: "by sudden death" }[decider.decided_by];
    const words = `${nameOf(champion)} 2–1 (time called; game 3 decided ${how})`;

    // What each sees: the table (ended by time), the console, Zoe's record, the champion and the final places.
    await table.getByTestId("match-ended").getByText("The tournament has ended this match (time)").waitFor();
    await org.page.getByTestId("console-table-1").getByTestId("table-state").getByText(`result: ${words}`).waitFor();
    await zoe.page.getByTestId("my-table").getByText(`against Yan · ${words}`).waitFor();
    await zoe.page.getByTestId("champion").getByText(nameOf(champion)).waitFor();
    // The warning outlived the result the organizer recorded at Zoe's round-1 table afterwards.
    assert.deepEqual(await zoe.page.getByTestId("penalties").locator("li").allTextContents(), [await zoe.page.getByTestId("my-penalties").locator("li").textContent()]);
    assert.match(await zoe.page.getByTestId("my-penalties").textContent(), warning);
    const places = await zoe.page.getByTestId("final-place").allTextContents();
    assert.equal(places.length, 8, places.join(" | "));
    assert.equal(places[0], `1. ${nameOf(champion)} · Champion`);
    assert.equal(places[1], `2. ${nameOf(finalist)} · Finalist`);
    for (const p of places.slice(2, 4)) assert.match(p, /^3–4\. .*Computer \d \(Easy\) · Semi-finalist$/);
    await screenshot(zoe.page, "event-day-champion");
    lap("champion");

    // Print pages, from the console's links: each renders the event's content.
    await org.page.getByRole("link", { name: "Result slips" }).click();
    await org.page.getByRole("heading", { name: `${EVENT}: Result slips` }).waitFor();
    assert.equal(await org.page.locator(".slip").count(), 1, "one slip: the final's table");
    assert.match(await org.page.locator(".slip").textContent(), /Zoe.*Yan/s);
    for (const [kind, title, rows, text] of [
      ["pairings", "Pairings by table", 1, "Zoe"],
      ["pairings-by-name", "Pairings by name", 2, "Yan"],
      ["standings", "Standings", 8, "Computer"],
      ["seatings", "Seatings", 8, "Zoe"],
    ]) {
      await org.page.goto(`${base}/tournaments/${id}/print/${kind}`);
      await org.page.getByRole("heading", { name: `${EVENT}: ${title}` }).waitFor();
      await org.page.emulateMedia({ media: "print" });
      const body = org.page.locator(".print-table tbody tr");
      assert.equal(await body.count(), rows, kind);
      assert.match(await org.page.locator(".print-table").textContent(), new RegExp(text), kind);
      assert.equal(await org.page.locator("header.topbar").isVisible(), false, `${kind}: no site header on paper`);
      await org.page.emulateMedia({ media: "screen" });
    }
    lap("print pages");

    assert.deepEqual([...org.errors, ...zoe.errors, ...yan.errors ?? []], []);
    for (const c of [org, zoe, yan]) await c.context.close();
  });
});
