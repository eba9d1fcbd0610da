import { performance } from "node:perf_hooks";
import type { RunningServer } from "../app/server";
import { ListingAlerts } from "../modules/alerts/matching";
import { CAMPUSES, CATEGORIES, CONDITIONS } from "../modules/products/catalog";
import { ADJECTIVES, NOUNS } from "./data";

/** Saved searches and open wanted posts the matching runs against. */
const SAVED_SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);
const WANTED_POSTS = Number(process.env.BENCH_WANTED_POSTS ?? 2_000);
/** New listings timed, one after another. */
const LISTINGS = Number(process.env.BENCH_NEW_LISTINGS ?? 500);

const pgArray = (values: readonly string[]) => `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}])`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Saved-search matching at catalogue scale: SAVED_SEARCHES saved searches of the bench buyers (words
 * from the listings' own word lists: an adjective and a noun for 60%, a noun for 35%, none for 5%; a
 * category for 80%, a price ceiling for 40%, a condition for 20%, a campus for 10%; one in ten with
 * the alert off) and WANTED_POSTS
 * open wanted posts; then LISTINGS existing listings, one at a time, each matched as the
 * `alerts.match` job matches a new one (ListingAlerts.match: the one statement), in a transaction
 * rolled back so every listing is new to every search. Prints p50, p99 and mean per listing.
 */
export async function benchSavedSearchMatching(server: RunningServer, say: (line: string) => void): Promise<void> {
  const db = server.dataSource;
  const nouns = CATEGORIES.flatMap((c) => NOUNS[c.slug].map((noun) => `${c.slug}|${noun.toLowerCase()}`));
  await db.query(
    `WITH b AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'bench-buyer-%'),
          r AS (SELECT g, ${pgArray(nouns)}[1 + (random() * ${nouns.length - 1})::int] AS pick,
                       ${pgArray(ADJECTIVES.map((a) => a.toLowerCase()))}[1 + (random() * ${ADJECTIVES.length - 1})::int] AS adj,
                       random() AS a, random() AS c, random() AS p, random() AS k, random() AS o
                  FROM generate_series(1, $1::int) g),
          t AS (SELECT r.*, split_part(pick, '|', 1) AS cat, split_part(pick, '|', 2) AS noun,
                       CASE WHEN a < 0.05 THEN NULL WHEN a < 0.65 THEN adj || ' ' || split_part(pick, '|', 2) ELSE split_part(pick, '|', 2) END AS words
                  FROM r)
     INSERT INTO saved_searches ("userId", search, words, category, condition, campus, "maxPricePaisa", alert)
     SELECT b.ids[1 + (t.g * 7919) % cardinality(b.ids)], t.words, websearch_to_tsquery('simple', t.words),
            CASE WHEN c < 0.8 THEN t.cat END,
            CASE WHEN k < 0.2 THEN ${pgArray(CONDITIONS.map((x) => x.slug))}[1 + (random() * ${CONDITIONS.length - 1})::int] END,
            CASE WHEN o < 0.1 THEN ${pgArray(CAMPUSES.map((x) => x.slug))}[1 + (random() * ${CAMPUSES.length - 1})::int] END,
            CASE WHEN p < 0.4 THEN (500 + (random() * 20000)::int) * 100 END,
            t.g % 10 <> 0
       FROM t, b`,
    [SAVED_SEARCHES],
  );
  await db.query(
    `WITH b AS (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'bench-buyer-%'),
          r AS (SELECT g, ${pgArray(nouns)}[1 + (random() * ${nouns.length - 1})::int] AS pick FROM generate_series(1, $1::int) g)
     INSERT INTO wanted_posts ("authorId", title, category, "maxPricePaisa", words, "expiresAt")
     SELECT b.ids[1 + (r.g * 104729) % cardinality(b.ids)], initcap(split_part(pick, '|', 2)), split_part(pick, '|', 1),
            (1000 + (random() * 20000)::int) * 100, plainto_tsquery('simple', split_part(pick, '|', 2)), now() + interval '14 days'
       FROM r, b`,
    [WANTED_POSTS],
  );
  await db.query(`ANALYZE saved_searches; ANALYZE wanted_posts`);
  const listings: Array<{ id: string }> = await db.query(
    `SELECT id FROM products WHERE "deletedAt" IS NULL AND "hiddenAt" IS NULL AND "quantityAvailable" > 0 ORDER BY md5(id::text) LIMIT $1`,
    [LISTINGS],
  );
  const { notifications, jobs, mailer, clock } = server.services;
  const alerts = new ListingAlerts(notifications, jobs, mailer, clock);
  const times: number[] = [];
  let matched = 0;
  const rollback = new Error("rollback");
  for (const { id } of listings) {
    await db
      .transaction(async (manager) => {
        const started = performance.now();
        matched += (await alerts.match(manager, id)).length;
        times.push(performance.now() - started);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  say(
    `| saved search matching: one new listing against ${SAVED_SEARCHES.toLocaleString("en-US")} saved searches and ` +
      `${WANTED_POSTS.toLocaleString("en-US")} wanted posts | ${times.length} | ${percentile(sorted, 50).toFixed(2)} ms | ` +
      `${percentile(sorted, 99).toFixed(2)} ms | ${mean.toFixed(2)} ms | ${(matched / times.length).toFixed(1)} |`,
  );
}
