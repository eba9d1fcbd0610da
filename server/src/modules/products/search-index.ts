import { Pool, type PoolConfig, type QueryConfig } from "pg";
import type { Logger } from "pino";
import { Catalogue, type IndexBrowse, type IndexFilter, type IndexSearch } from "./search-catalogue";
import type { DocRow } from "./search-store";
import type { TsQuery } from "./search-rank";

/**
 * The listings' words kept in this process, so a search is answered without asking PostgreSQL to
 * walk its word index (the cost of a search at a million listings: docs/benchmarks.md). It answers
 * what the database's search statement (search.ts: searchStatement) answers, from the same data:
 * the listings whose `search_vector` matches the search's tsquery and the filters, the newest
 * SEARCH_CANDIDATES of them, ranked by `ts_rank(search_vector, query) + similarity(search, name)`
 * (search-rank.ts ports both) and sorted and cut as the statement sorts and cuts them. PostgreSQL
 * still parses the search into its tsquery and reads the page's rows; what this index cannot answer
 * (before it has loaded, a query with a prefix or weights, a search by verified sellers, a cursor
 * after a listing deleted since) goes to the statement.
 *
 * It loads every undeleted listing once (in batches, in the background), then follows the table's
 * writes through `searchXid` (migration SearchFeed): before answering, a search waits for a read of
 * what changed that began after the search arrived, so it sees every write committed before it,
 * as the statement would. One such read serves every search that arrived while the one before ran.
 *
 * It answers the shop's pages without words and their counts the same way (Catalogue.browse,
 * count), as the listing's statements would.
 *
 * The server runs it in a worker thread of its own (SearchIndexThread); this class is the index
 * itself, as that thread holds it.
 */
