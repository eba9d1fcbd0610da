import cluster from "node:cluster";
import http from "node:http";
import pg from "pg";
import { orderSql } from "../modules/products/listing";
import { statementName } from "../platform/db/prepared";
import { wordTerm } from "../modules/products/search";
import { correctedQuery, searchWords } from "../modules/products/search-words";
import { filterWhere, searchCandidates, statsOn, type ShopVariables } from "./search-statement";
import { stackFloor } from "./stack-floor";

/**
 * The bench's floors: bare `node:http` + `pg` handlers with the least SQL there is. `/` is the
 * shop's first page (8 newest listings with their sellers' names, and the planner's row estimate
 * instead of a count); `/product?id=` a product page (the product with its seller, its 10 newest
 * reviews with their authors, and its review count: 3 statements). `POST /shop` and `POST /search`
 * take a long-tail request's variables and run the statements the app runs for them, each counted
 * or corrected word kept as long as the app keeps it (in process, as the app without Redis does),
 * and prepared as the app prepares them; they answer the rows the page shows. `POST /graphql` is
 * the named stack alone over the product page's statements (stack-floor.ts). `npm run bench` runs
 * them next to the real server and prints each scenario's ratio to one of them. Started as a child process:
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

/** A value kept for `seconds`, as the app keeps counts (10 s), word corrections (60 s) and the search statistics (10 min). */
const kept = new Map<string, { until: number; value: Promise<unknown> }>();
function remember<T>(key: string, seconds: number, load: () => Promise<T>): Promise<T> {
  const hit = kept.get(key);
  if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
  const value = load();
  kept.set(key, { until: Date.now() + seconds * 1000, value });
  return value;
}

/** A statement prepared under a name of its text, as the app's preparedQuery sends it. */
const prepared = <T extends pg.QueryResultRow>(text: string, values: unknown[]) =>
  pool.query<T>({ name: statementName(text), text, values });

/** The page's products with their sellers, in the page's order. */
const WITH_SELLERS = (where: string, order: string) =>
  `SELECT p.*, s.username, s."storeName", s."verifiedAt" FROM products p LEFT JOIN users s ON s.id = p."sellerId"
    WHERE (${where}) AND p."deletedAt" IS NULL ORDER BY ${order}`;

const shopItem = (r: Record<string, unknown>) => ({
  ...r,
  price: Number(r.pricePaisa) / 100,
  seller: { id: r.sellerId, username: r.username, storeName: r.storeName, isVerifiedStudent: r.verifiedAt !== null },
});

/**
 * A shop page: ids from the sort's covering index, the rows with sellers, and the bounded count kept
 * per filter; a price band sorted by anything but price planned each time, as the app plans it.
 */
async function shop({ filter, sort, page: number, pageSize }: ShopVariables) {
  const { where, values } = filterWhere(filter);
  const bounded = `SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${where} LIMIT 10001) bounded`;
  const counted = [...values];
  const ids = `SELECT p.id FROM products p WHERE ${where} ORDER BY ${orderSql(sort)} OFFSET $${values.push((number - 1) * pageSize)} LIMIT $${values.push(pageSize + 1)}`;
  const [{ rows }, total] = await Promise.all([
    (filter.minPrice != null || filter.maxPrice != null) && !sort.startsWith("PRICE")
      ? pool.query(WITH_SELLERS(`p.id = ANY(ARRAY(${ids}))`, orderSql(sort)), values)
      : prepared(WITH_SELLERS(`p.id = ANY(ARRAY(${ids}))`, orderSql(sort)), values),
    remember(`count:${JSON.stringify(filter)}`, 10, async () => (await pool.query<{ n: number }>(bounded, counted)).rows[0].n),
  ]);
  return { products: { items: rows.slice(0, pageSize).map(shopItem), totalItems: total } };
}

/** A search: its unknown words corrected (kept per word), its candidates ranked and counted in one statement, the page's rows. */
async function search({ filter, sort, pageSize }: ShopVariables) {
  const text = filter.search ?? "";
  const terms = await Promise.all(
    searchWords(text).map((word) =>
      remember(`word:${word}`, 60, () => wordTerm(async (statement, values) => (await prepared(statement, values)).rows, word)),
    ),
  );
  const corrected = correctedQuery(terms);
  const stats = await remember("search-stats", 600, () => statsOn(pool));
  const candidates = searchCandidates({ filter, sort, page: 1, pageSize }, corrected, stats);
  const { rows: page } = await prepared<{ total: number; id: string | null }>(candidates.text, candidates.values);
  const ids = page.flatMap((row) => (row.id ? [row.id] : []));
  const { rows } = ids.length ? await prepared(WITH_SELLERS("p.id = ANY($1)", "p.id"), [ids]) : { rows: [] };
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.slice(0, pageSize).flatMap((id) => byId.get(id) ?? []);
  return { products: { items: items.map(shopItem), totalItems: page[0]?.total ?? 0 } };
}

async function body(req: http.IncomingMessage): Promise<ShopVariables> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return (JSON.parse(Buffer.concat(chunks).toString()) as { variables: ShopVariables }).variables;
}

const stack = stackFloor(product);

async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    if (url.pathname === "/graphql") return await (await stack)(req, res);
    const data =
      url.pathname === "/product"
        ? await product(url.searchParams.get("id") ?? "")
        : url.pathname === "/shop"
          ? await shop(await body(req))
          : url.pathname === "/search"
            ? await search(await body(req))
            : await page();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data }));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

if (cluster.isPrimary && processes > 1) for (let i = 0; i < processes; i++) cluster.fork();
else http.createServer((req, res) => void answer(req, res)).listen(Number(process.env.PORT), "127.0.0.1");
