import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
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
