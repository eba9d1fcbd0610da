import type { DataSource } from "typeorm";
import { z } from "zod";
import { ALL_MEETUP_POINTS } from "../meetups";
import { assertPageWithinBound, boundedCount, COUNT_LIMIT, pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { isId, parseInput } from "../../platform/shared/validation";
import type { SharedCache } from "../../platform/cache";
import { plainRows, type PlainRows } from "../../platform/db/plain-rows";
import { plannedQuery, preparedQuery } from "../../platform/db/prepared";
import { onPrimary, type CatalogueReads } from "../../platform/db/replicas";
import type { AuthUser } from "../../platform/auth/roles";
import { PURCHASE_EXCLUDED_STATUSES } from "../../platform/shared/order-statuses";
import { PUBLIC_PROFILE, User, type PublicProfile } from "../users";
import { CAMPUSES, CATALOG_CACHE, CATEGORIES, COLORS, CONDITIONS, PRICE_RANGES } from "./catalog";
import { LISTED, Product, visibleTo } from "./entity";
import {
  ON_SHOW,
  ProductSort,
  orderSql,
  decodeCursor,
  encodeCursor,
  filterConditions,
  keysetCondition,
  listSchema,
  type CatalogFilter,
  type ListInput,
  type ProductPage,
} from "./listing";
import { SEARCH_CANDIDATES, corrections, keptSearchStats, searchPage, searchMonths, type PageQuery } from "./search";
import { CatalogueIndex } from "./catalogue-index";
import type { CompanionSource, ProductCompanion, ProductPageAsks } from "./companions";

const MAX_TRENDING = 50;

/**
 * How long a cached answer lives. A product write drops it at once; sales (trending) and ratings
 * (the first pages' rating sort) move it only through these expiries.
 */
const TRENDING_TTL_SECONDS = 30;
/** For the entry pages and for the bounded count of any filter. */
const FIRST_PAGE_TTL_SECONDS = 10;
/** The sorts whose own index is the price's. */
const PRICE_SORTS = new Set([ProductSort.PRICE_ASC, ProductSort.PRICE_DESC]);
const hasPriceBand = (filter: CatalogFilter) => filter.minPrice != null || filter.maxPrice != null;

const trendingSchema = z.object({
  limit: z
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_TRENDING, `limit must be at most ${MAX_TRENDING}`)
    .default(10),
});

/**
 * The catalogue's reads: the shop listing and search, trending, one product, a seller's own
 * listings, the sitemap. Answers the same for everyone are kept in the shared cache (CATALOG_CACHE),
 * which the reactions to product and order events drop. The public reads go through `reads` (a
 * read replica when one is configured and close enough behind); the seller's own list stays on the
 * primary, where their writes are.
 */