export class SearchIndex {
  private catalogue = new Catalogue();
  private state: IndexStatus = "off";
  /** The oldest transaction whose writes may not have been read yet (xid8 as text). */
  private horizon = "0";
  /** search_feed_resets as last read: a move means rows were removed, so everything is read again. */
  private resets = "";
  private loading?: Promise<void>;
  private running?: Promise<void>;
  private queued?: Promise<void>;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly options: {
      logger?: IndexLogger;
      unicodeWords?: boolean;
      /** Told every change of status(). */
      onStatus?: (status: IndexStatus) => void;
    } = {},
  ) {
    // an idle connection ended by the server (a restart, pg_terminate_backend) is an error event on
    // the pool: unheard, it would end the process. The pool drops that connection and opens another.
    pool.on("error", (error) => options.logger?.warn({ err: error }, "the search index's database connection was closed"));
  }

  /** An index of the primary `connection` names, on a connection of its own (the load's long reads take none of the app's). */
  static on(connection: PoolConfig, options?: SearchIndex["options"]): SearchIndex {
    return new SearchIndex(new Pool({ ...connection, max: 1, application_name: SEARCH_INDEX_CONNECTION }), options);
  }

  /** Whether searches are answered here yet (for /ready and the admins' status). */
  status(): IndexStatus {
    return this.state;
  }

  private become(state: IndexStatus): void {
    this.state = state;
    this.options.onStatus?.(state);
  }

  /** Searches, shop pages and counts answered here, and those left to the database (a query or filter it does not follow). */
  readonly answered = { here: 0, left: 0 };

  /** Loads the listings in the background; searches go to the database until it is done. */
  start(): void {
    if (this.state === "off") this.load();
  }

  /** Reads every listing in the background (searches go to the database meanwhile), then answers from them. */
  private load(): void {
    if (this.closed) return;
    this.become("loading");
    this.loading = this.reload().then(
      () => {
        if (!this.closed) this.become("ready");
      },
      (error: unknown) => {
        this.become("failed");
        this.options.logger?.error({ err: error }, "the search index could not load the listings: searches use the database");
      },
    );
  }

  /** Resolves once the first load has ended (ready, or failed: see status). */
  async loaded(): Promise<void> {
    await this.loading;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.loading, this.running, this.queued]);
    await this.pool.end();
  }

  /** Every undeleted listing read into a new catalogue, which then replaces the one searched. */
  private async reload(): Promise<void> {
    const [mark] = (await this.pool.query<{ horizon: string; resets: string }>(HORIZON)).rows;
    const unicode = this.options.unicodeWords ?? (await this.pool.query<{ c: boolean }>(UNICODE_WORDS)).rows[0].c;
    const catalogue = new Catalogue(unicode);
    let after: [string, string] | null = null;
    for (;;) {
      const { rows }: { rows: DocRow[] } = await this.pool.query<DocRow>(after ? NEXT_BATCH : FIRST_BATCH, after ?? []);
      for (const row of rows) catalogue.put(row);
      if (rows.length < LOAD_BATCH) break;
      after = [rows[rows.length - 1].createdMicros, rows[rows.length - 1].id];
      if (this.closed) return;
    }
    catalogue.compact();
    this.catalogue = catalogue;
    this.horizon = mark.horizon;
    this.resets = mark.resets;
  }

  /**
   * Resolves once a read of the changes that began after this call has been applied: the index
   * then holds every write committed before the call. Calls made while one read runs share the next.
   */
  fresh(): Promise<void> {
    if (!this.running) {
      this.running = this.readChanges().finally(() => (this.running = undefined));
      return this.running;
    }
    return (this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.fresh();
      }));
  }

  private async readChanges(): Promise<void> {
    // pg reads query_timeout from a query's config too (its types name it only for the pool)
    const timeout = { query_timeout: CHANGES_TIMEOUT_MS };
    // most reads find nothing new: a statement without parameters, planned once for the connection,
    // says so (a read of the rows planned anew each time, its planning alone 0.3 ms of PostgreSQL's CPU)
    const probe: QueryConfig & typeof timeout = { name: "search-index-probe", text: PROBE, ...timeout };
    const [mark] = (await this.pool.query<{ horizon: string; resets: string; newest: string | null }>(probe)).rows;
    if (mark.resets !== this.resets) return this.load();
    if (mark.newest === null || BigInt(mark.newest) < BigInt(this.horizon)) {
      // no listing written since the horizon is visible: one written later is by a transaction still
      // running at the probe, so at or past its horizon
      this.horizon = mark.horizon;
      return;
    }
    const changes: QueryConfig & typeof timeout = { text: CHANGES, values: [this.horizon], ...timeout };
    const { rows } = await this.pool.query<DocRow & { horizon: string; resets: string }>(changes);
    if (rows[0].resets !== this.resets) return this.load();
    for (const row of rows) if (row.id !== null) this.catalogue.put(row);
    this.horizon = rows[0].horizon;
    this.catalogue.compactWhenWasteful();
  }

  /**
   * A search's page and candidate count, or null when the database must answer it (not loaded,
   * a query shape or filter the index does not follow, a cursor after a listing it does not hold).
   */
  async search(search: IndexSearch): Promise<IndexAnswer | null> {
    if (this.state === "ready" && !answerable(search.query)) {
      this.answered.left++;
      return null;
    }
    return this.fromCatalogue((catalogue) => catalogue.search(search, Date.now() * 1000));
  }

  /** A shop page without words (Catalogue.browse), or null when the database must answer it. */
  browse(browse: IndexBrowse): Promise<{ ids: string[] } | null> {
    return this.fromCatalogue((catalogue) => catalogue.browse(browse, Date.now() * 1000));
  }

  /** How many listings on show pass `filter`, up to `upTo` + 1 (Catalogue.count), or null when the database must count them. */
  count(filter: IndexFilter, upTo: number): Promise<number | null> {
    return this.fromCatalogue((catalogue) => catalogue.count(filter, upTo, Date.now() * 1000));
  }

  /** What `read` finds in the catalogue once it holds every write committed before this call; null when it is not ready or cannot tell. */
  private async fromCatalogue<T>(read: (catalogue: Catalogue) => T | null): Promise<T | null> {
    if (this.state !== "ready") return null;
    try {
      await this.fresh();
    } catch {
      // the primary did not answer the read of the changes (a replica may still answer the statement)
      this.answered.left++;
      return null;
    }
    // rows removed outright: every listing is being read again
    const found = this.state === "ready" ? read(this.catalogue) : null;
    this.answered[found === null ? "left" : "here"]++;
    return found;
  }
}

