import { defineConfig } from "vitest/config";

// The dev server proxies the API and WebSockets to a locally running gb-server (default port 8080).
const backend = process.env.GB_BACKEND ?? "http://127.0.0.1:8080";

export default defineConfig({
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: {
    // Preconstructed deck texts are imported with `?raw` from the gb-core crate.
    fs: { allow: [".", "../crates/gb-core/data"] },
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/healthz": { target: backend },
      "/ws": { target: backend.replace(/^http/, "ws"), ws: true },
    },
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
  },
});
