// What the tournament browser tests share: a page in its own browser context (its own cookies, so each player is
// a different guest), and a player registered for an event with a preconstructed deck.

/** A fresh browser context and page; `errors` collects uncaught page errors for the test to assert on. */
export async function newPage(env) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, context, errors };
}

/** A player in their own context: a guest registered for event `id` with a preconstructed deck. */
export async function registeredPlayer(env, id, name) {
  const { page, context } = await newPage(env);
  await page.goto(env.server.base + "/how-to-play");
  const account = await page.evaluate(async ([id, name]) => {
    const post = (path, body) => fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const me = await (await post("/api/guest", { display_name: name })).json();
    const r = await post(`/api/tournaments/${id}/registrations`, { preconstructed: "fire-and-wind" });
    if (!r.ok) throw new Error(`registration: ${r.status} ${await r.text()}`);
    return me;
  }, [id, name]);
  return { page, context, account };
}