export type IndexStatus = "loading" | "ready" | "failed" | "off";

/** What the index logs with (pino's logger, or the worker thread's messages to the one of the server). */
export type IndexLogger = Pick<Logger, "warn" | "error">;

/** A search's page and candidate count as the index answers it. */
export type IndexAnswer = { ids: string[]; total: number };

/** Prefix and weight restrictions (`lamp:*`, `lamp:A`) never come from a search box: left to the database. */
function answerable(query: TsQuery): boolean {
  switch (query.kind) {
    case "term":
      return !query.prefix && query.weights === 0;
    case "not":
      return answerable(query.arg);
    default:
      return answerable(query.left) && answerable(query.right);
  }
}

/** The index's connection as PostgreSQL lists it (pg_stat_activity.application_name). */
export const SEARCH_INDEX_CONNECTION = "unibazaar search index";

/** How long a search waits for the read of the changes (a millisecond or two) before the statement answers it instead. */
const CHANGES_TIMEOUT_MS = 2_000;

/** Listings read a batch at a time while loading, oldest first, so their slots come in the order they were listed (search-catalogue.ts: newest). */
const LOAD_BATCH = 20_000;

/** A listing's columns as the index keeps them: times in microseconds (as PostgreSQL orders them), the rating as text (numeric). */
const DOC_COLUMNS = `p.id, (extract(epoch FROM p."createdAt") * 1000000)::int8::text AS "createdMicros",
  (extract(epoch FROM p."soldOutAt") * 1000000)::int8::text AS "soldOutMicros", p."pricePaisa", p."ratingAverage"::text AS "ratingAverage",
  p."ratingCount", p.category, p.color, p.condition, p.campus, p."sellerId", p."quantityAvailable",
  p."hiddenAt" IS NULL AND NOT p."sellerSuspended" AS listed, p."deletedAt" IS NOT NULL AS deleted, p.name, p.search_vector::text AS vector`;

/** The oldest transaction still running (every older one's writes are visible), and the resets count. */
const HORIZON = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon, (SELECT resets FROM search_feed_resets)::text AS resets`;
/** The horizon and the newest transaction that wrote a listing (the end of products_search_xid_idx). */
const PROBE = `SELECT h.*, (SELECT max("searchXid") FROM products)::text AS newest FROM (${HORIZON}) h`;
/** pg_trgm takes letters beyond ASCII as word characters unless the database's LC_CTYPE is C or POSIX. */
const UNICODE_WORDS = `SELECT datctype NOT IN ('C', 'POSIX') AS c FROM pg_database WHERE datname = current_database()`;
const FIRST_BATCH = `SELECT ${DOC_COLUMNS} FROM products p WHERE p."deletedAt" IS NULL ORDER BY p."createdAt", p.id LIMIT ${LOAD_BATCH}`;
const NEXT_BATCH = `SELECT ${DOC_COLUMNS} FROM products p
  WHERE p."deletedAt" IS NULL AND (p."createdAt", p.id) > ('epoch'::timestamptz + $1::int8 * interval '1 microsecond', $2::uuid)
  ORDER BY p."createdAt", p.id LIMIT ${LOAD_BATCH}`;
/** The rows written since `$1` (deleted ones too, to remove them), with the next horizon: one row with a null id when none. */
const CHANGES = `SELECT h.horizon, h.resets, ${DOC_COLUMNS}
  FROM (${HORIZON}) h LEFT JOIN products p ON p."searchXid" >= $1::xid8 ORDER BY p."createdAt", p.id`;
