// e2e harness: builds and starts the real gb-server on a free port with a throwaway SQLite database,
// serving web-client/dist, and drives Debian's Chromium through playwright-core.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const CLIENT_DIR = resolve(here, "..");
export const REPO = resolve(CLIENT_DIR, "..");
export const SCREENSHOTS = join(CLIENT_DIR, "test-results", "screenshots");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (s.address());
      s.close(() => ok(port));
    });
  });
}

/**
 * The debug gb-server binary, built as `make test-rust` builds it (`cargo test --workspace`): the same feature
 * set, so after the Rust tests this is a no-op. `cargo build -p gb-server` would unify features differently and
 * recompile tokio, sqlx and every workspace crate (minutes in CI).
 */
function serverBinary() {
  if (process.env.GB_SERVER_BIN) return process.env.GB_SERVER_BIN;
  const r = spawnSync("cargo", ["test", "-q", "--workspace", "--no-run", "--message-format=json"], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 256 * 1024 * 1024,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error("cargo test --workspace --no-run failed");
  for (const line of r.stdout.split("\n")) {
    if (!line.includes('"gb-server"')) continue;
    const m = JSON.parse(line);
    // The binary itself, not its unit tests (also a "bin" artifact, with `profile.test`).
    const bin = m.reason === "compiler-artifact" && m.target?.name === "gb-server" && m.target.kind.includes("bin");
    if (bin && !m.profile.test && m.executable) return m.executable;
  }
  throw new Error("cargo built no gb-server binary");
}

/**
 * Starts gb-server; returns {base, stop}. The client must be built first (`npm run build`). `env` adds to the
 * server's environment (its settings, e.g. `GB_BOT_THINK_MS`).
 */
export async function startServer(env = {}) {
  if (!existsSync(join(CLIENT_DIR, "dist", "index.html"))) throw new Error("web-client/dist is missing: run `npm run build` first");
  const bin = serverBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "gb-e2e-"));
  const args = ["--bind", `127.0.0.1:${port}`, "--database-url", `sqlite://${join(dir, "e2e.sqlite")}?mode=rwc`, "--static-dir", join(CLIENT_DIR, "dist")];
  const child = spawn(bin, args, { cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: {
    ...process.env,
    RUST_LOG: process.env.RUST_LOG ?? "warn",
    // Every browser here comes from 127.0.0.1: the per-address sign-up and guest limits would count them as one.
    GB_REGISTER_ADDR_BURST: "100000",
    GB_GUEST_ADDR_BURST: "100000",
    GB_REPLAY_ADDR_BURST: "100000",
    GB_MAX_OPEN_EVENTS_GUEST: "1000",
    ...env,
  } });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gb-server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`gb-server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { base, stop, log: () => output };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/**
 * True when the server implements `method path` (anything but its JSON 404 for unknown API paths).
 * Tests for endpoints that are not there yet skip with a reason instead of faking answers.
 */
export async function hasEndpoint(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 404 && res.status !== 405) return true;
  const text = await res.text();
  return res.status === 404 && !text.includes("no_such_endpoint");
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Starts the real server and a browser before a test file's tests and stops both after them. Returns an object
 * whose `server` and `browser` fields are filled in once `before` has run.
 */
export function useServerAndBrowser(serverEnv = {}) {
  const env = { server: undefined, browser: undefined };
  before(async () => {
    env.server = await startServer(serverEnv);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
