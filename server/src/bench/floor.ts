import cluster from "node:cluster";
import http from "node:http";
import pg from "pg";

/**
 * The bench's floors: bare `node:http` + `pg` handlers with the least SQL there is. `/` is the
 * shop's first page (8 newest listings with their sellers' names, and the planner's row estimate
 * instead of a count); `/product?id=` a product page (the product with its seller, its 10 newest
 * reviews with their authors, and its review count: 3 statements). `npm run bench` runs them next
 * to the real server and prints each scenario's ratio to one of them. Started as a child process:
 * DATABASE_URL and PORT from the environment; FLOOR_PROCESSES=N runs N processes on the port
 * (node's cluster), as WEB_CONCURRENCY does the app's.
 */
const processes = Number(process.env.FLOOR_PROCESSES ?? 1);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PAGE = `SELECT p.id, p.name, p."pricePaisa", p."ratingAverage", u.username,
                     (SELECT reltuples::bigint FROM pg_class WHERE relname = 'products') AS estimate
              FROM products p LEFT JOIN users u ON u.id = p."sellerId"
              WHERE p."deletedAt" IS NULL ORDER BY p."createdAt" DESC LIMIT 8`;
const PRODUCT = `SELECT p.*, u.username, u."storeName", u."sellerType", u."profileImage", u."verifiedAt"
                 FROM products p LEFT JOIN users u ON u.id = p."sellerId" WHERE p.id = $1 AND p."deletedAt" IS NULL`;
const REVIEWS = `SELECT r.id, r.rating, r.comment, r."createdAt", u.id AS "authorId", u.username
                 FROM reviews r JOIN users u ON u.id = r."userId" WHERE r."productId" = $1 ORDER BY r."createdAt" DESC, r.id DESC LIMIT 10`;
const REVIEW_COUNT = `SELECT count(*)::int AS count FROM reviews WHERE "productId" = $1`;

async function page() {
  const { rows } = await pool.query({ name: "page", text: PAGE });
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    price: r.pricePaisa / 100,
    rating: Number(r.ratingAverage),
    seller: { username: r.username },
  }));
  return { products: { totalItems: Number(rows[0]?.estimate ?? 0), items } };
}

async function product(id: string) {
  const [{ rows: found }, { rows: reviews }, { rows: counted }] = await Promise.all([
    pool.query({ name: "product", text: PRODUCT, values: [id] }),
    pool.query({ name: "reviews", text: REVIEWS, values: [id] }),
    pool.query({ name: "review-count", text: REVIEW_COUNT, values: [id] }),
  ]);
  const [p] = found;
  if (!p) return { product: null };
  const items = reviews.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt,
    author: { id: r.authorId, username: r.username },
  }));
  return {
    product: {
      ...p,
      price: p.pricePaisa / 100,
      seller: { id: p.sellerId, username: p.username, storeName: p.storeName, isVerifiedStudent: p.verifiedAt !== null },
      reviews: { items, totalItems: counted[0].count },
    },
  };
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    const data = url.pathname === "/product" ? await product(url.searchParams.get("id") ?? "") : await page();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

if (cluster.isPrimary && processes > 1) for (let i = 0; i < processes; i++) cluster.fork();
else http.createServer((req, res) => void answer(req, res)).listen(Number(process.env.PORT), "127.0.0.1");
