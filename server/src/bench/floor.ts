import cluster from "node:cluster";
import http from "node:http";
import pg from "pg";

/**
 * The bench's floor: a bare `node:http` + `pg` handler for the shop's first page (8 newest
 * listings with their sellers' names, and the planner's row estimate instead of a count) with
 * the least SQL there is. `npm run bench` runs it next to the real server and prints each
 * scenario's ratio to it. Started as a child process: DATABASE_URL and PORT from the environment;
 * FLOOR_PROCESSES=N runs N processes on the port (node's cluster), as WEB_CONCURRENCY does the app's.
 */
const processes = Number(process.env.FLOOR_PROCESSES ?? 1);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PAGE = `SELECT p.id, p.name, p."pricePaisa", p."ratingAverage", u.username,
                     (SELECT reltuples::bigint FROM pg_class WHERE relname = 'products') AS estimate
              FROM products p LEFT JOIN users u ON u.id = p."sellerId"
              WHERE p."deletedAt" IS NULL ORDER BY p."createdAt" DESC LIMIT 8`;

async function answer(res: http.ServerResponse) {
  try {
    const { rows } = await pool.query({ name: "page", text: PAGE });
    const items = rows.map((r) => ({
      id: r.id,
      name: r.name,
      price: r.pricePaisa / 100,
      rating: Number(r.ratingAverage),
      seller: { username: r.username },
    }));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: { products: { totalItems: Number(rows[0]?.estimate ?? 0), items } } }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

if (cluster.isPrimary && processes > 1) for (let i = 0; i < processes; i++) cluster.fork();
else http.createServer((_req, res) => void answer(res)).listen(Number(process.env.PORT), "127.0.0.1");
