import autocannon from "autocannon";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../platform/config";
import { DEMO_PASSWORD } from "../app/seed/seed";
import { startServer } from "../app/server";

/**
 * `npm run bench`: the real server (embedded PostgreSQL, or DATABASE_URL) with the demo data plus
 * EXTRA_PRODUCTS generated listings, loaded over loopback by autocannon. Prints one line per
 * scenario: requests/s and latency percentiles. Figures are kept in docs/benchmarks.md.
 */
const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function main() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-bench-")),
    PORT: "0",
    LOG_LEVEL: "warn",
  });
  const server = await startServer(config, { seed: true });
  try {
    await server.dataSource.query(
      `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "createdAt")
       SELECT p."sellerId", p.name || ' ' || g, p.description || ' Lot ' || g, p.category, p.color, p."pricePaisa" + g, p.image, now() - (g || ' minutes')::interval
       FROM generate_series(1, $1) g JOIN LATERAL (SELECT * FROM products ORDER BY random() LIMIT 1) p ON true`,
      [EXTRA_PRODUCTS],
    );
    await server.dataSource.query("ANALYZE");
    const [{ id: productId }] = await server.dataSource.query(`SELECT id FROM products WHERE name = 'Scientific Calculator'`);
    const token = await login(server.url);

    const graphql = (query: string, variables: object = {}, auth = false) => ({
      method: "POST" as const,
      path: "/graphql",
      headers: { "content-type": "application/json", ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const scenarios: Array<[string, autocannon.Request]> = [
      [
        "GraphQL products (page 1, 8 items, newest)",
        graphql(`
          {
            products(pageSize: 8) {
              totalItems
              items {
                id
                name
                price
                rating
                seller {
                  username
                }
              }
            }
          }
        `),
      ],
      [
        "GraphQL products filtered (electronics, blue, 0-5000)",
        graphql(`
          {
            products(filter: { category: "electronics", color: "blue", minPrice: 0, maxPrice: 5000 }, pageSize: 8) {
              totalItems
              items {
                id
                name
                price
              }
            }
          }
        `),
      ],
      [
        "GraphQL search with a typo ('calculater')",
        graphql(`
          {
            products(filter: { search: "calculater" }, sort: RELEVANCE, pageSize: 8) {
              totalItems
              items {
                id
                name
              }
            }
          }
        `),
      ],
      [
        "GraphQL product detail with reviews",
        graphql(
          `
            query ($id: ID!) {
              product(id: $id) {
                id
                name
                price
                seller {
                  username
                }
                reviews(pageSize: 10) {
                  items {
                    rating
                    comment
                    author {
                      username
                    }
                  }
                }
              }
            }
          `,
          { id: productId },
        ),
      ],
      [
        "GraphQL trendingProducts(10)",
        graphql(`
          {
            trendingProducts(limit: 10) {
              id
              name
              price
            }
          }
        `),
      ],
      [
        "GraphQL myOrders (signed in)",
        graphql(
          `
            {
              myOrders {
                totalItems
                items {
                  id
                  total
                  status
                  lines {
                    productName
                    quantity
                  }
                }
              }
            }
          `,
          {},
          true,
        ),
      ],
      ["REST GET /api/products?page=1&limit=8", { method: "GET", path: "/api/products?page=1&limit=8" }],
    ];

    console.log(`UniBazaar benchmark: ${EXTRA_PRODUCTS + 63} products, ${CONNECTIONS} connections, ${DURATION_SECONDS}s per scenario\n`);
    console.log("| scenario | req/s (mean) | p50 ms | p97.5 ms | p99 ms | errors |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const [name, request] of scenarios) {
      const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION_SECONDS, requests: [request] });
      const failed = result.errors + result.non2xx;
      console.log(
        `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${failed} |`,
      );
    }
  } finally {
    await server.close();
  }
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: `mutation { login(email: "fatima@student.pk", password: "${DEMO_PASSWORD}") { token } }` }),
  });
  const body = (await res.json()) as { data: { login: { token: string } } };
  return body.data.login.token;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
