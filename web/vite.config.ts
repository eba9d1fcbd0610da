import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defaultClientConditions, defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  // @unibazaar/rules (shared with the server) is bundled from its TypeScript source
  resolve: { conditions: ["source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph that the first-load size guard (scripts/first-load.mjs) reads
    manifest: true,
    // every browser the app supports has <link rel="modulepreload">: no polyfill in the entry
    modulePreload: { polyfill: false },
    rollupOptions: {
      // the storefront, and the GraphiQL playground for integrators served at /graphiql
      input: { main: resolve(__dirname, "index.html"), graphiql: resolve(__dirname, "graphiql.html") },
    },
  },
  server: {
    proxy: {
      "/graphql": { target: "http://localhost:4000", ws: true },
      "/api": "http://localhost:4000",
      "/uploads": "http://localhost:4000",
    },
  },
});
