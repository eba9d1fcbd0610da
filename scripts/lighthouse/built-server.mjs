// The built app (server/dist/main.js serving web/dist) in production on a free port with the demo
// data, on an embedded PostgreSQL unless DATABASE_URL is set: what the page measurements load.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import process from "node:process";

const root = path.resolve(import.meta.dirname, "../..");

/** Starts the built server with its data in `dataDir`; resolves once it listens. */
export async function startBuiltServer(dataDir) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  // the page is loaded from the address the server names for itself, as a student's browser does:
  // its pictures then come from the page's own origin, not from a second one that costs a connection
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, "server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PUBLIC_URL: base,
      // the demo's card order is paid in the sandbox: test money, never paid out
      PAYMENTS_SANDBOX: "true",
      DEMO_DATA: "true",
      JWT_SECRET: "lighthouse-".repeat(4),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout.on("data", (chunk) => {
      if (String(chunk).includes("is running at")) resolve();
    });
  });
  return {
    base,
    /** The landing pages by name: home, the shop and the newest product's page. */
    async landingPages() {
      const products = await globalThis
        .fetch(`${base}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: "{ products(page: 1) { items { id } } }" }),
        })
        .then((r) => r.json());
      return { home: "/", shop: "/shop", product: `/shop/${products.data.products.items[0].id}` };
    },
    async stop() {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    },
  };
}
