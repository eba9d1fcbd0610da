import { Client } from "pg";
import { CATEGORIES, COLORS } from "../modules/products/catalog";

/**
 * Bench data at catalogue scale, generated inside PostgreSQL (generate_series; no rows cross the
 * wire): sellers, buyers, `products` listings over every category and colour with names and
 * descriptions from word lists, prices across the shop's bands, a year of listing dates, reviews
 * (with the products' rating columns kept in step) and a month of orders for trending.
 */

// six nouns per category, in CATEGORIES order (row i of the flattened array = category i)
export const NOUNS: Record<string, string[]> = {
  accessories: ["Backpack", "Wallet", "Sunglasses", "Watch", "Belt", "Cap"],
  books: ["Textbook", "Novel", "Workbook", "Dictionary", "Guide", "Atlas"],
  clothing: ["Kurta", "Hoodie", "Jacket", "Shalwar Kameez", "Scarf", "Sweater"],
  cosmetics: ["Lipstick", "Face Cream", "Perfume", "Kajal", "Serum", "Nail Polish"],
  electronics: ["Calculator", "Headphones", "Power Bank", "Keyboard", "Mouse", "Speaker"],
  furniture: ["Study Table", "Chair", "Bookshelf", "Lamp", "Mattress", "Shoe Rack"],
  jewellery: ["Bracelet", "Earrings", "Necklace", "Ring", "Bangles", "Anklet"],
  sports: ["Cricket Bat", "Football", "Badminton Racket", "Yoga Mat", "Dumbbells", "Jersey"],
  stationery: ["Notebook", "Pen Set", "Geometry Box", "Marker Set", "Planner", "Sketchbook"],
};
export const ADJECTIVES = [
  "Compact",
  "Classic",
  "Premium",
  "Handmade",
  "Vintage",
  "Lightweight",
  "Durable",
  "Wireless",
  "Portable",
  "Elegant",
  "Basic",
  "Deluxe",
  "Slim",
  "Large",
  "Small",
  "Soft",
  "Sturdy",
  "Modern",
  "Traditional",
  "Foldable",
];
const CONDITIONS = ["brand new, still sealed", "like new, used for one semester", "gently used", "used but in good shape", "a little worn"];
const CAMPUSES = [
  "LUMS",
  "NUST",
  "FAST Lahore",
  "IBA Karachi",
  "GIKI",
  "UET Lahore",
  "COMSATS Islamabad",
  "QAU",
  "NED",
  "Punjab University",
];

const pgArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;

export type BenchData = { products: number; sellers: number; buyers: number; reviews: number; orders: number; generator: number };

/** The generator's version, noted on a kept database: one made by another version is made again. */
export const BENCH_GENERATOR = 2;

/** Runs SQL and answers the rows. */
type Sql = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

export async function generateBenchData(databaseUrl: string, products: number, say: (line: string) => void): Promise<BenchData> {
  // its own connection, without the app's statement and client timeouts: a bulk step at 1M listings runs longer
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sql: Sql = async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[];
    return await generate(sql, products, say);
  } finally {
    await client.end();
  }
}