export class CatalogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SharedCache,
    private readonly reads: CatalogueReads = onPrimary(dataSource),
    /** The search index (as the server runs it, in its thread; the benches hold one in theirs). */
    searchIndex?: ConstructorParameters<typeof CatalogueIndex>[1],
  ) {
    this.index = new CatalogueIndex(cache, searchIndex);
  }

  private readonly index: CatalogueIndex;

  private plain?: { products: PlainRows<Product>; sellers: PlainRows<PublicProfile> };

  /** Read from the entities' metadata once the data source is initialised. */
  private get rows() {
    return (this.plain ??= { products: plainRows(this.dataSource, Product), sellers: plainRows(this.dataSource, User, PUBLIC_PROFILE) });
  }

  private get products() {
    return this.dataSource.getRepository(Product);
  }

  async catalogOptions() {
    return {
      categories: CATEGORIES.map(({ slug, label }) => ({ slug, label })),
      colors: COLORS.map(({ slug, label }) => ({ slug, label })),
      priceRanges: PRICE_RANGES.map((range) => ({ ...range })),
      conditions: CONDITIONS.map(({ slug, label }) => ({ slug, label })),
      campuses: CAMPUSES.map(({ slug, label }) => ({ slug, label })),
      listedCampuses: await this.listedCampuses(),
      meetupPoints: ALL_MEETUP_POINTS,
    };
  }

  /** Campuses with listings on show and how many: one grouped query, kept until a product write drops it. */
  private listedCampuses() {
    return this.cache.remember(CATALOG_CACHE, "campuses", FIRST_PAGE_TTL_SECONDS, async () => {
      const rows = await this.reads.read((db) =>
        db
          .getRepository(Product)
          .createQueryBuilder("p")
          .select("campus", "campus")
          .addSelect("COUNT(*)::int", "listings")
          .where(ON_SHOW)
          .andWhere("campus IS NOT NULL")
          .groupBy("campus")
          .getRawMany<{ campus: string; listings: number }>(),
      );
      const counts = new Map(rows.map((r) => [r.campus, r.listings]));
      return CAMPUSES.filter((c) => counts.has(c.slug)).map(({ slug, label }) => ({ slug, label, listings: counts.get(slug)! }));
    });
  }

  /** The shop listing: filters, text search (full-text or typo-tolerant on the name), sort, page. */
  async list(query: {
    filter?: CatalogFilter | null;
    sort?: ProductSort | null;
    page?: number;
    pageSize?: number;
    after?: string | null;
  }): Promise<ProductPage> {
    const input = parseInput(listSchema, { ...query, filter: query.filter ?? {} });
    const { filter, sort, page, pageSize, after } = input;
    // the shop's and home's entry pages (a category, a colour, a sort) are what most visitors open first
    const entryPage = page === 1 && !after && !filter.search && filter.minPrice == null && filter.maxPrice == null && !filter.sellerId;
    if (!entryPage) return this.loadPage(input);
    // the whole parsed filter: a filter added later can never share another filter's entry
    const key = JSON.stringify([filter, sort, pageSize]);
    const cached = await this.cache.remember(CATALOG_CACHE, `page:${key}`, FIRST_PAGE_TTL_SECONDS, () => this.loadPage(input));
    return { ...cached, items: cached.items.map((item) => this.revive(item)) };
  }

  private loadPage(input: ListInput): Promise<ProductPage> {
    return this.reads.read((db) => this.pageFrom(db, input));
  }

  private async pageFrom(db: DataSource, { filter, sort, page, pageSize, after }: ListInput): Promise<ProductPage> {
    const cursor = after ? decodeCursor(after, sort) : null;
    if (!cursor) assertPageWithinBound(page, pageSize);
    // unqualified columns: the same conditions serve the listing and the search's candidate step
    const { conditions, parameters } = filterConditions(filter);
    // keyset (by the sort's index) after a cursor; an offset ranking for relevance and numbered pages
    const ranked = sort === ProductSort.RELEVANCE && Boolean(filter.search);
    const offset = cursor ? (cursor.offset ?? 0) : (page - 1) * pageSize;
    const keyset = cursor?.id ? keysetCondition(sort) : null;
    if (keyset) parameters.after = cursor?.id;
    const query: PageQuery = { conditions, parameters, sort, keyset, offset: keyset ? 0 : offset, limit: pageSize + 1 };
    const [rows, count] = filter.search
      ? await this.searchRows(db, filter, query)
      : await Promise.all([
          this.listRows(db, filter, query),
          // a count moves only with product writes, which drop it: pages 2..n of one filter count once
          this.cache.remember(CATALOG_CACHE, `count:${JSON.stringify(filter)}`, FIRST_PAGE_TTL_SECONDS, () =>
            this.countOf(db, filter, query),
          ),
        ]);
    const items = rows.slice(0, pageSize);
    const more = rows.length > pageSize;
    const last = items[items.length - 1];
    const endCursor = !more || !last ? null : encodeCursor(ranked ? { sort, offset: offset + pageSize } : { sort, id: last.id });
    return { ...toPage(items, count.total, cursor ? 1 : page, pageSize, count.exact), hasNextPage: more, endCursor };
  }

  /** A shop page's rows without words: from the search index when it can answer (listed in order there), else pageRows. */
  private async listRows(db: DataSource, filter: ListInput["filter"], query: PageQuery): Promise<Product[]> {
    const found = await this.index.browse(filter, query);
    if (found) return this.inOrder(db, found.ids);
    return this.pageRows(db, query, { plannedEachTime: hasPriceBand(filter) && !PRICE_SORTS.has(query.sort) });
  }

  /** How many listings a filter without words matches, up to COUNT_LIMIT: counted by the search index when it can, else by the database. */
  private async countOf(db: DataSource, filter: ListInput["filter"], query: PageQuery): Promise<{ total: number; exact: boolean }> {
    const counted = await this.index.count(filter, query, COUNT_LIMIT);
    if (counted !== null) return counted > COUNT_LIMIT ? { total: COUNT_LIMIT, exact: false } : { total: counted, exact: true };
    const matching = db.getRepository(Product).createQueryBuilder("p").setParameters(query.parameters);
    for (const condition of query.conditions) matching.andWhere(condition);
    return boundedCount(matching);
  }

  /** The listings of `ids` with their sellers, in that order (one gone since is left out). */
  private async inOrder(db: DataSource, ids: string[]): Promise<Product[]> {
    const found = ids.length ? await this.withSellers(db, "p.id = ANY($1)", [ids], "p.id") : [];
    const byId = new Map(found.map((product) => [product.id, product]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A page of the rows matching `conditions` (unqualified, over the undeleted products) with their
   * sellers: the ids come from an index-only scan of the sort's covering index (the filters, the
   * offset and the cut tested on index tuples; the shop-covering-indexes migration), and only the
   * page's rows are read from the table. The statement's text is written here, not built by a query
   * builder: it is the same for every page of a filter and sort, and is prepared once per connection,
   * except `plannedEachTime`: a price band sorted by anything but price. A kept generic plan, not
   * knowing how wide the band is, read the price index and sorted every listing of the band (a
   * quarter of a million listings: up to 1 s) where the sort's own index stops at the page.
   */
  private pageRows(
    db: DataSource,
    { conditions, parameters, sort, keyset, offset, limit }: PageQuery,
    { plannedEachTime }: { plannedEachTime: boolean },
  ) {
    const where = [...conditions, `"deletedAt" IS NULL`, ...(keyset ? [keyset] : [])].join(" AND ");
    // the offset and the limit as parameters: one statement text per filter and sort, whatever the page
    const ids = `SELECT p.id FROM products p WHERE ${where} ORDER BY ${orderSql(sort)} OFFSET :offset LIMIT :limit`;
    const [text, values] = db.driver.escapeQueryWithParameters(ids, { ...parameters, offset, limit });
    // the ids as an array, not a join: a third less for PostgreSQL to plan, which it does on every page
    return this.withSellers(db, `p.id = ANY(ARRAY(${text}))`, values, orderSql(sort), plannedEachTime);
  }

  /**
   * Undeleted products matching `where` (SQL over `p`, positional parameters), each with its
   * seller's public profile (`seller`, null when the account is gone), as plain rows in one
   * prepared statement (or one planned each time: plannedQuery).
   */
  private async withSellers(
    db: DataSource,
    where: string,
    parameters: unknown[],
    order: string,
    plannedEachTime = false,
  ): Promise<Product[]> {
    const text = this.withSellersText(where, order);
    const rows = await (plannedEachTime ? plannedQuery : preparedQuery)<Record<string, unknown>>(db, text, parameters);
    return rows.map((row) => this.fromRow(row));
  }

  private fromRow(row: Record<string, unknown>): Product {
    const product = this.rows.products.from(row);
    product.seller = row["seller.id"] == null ? null : this.rows.sellers.from(row, "seller.");
    return product;
  }

  /**
   * withSellers' statement, written once per condition, order and companions (their SQL read as
   * columns `companion.0`, `companion.1`, … after `parameters` placeholders): a text built anew on
   * every call (a product page's, on every view) was flattened and hashed again to find its
   * statement's name.
   */
  private withSellersText(where: string, order: string, parameters = 0, companions: readonly ProductCompanion[] = []): string {
    const key = `${where}\n${order}\n${companions.map((companion) => companion.key).join(" ")}`;
    let text = this.texts.get(key);
    if (text === undefined) {
      let next = parameters;
      const columns = companions.map((companion, i) => {
        const first = next;
        next += companion.values.length;
        return `, (${companion.sql((index) => `$${first + index + 1}`)}) AS "companion.${i}"`;
      });
      text = `SELECT ${this.rows.products.columns("p")}, ${this.rows.sellers.columns("s", "seller.")}${columns.join("")}
       FROM products p LEFT JOIN users s ON s.id = p."sellerId"
       WHERE (${where}) AND p."deletedAt" IS NULL ORDER BY ${order}`;
      this.texts.set(key, text);
    }
    return text;
  }

  /** What a search's months read one at a time are chosen from (searchMonths). */
  private readonly searchStats = keptSearchStats();

  /** Statement texts by condition and order: a fixed set, as every prepared statement's (preparedQuery). */
  private readonly texts = new Map<string, string>();

  /**
   * A search's page rows in order and its bounded count: from the search index when it can answer
   * (CatalogueIndex.search), else from the database's statement with the words' corrections (searchPage).
   */
  private async searchRows(
    db: DataSource,
    filter: ListInput["filter"],
    query: PageQuery,
  ): Promise<[Product[], { total: number; exact: boolean }]> {
    const { ids, total } = (await this.index.search(db, filter, query)) ?? (await this.fromStatement(db, filter.search!, query));
    return [await this.inOrder(db, ids), { total, exact: total < SEARCH_CANDIDATES }];
  }

  /** A search answered by the database's statement, the words corrected from `search_words`. */
  private async fromStatement(db: DataSource, search: string, query: PageQuery) {
    const corrected = await corrections(db, this.cache, search);
    return searchPage(db, { ...query, corrected, months: searchMonths(await this.searchStats(db), search, corrected, new Date()) });
  }

  /** Listed products for the sitemap, most recently changed first (deleted and hidden ones are left out). */
  async sitemapEntries(limit: number): Promise<Array<Pick<Product, "id" | "updatedAt">>> {
    return this.reads.read((db) =>
      db
        .getRepository(Product)
        .createQueryBuilder("p")
        .select(["p.id", "p.updatedAt"])
        .where(LISTED)
        .orderBy("p.updatedAt", "DESC")
        .limit(limit)
        .getMany(),
    );
  }

  /** Other modules' reads that a product page makes in the listing's statement (ProductCompanion); added by app/ at start. */
  private readonly companionSources: CompanionSource[] = [];

  readAlongsideProductPages(...sources: CompanionSource[]): void {
    this.companionSources.push(...sources);
  }

  /**
   * A listed product, or null when the id is unknown, deleted or not an id at all. A listing hidden
   * by moderation is found only by its seller and admins (`viewer`); to anyone else it does not exist.
   * `page`: what a product page asks besides the listing, which its companions read in the same
   * statement and hand to the request's loaders.
   */
  async byId(id: string, viewer: AuthUser | null, page?: ProductPageAsks): Promise<Product | null> {
    if (!isId(id)) return null;
    const companions = page ? this.companionSources.flatMap((source) => source(page) ?? []) : [];
    const text = this.withSellersText("p.id = $1", "p.id", 1, companions);
    const values = [id, ...companions.flatMap((companion) => companion.values)];
    // its seller in the same statement: a product page shows them (ProductResolver.product)
    const product = await this.reads.read(
      async (db) => {
        const [row] = await preparedQuery<Record<string, unknown>>(db, text, values);
        if (!row) return null;
        const found = this.fromRow(row);
        // the companions were read on the primary before: from a replica, only for a reader without writes of their own
        if (db === this.dataSource || viewer === null)
          companions.forEach((companion, i) => companion.take(row[`companion.${i}`], found.id));
        return found;
      },
      {
        // the signed-in seller sees their own write at once: their listing, or one just listed
        recheck: (found) => viewer !== null && (found === null || found.sellerId === viewer.id),
      },
    );
    return visibleTo(product, viewer);
  }

  /**
   * The home page's trending list. Score = 2 * units sold in the last 30 days (orders neither
   * rejected nor cancelled) + ratingAverage * ln(1 + ratingCount): recent sales count most, and
   * a rating weighs more the more reviews back it. Ties go to the newest product.
   */
  async trending(input: { limit?: number | null }): Promise<Product[]> {
    const { limit } = parseInput(trendingSchema, { limit: input.limit ?? undefined });
    const products = await this.cache.remember(CATALOG_CACHE, `trending:${limit}`, TRENDING_TTL_SECONDS, () => this.loadTrending(limit));
    return products.map((product) => this.revive(product));
  }

  private loadTrending(limit: number): Promise<Product[]> {
    return this.reads.read((db) => this.trendingFrom(db, limit));
  }

  private trendingFrom(db: DataSource, limit: number): Promise<Product[]> {
    const sales = `SELECT l."productId", sum(l.quantity) AS units FROM order_lines l JOIN orders o ON o.id = l."orderId"
                   WHERE o.status NOT IN (:...excluded) AND o."createdAt" >= now() - interval '30 days' GROUP BY l."productId"`;
    // candidates: every product sold in the window, plus the best `limit` by the rating part alone
    // (an unsold product outside those cannot outscore them); the rating part has its own index
    const rated = `SELECT id FROM products WHERE "deletedAt" IS NULL AND ${ON_SHOW}
                   ORDER BY ("ratingAverage" * ln(1 + "ratingCount")) DESC, "createdAt" DESC, id DESC LIMIT :limit`;
    return db
      .getRepository(Product)
      .createQueryBuilder("p")
      .leftJoin(`(${sales})`, "sales", `sales."productId" = p.id`)
      .where(`p.id IN (SELECT "productId" FROM (${sales}) sold UNION (${rated}))`)
      .andWhere(ON_SHOW)
      .setParameters({ excluded: PURCHASE_EXCLUDED_STATUSES, limit })
      .addSelect(`2 * COALESCE(sales.units, 0) + p."ratingAverage" * ln(1 + p."ratingCount")`, "score")
      .orderBy("score", "DESC")
      .addOrderBy("p.createdAt", "DESC")
      .addOrderBy("p.id", "DESC")
      .limit(limit)
      .getMany();
  }

  /** A product back from the cache's JSON: its dates (and its seller's) as dates again. */
  private revive(json: Product): Product {
    const product = this.rows.products.revive(json);
    if (json.seller) product.seller = this.rows.sellers.revive(json.seller);
    return product;
  }

  /** The caller's own listings, newest first. */
  async mine(seller: AuthUser, paging: { page?: number; pageSize?: number }): Promise<Page<Product>> {
    const { page, pageSize } = parseInput(pageInput(10), paging);
    const [items, totalItems] = await this.products.findAndCount({
      where: { sellerId: seller.id },
      order: { createdAt: "DESC", id: "DESC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return toPage(items, totalItems, page, pageSize);
  }
}