async function generate(sql: Sql, products: number, say: (line: string) => void): Promise<BenchData> {
  const sellers = Math.max(2000, Math.round(products / 50));
  const buyers = Math.max(5000, Math.round(products / 20));
  const [{ hash }] = await sql(`SELECT "passwordHash" AS hash FROM users LIMIT 1`);
  // one password hash for all: hashing thousands of passwords would only time argon2
  await sql(
    `INSERT INTO users (email, username, "passwordHash", name, role, "sellerType", "storeName")
     SELECT 'bench-seller-' || g || '@example.pk', 'seller' || g, $1, 'Seller ' || g, 'seller',
            CASE WHEN g % 4 = 0 THEN 'business' ELSE 'individual' END::seller_type,
            CASE WHEN g % 4 = 0 THEN 'Store ' || g END
     FROM generate_series(1, $2) g`,
    [hash, sellers],
  );
  await sql(
    `INSERT INTO users (email, username, "passwordHash", name, role)
     SELECT 'bench-buyer-' || g || '@example.pk', 'buyer' || g, $1, 'Buyer ' || g, 'user' FROM generate_series(1, $2) g`,
    [hash, buyers],
  );
  say(`  ${sellers} sellers, ${buyers} buyers`);

  const nouns = CATEGORIES.flatMap((c) => NOUNS[c.slug]);
  const started = Date.now();
  // in batches so one statement's memory stays small at 1M
  for (let from = 1; from <= products; from += 100_000) {
    const to = Math.min(products, from + 99_999);
    await sql(
      `WITH s AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'bench-seller-%'),
            img AS (SELECT array_agg(DISTINCT image) AS urls FROM products),
            r AS (SELECT g, (g * 7 + (random() * 1000)::int) % ${CATEGORIES.length} AS cat, (random() * ${COLORS.length - 1})::int AS col,
                         1 + (random() * ${ADJECTIVES.length - 1})::int AS adj, (random() * 5)::int AS noun,
                         -- listed in the order they were made, as a live table holds them (a year back to now)
                         random() AS band, 1 - (g - random()) / ${products} AS age FROM generate_series($1::int, $2::int) g)
       INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", "oldPricePaisa", image, "createdAt", "updatedAt")
       SELECT s.ids[1 + (r.g::bigint * 7919) % cardinality(s.ids)],
              (${pgArray(ADJECTIVES)})[r.adj] || ' ' || (${pgArray(nouns)})[1 + r.cat * 6 + r.noun],
              'A ' || lower((${pgArray(ADJECTIVES)})[r.adj]) || ' ' || lower((${pgArray(nouns)})[1 + r.cat * 6 + r.noun])
                || ' in ' || (${pgArray(COLORS.map((c) => c.slug))})[1 + r.col] || ', '
                || (${pgArray(CONDITIONS)})[1 + r.g % ${CONDITIONS.length}] || '. Pickup at '
                || (${pgArray(CAMPUSES)})[1 + (r.g / 7) % ${CAMPUSES.length}] || ' or delivery in the city. Listing ' || r.g || '.',
              (${pgArray(CATEGORIES.map((c) => c.slug))})[1 + r.cat],
              (${pgArray(COLORS.map((c) => c.slug))})[1 + r.col],
              -- every price band: a quarter under PKR 50, 50-100, 100-200, and 200 up to ~20,000
              CASE WHEN r.band < 0.25 THEN 1000 + (r.band * 4 * 3900)::int
                   WHEN r.band < 0.5 THEN 5000 + ((r.band - 0.25) * 4 * 5000)::int
                   WHEN r.band < 0.75 THEN 10000 + ((r.band - 0.5) * 4 * 10000)::int
                   ELSE 20000 + (power((r.band - 0.75) * 4, 3) * 2000000)::int END,
              NULL::int,
              img.urls[1 + r.g % cardinality(img.urls)],
              now() - r.age * interval '365 days', now() - r.age * interval '365 days'
       FROM r, s, img`,
      [from, to],
    );
    say(`  ${to} products (${Math.round((Date.now() - started) / 1000)} s)`);
  }

  // reviews: a fifth of the listings get 1-3 reviews from distinct buyers
  await sql(
    `WITH b AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'bench-buyer-%'),
          p AS (SELECT id, row_number() OVER () AS n FROM products TABLESAMPLE BERNOULLI (20))
     INSERT INTO reviews ("userId", "productId", rating, comment, "createdAt")
     SELECT b.ids[1 + (p.n * 3 + k) % cardinality(b.ids)], p.id, 1 + (p.n * 31 + k * 7) % 5,
            (ARRAY['Works as described.', 'Good value for students.', 'Seller was quick to reply.', 'Not as shown in the picture.', 'Would buy again.'])[1 + (p.n + k) % 5],
            now() - random() * interval '300 days'
     FROM p, b, generate_series(1, 1 + (random() * 2)::int) k
     ON CONFLICT DO NOTHING`,
  );
  await sql(
    `UPDATE products p SET "ratingAverage" = r.avg, "ratingCount" = r.n
     FROM (SELECT "productId", round(avg(rating), 2) AS avg, count(*) AS n FROM reviews GROUP BY "productId") r WHERE r."productId" = p.id`,
  );

  // orders: a month of cash-on-delivery checkouts, one line each, over 5,000 popular listings
  const orders = Math.max(20_000, Math.round(products / 5));
  // in batches of 20,000: one statement over 200,000 orders filled the disk with temporary files
  for (let from = 1; from <= orders; from += 20_000) {
    await sql(
      `WITH b AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'bench-buyer-%'),
          hot AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM products ORDER BY random() LIMIT 5000) x),
          picks AS MATERIALIZED (
            SELECT g, gen_random_uuid() AS cs, gen_random_uuid() AS oid, b.ids[1 + g % cardinality(b.ids)] AS buyer, p.*, 1 + g % 3 AS qty,
                   (ARRAY['completed','completed','shipped','pending','confirmed','cancelled'])[1 + g % 6]::order_status AS status,
                   now() - random() * interval '30 days' AS at
            FROM generate_series($1::int, $2::int) g, b, hot
            JOIN LATERAL (SELECT id AS pid, "sellerId" AS sid, name, "pricePaisa" AS price, image FROM products WHERE id = hot.ids[1 + (g * 7) % cardinality(hot.ids)]) p ON true),
          s AS (INSERT INTO checkout_sessions (id, "buyerId", "idempotencyKey", "paymentMethod", "subtotalPaisa", "taxPaisa", "discountPaisa", "totalPaisa", "createdAt")
                SELECT cs, buyer, 'bench-' || g, 'cod', price * qty, 0, 0, price * qty, at FROM picks),
          o AS (INSERT INTO orders (id, "checkoutSessionId", "buyerId", "sellerId", status, "paymentMethod", "subtotalPaisa", "taxPaisa", "discountPaisa", "totalPaisa",
                                   "shippingAddress", "shippingCity", "shippingPostalCode", "shippingCountry", "contactNumber", "createdAt", "updatedAt")
                SELECT oid, cs, buyer, sid, status, 'cod', price * qty, 0, 0, price * qty, 'Hostel ' || g % 12, 'Lahore', '54000', 'Pakistan', '03001234567', at, at FROM picks)
     INSERT INTO order_lines ("orderId", "productId", "productName", "unitPricePaisa", "productImage", quantity, "lineTotalPaisa")
     SELECT oid, pid, name, price, image, qty, price * qty FROM picks`,
      [from, Math.min(orders, from + 19_999)],
    );
  }
  const [{ count: reviews }] = await sql<{ count: number }>(`SELECT count(*)::int AS count FROM reviews`);
  // as autovacuum leaves a settled table: statistics, and the visibility map that index-only scans read
  await sql("VACUUM ANALYZE");
  return { products, sellers, buyers, reviews, orders, generator: BENCH_GENERATOR };
}
