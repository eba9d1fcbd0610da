import { type DataSource, type EntityManager, type SelectQueryBuilder } from "typeorm";
import { ALL_MEETUP_POINTS } from "../meetups/points";
import type { EventBus } from "../../platform/events";
import { z } from "zod";
import { isOwnImagePath, NOT_OWN_IMAGE, storedImageAddress } from "../../platform/http/public-url";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { formatPKR, MAX_PRICE_PKR, MAX_PRODUCT_PHOTOS, priceRule } from "@unibazaar/rules";
import { toPaisa, toRupees } from "../../platform/shared/money";
import { COUNT_LIMIT, assertPageWithinBound, boundedCount, pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { idRule, isId, parseInput } from "../../platform/shared/validation";
import type { SharedCache } from "../../platform/cache";
import { PURCHASE_EXCLUDED_STATUSES, RETURNABLE_STATUSES } from "../orders/transitions";
import {
  CAMPUSES,
  CATALOG_CACHE,
  CATEGORIES,
  COLORS,
  CONDITIONS,
  DEFAULT_CONDITION,
  PRICE_RANGES,
  normalizeCampus,
  normalizeCategory,
  normalizeColor,
  normalizeCondition,
} from "./catalog";
import { LISTED, Product, visibleTo } from "./entity";
import { User } from "../users/entity";
import { universityOf } from "../verification/universities";
import type { AppConfig } from "../../platform/config";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { COPIED_PHOTO_HOLD, copiedPhotoOf } from "../screening/photos";

export enum ProductSort {
  NEWEST = "NEWEST",
  PRICE_ASC = "PRICE_ASC",
  PRICE_DESC = "PRICE_DESC",
  RATING = "RATING",
  RELEVANCE = "RELEVANCE",
}

const MAX_SEARCH_LENGTH = 100;
const MAX_TRENDING = 50;
/** How many matches a search ranks at most (see loadPage). */
const SEARCH_CANDIDATES = 1000;
/**
 * How long a cached answer lives. A product write drops it at once; sales (trending) and ratings
 * (the first pages' rating sort) move it only through these expiries.
 */
const TRENDING_TTL_SECONDS = 30;
/** For the entry pages and for the bounded count of any filter. */
const FIRST_PAGE_TTL_SECONDS = 10;
export const MAX_QUANTITY_AVAILABLE = 999;
export const SELLERS_MUST_VERIFY =
  "Only verified students can sell on UniBazaar. Verify your university e-mail on your profile page first.";
/** How long a sold listing stays in the shop (shown as "Sold") before it leaves the lists. */
export const SOLD_VISIBLE_DAYS = 3;
/**
 * Listings the shop shows: listed (not hidden by moderation) and for sale, or sold within
 * SOLD_VISIBLE_DAYS (unqualified columns).
 */
const ON_SHOW = `(${LISTED} AND ("quantityAvailable" > 0 OR "soldOutAt" > now() - interval '${SOLD_VISIBLE_DAYS} days'))`;

const quantityRule = (min: number) =>
  z
    .number({ error: `Quantity must be a whole number from ${min} to ${MAX_QUANTITY_AVAILABLE}.` })
    .int(`Quantity must be a whole number from ${min} to ${MAX_QUANTITY_AVAILABLE}.`)
    .min(min, `Quantity must be a whole number from ${min} to ${MAX_QUANTITY_AVAILABLE}.`)
    .max(MAX_QUANTITY_AVAILABLE, `Quantity must be a whole number from ${min} to ${MAX_QUANTITY_AVAILABLE}.`);

/** A picture uploaded here (`uploadImage`), stored as its own path. */
const imageRule = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(500, "Image URL must be at most 500 characters.")
    .transform(storedImageAddress)
    .refine(isOwnImagePath, NOT_OWN_IMAGE);

const productFields = {
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(2, "Name must be 2 to 120 characters.")
    .max(120, "Name must be 2 to 120 characters."),
  description: z
    .string({ error: "Description is required." })
    .trim()
    .min(10, "Description must be 10 to 2000 characters.")
    .max(2000, "Description must be 10 to 2000 characters."),
  category: z.string({ error: "Category is required." }).transform((value, ctx) => {
    const slug = normalizeCategory(value);
    if (!slug) ctx.addIssue({ code: "custom", message: `Choose a category: ${CATEGORIES.map((c) => c.slug).join(", ")}.` });
    return slug ?? z.NEVER;
  }),
  // optional (a textbook has none): null or "" means none, and clears it on an edit
  color: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value == null || !value.trim()) return value === undefined ? undefined : null;
      const slug = normalizeColor(value);
      if (!slug) ctx.addIssue({ code: "custom", message: `Choose a colour: ${COLORS.map((c) => c.slug).join(", ")}.` });
      return slug ?? z.NEVER;
    }),
  price: priceRule("Price"),
  oldPrice: priceRule("Old price").nullish(),
  condition: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value == null) return undefined;
      const slug = normalizeCondition(value);
      if (!slug) ctx.addIssue({ code: "custom", message: `Choose a condition: ${CONDITIONS.map((c) => c.slug).join(", ")}.` });
      return slug ?? z.NEVER;
    }),
  // null or "" clears it
  campus: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value == null || !value.trim()) return value === undefined ? undefined : null;
      const slug = normalizeCampus(value);
      if (!slug) ctx.addIssue({ code: "custom", message: "Choose a campus from the list." });
      return slug ?? z.NEVER;
    }),
  image: imageRule("Image is required."),
  // the photos after the main one, in the seller's order
  gallery: z
    .array(imageRule("A photo address is empty."), { error: "Gallery must be a list of photo addresses." })
    .max(MAX_PRODUCT_PHOTOS - 1, `A listing has at most ${MAX_PRODUCT_PHOTOS} photos.`)
    .nullish()
    .transform((urls) => (urls === undefined ? undefined : (urls ?? []))),
};

const oldPriceAbovePrice = (v: { price?: number; oldPrice?: number | null }, ctx: z.RefinementCtx) => {
  if (v.oldPrice != null && v.price !== undefined && v.oldPrice <= v.price) {
    ctx.addIssue({ code: "custom", path: ["oldPrice"], message: "Old price must be higher than the price." });
  }
};

// a new listing has something to sell; an edit may set 0 (sold elsewhere) or relist with 1 or more
const createSchema = z.object({ ...productFields, quantityAvailable: quantityRule(1).nullish() }).superRefine(oldPriceAbovePrice);
const updateSchema = z.object({ ...productFields, quantityAvailable: quantityRule(0) }).partial();

/** A product as a seller sends it; prices in PKR. The service validates every field. */
export type ProductFields = {
  name: string;
  description: string;
  category: string;
  /** A colour slug; null or "" for none. */
  color?: string | null;
  price: number;
  oldPrice?: number | null;
  /** The main photo. */
  image: string;
  /** The photos after the main one, in order (none unless given). */
  gallery?: string[] | null;
  /** Units for sale (1 unless given). */
  quantityAvailable?: number | null;
  /** A condition slug ("good" unless given). */
  condition?: string | null;
  /** A campus slug; null or "" for none. */
  campus?: string | null;
};

export type CatalogFilter = {
  category?: string | null;
  color?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  sellerId?: string | null;
  search?: string | null;
  campus?: string | null;
  condition?: string | null;
  /** Only listings of verified students. */
  verifiedSellersOnly?: boolean | null;
};

/** "all" and "" are what the shop's select sends for "no filter". */
const optionalChoice = (normalize: (v: string) => string | undefined, message: string) =>
  z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const trimmed = value?.trim().toLowerCase();
      if (!trimmed || trimmed === "all") return undefined;
      const slug = normalize(trimmed);
      if (!slug) ctx.addIssue({ code: "custom", message });
      return slug ?? z.NEVER;
    });

const boundRule = z
  .number({ error: "Price must be a number." })
  .min(0, "Price must not be negative.")
  .max(MAX_PRICE_PKR, `Price must be at most ${formatPKR(MAX_PRICE_PKR)}.`)
  .nullish();

const listSchema = pageInput(8).extend({
  filter: z
    .object({
      category: optionalChoice(normalizeCategory, "Unknown category."),
      color: optionalChoice(normalizeColor, "Unknown colour."),
      minPrice: boundRule,
      maxPrice: boundRule,
      sellerId: idRule("sellerId must be a valid id.").nullish(),
      campus: optionalChoice(normalizeCampus, "Unknown campus."),
      condition: optionalChoice(normalizeCondition, "Unknown condition."),
      // false and absent are the same filter (and the same cache entry)
      verifiedSellersOnly: z
        .boolean({ error: "verifiedSellersOnly must be true or false." })
        .nullish()
        .transform((v) => v || undefined),
      search: z
        .string()
        .max(MAX_SEARCH_LENGTH, `Search must be at most ${MAX_SEARCH_LENGTH} characters.`)
        .nullish()
        .transform((v) => v?.trim().toLowerCase() || undefined),
    })
    .superRefine((f, ctx) => {
      if (f.minPrice != null && f.maxPrice != null && f.minPrice > f.maxPrice) {
        ctx.addIssue({ code: "custom", path: ["maxPrice"], message: "Maximum price must not be below the minimum price." });
      }
    }),
  sort: z
    .enum(ProductSort, { message: "Unknown sort." })
    .nullish()
    .transform((s) => s ?? ProductSort.NEWEST),
  after: z.string().max(200, "Unknown cursor.").nullish(),
});

type ProductPage = Page<Product> & { endCursor: string | null };

/** A cursor names the last product of a page (keyset), or for a relevance ranking the offset reached. */
type Cursor = { sort: ProductSort; id?: string; offset?: number };
const cursorSchema = z.object({
  sort: z.enum(ProductSort),
  id: z.guid().optional(),
  offset: z.number().int().min(0).max(COUNT_LIMIT).optional(),
});

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decodeCursor(text: string, sort: ProductSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString());
  } catch {
    parsed = null;
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success || (cursor.data.id === undefined) === (cursor.data.offset === undefined))
    throw badInput("Unknown cursor.", { after: "Unknown cursor." });
  if (cursor.data.sort !== sort) throw badInput("This cursor belongs to another sort.", { after: "This cursor belongs to another sort." });
  return cursor.data;
}

const trendingSchema = z.object({
  limit: z
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_TRENDING, `limit must be at most ${MAX_TRENDING}`)
    .default(10),
});

/**
 * The catalog: listing, search, trending, and sellers' own products. Prices come in as PKR and
 * are stored in paisa; a deleted product is soft-deleted so order history keeps pointing at it.
 */
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SharedCache,
    private readonly settings: Pick<AppConfig, "requireVerifiedSellers">,
    private readonly events: EventBus,
  ) {}

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
      const rows = await this.products
        .createQueryBuilder("p")
        .select("campus", "campus")
        .addSelect("COUNT(*)::int", "listings")
        .where(ON_SHOW)
        .andWhere("campus IS NOT NULL")
        .groupBy("campus")
        .getRawMany<{ campus: string; listings: number }>();
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

  private async loadPage({ filter, sort, page, pageSize, after }: z.output<typeof listSchema>): Promise<ProductPage> {
    const cursor = after ? decodeCursor(after, sort) : null;
    if (!cursor) assertPageWithinBound(page, pageSize, "products");
    // unqualified columns: the same conditions serve the listing and the search's candidate step
    const conditions = [
      filter.category && "category = :category",
      filter.color && "color = :color",
      filter.minPrice != null && `"pricePaisa" >= :minPrice`,
      filter.maxPrice != null && `"pricePaisa" <= :maxPrice`,
      filter.sellerId && `"sellerId" = :sellerId`,
      filter.campus && "campus = :campus",
      filter.condition && "condition = :condition",
      filter.verifiedSellersOnly && `"sellerId" IN (SELECT id FROM users WHERE "verifiedAt" IS NOT NULL)`,
      ON_SHOW,
    ].filter((c): c is string => Boolean(c));
    const qb = this.products.createQueryBuilder("p").setParameters({
      ...filter,
      minPrice: filter.minPrice == null ? null : toPaisa(filter.minPrice),
      maxPrice: filter.maxPrice == null ? null : toPaisa(filter.maxPrice),
    });
    for (const condition of conditions) qb.andWhere(condition);
    // keyset (by the sort's index) after a cursor; an offset ranking for relevance and numbered pages
    const ranked = sort === ProductSort.RELEVANCE && Boolean(filter.search);
    const offset = cursor ? (cursor.offset ?? 0) : (page - 1) * pageSize;
    let counted = qb;
    let pageQuery = qb.clone();
    if (filter.search) {
      // a bounded candidate step, so a search costs the same at any catalogue size: up to
      // SEARCH_CANDIDATES listings matching the words typed or, for words no listing uses, their
      // closest known words
      qb.setParameter("searchQuery", await this.searchQuery(filter.search));
      const candidates = (columns: string) =>
        `SELECT ${columns} FROM products WHERE ${[`search_vector @@ :searchQuery::tsquery`, `"deletedAt" IS NULL`, ...conditions].join(" AND ")} LIMIT ${SEARCH_CANDIDATES}`;
      counted = qb.clone().andWhere(`p.id IN (${candidates("id")})`);
      // a relevance page is ranked and cut among the candidates, from the rows their scan has read:
      // only the page's rows are fetched again
      pageQuery = ranked
        ? qb
            .clone()
            .andWhere(
              `p.id IN (SELECT id FROM (${candidates(`id, "createdAt", ${relevance("products")} AS relevance`)}) candidate ORDER BY relevance DESC, "createdAt" DESC, id DESC OFFSET :rankedOffset LIMIT :rankedLimit)`,
              { rankedOffset: offset, rankedLimit: pageSize + 1 },
            )
        : counted.clone();
    }
    applySort(pageQuery, sort, filter.search);
    if (cursor?.id) pageQuery.andWhere(keysetCondition(sort), { after: cursor.id });
    const [rows, count] = await Promise.all([
      pageQuery
        .offset(cursor?.id || ranked ? 0 : offset)
        .limit(pageSize + 1)
        .getMany(),
      // a count moves only with product writes, which drop it: pages 2..n of one filter count once
      this.cache.remember(CATALOG_CACHE, `count:${JSON.stringify(filter)}`, FIRST_PAGE_TTL_SECONDS, () => boundedCount(counted)),
    ]);
    const items = rows.slice(0, pageSize);
    const more = rows.length > pageSize;
    const last = items[items.length - 1];
    // a search may have stopped at SEARCH_CANDIDATES: its count is then a lower bound
    const exact = count.exact && !(filter.search && count.total >= SEARCH_CANDIDATES);
    const endCursor = !more || !last ? null : encodeCursor(ranked ? { sort, offset: offset + pageSize } : { sort, id: last.id });
    return { ...toPage(items, count.total, cursor ? 1 : page, pageSize, exact), hasNextPage: more, endCursor };
  }

  /**
   * What a search matches, as tsquery text (search_query, in the search-words migration). Finding
   * the closest known words costs more than the listings' lookup, and the vocabulary moves only
   * with product writes, which drop this cache.
   */
  private searchQuery(search: string): Promise<string> {
    return this.cache.remember(CATALOG_CACHE, `search:${search}`, FIRST_PAGE_TTL_SECONDS, async () => {
      const [{ query }] = await this.dataSource.query(`SELECT search_query($1)::text AS query`, [search]);
      return query as string;
    });
  }

  /** Listed products for the sitemap, most recently changed first (deleted and hidden ones are left out). */
  async sitemapEntries(limit: number): Promise<Array<Pick<Product, "id" | "updatedAt">>> {
    return this.products
      .createQueryBuilder("p")
      .select(["p.id", "p.updatedAt"])
      .where(LISTED)
      .orderBy("p.updatedAt", "DESC")
      .limit(limit)
      .getMany();
  }

  /**
   * A listed product, or null when the id is unknown, deleted or not an id at all. A listing hidden
   * by moderation is found only by its seller and admins (`viewer`); to anyone else it does not exist.
   */
  async byId(id: string, viewer: AuthUser | null): Promise<Product | null> {
    if (!isId(id)) return null;
    return visibleTo(await this.products.findOneBy({ id }), viewer);
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
    const sales = `SELECT l."productId", sum(l.quantity) AS units FROM order_lines l JOIN orders o ON o.id = l."orderId"
                   WHERE o.status NOT IN (:...excluded) AND o."createdAt" >= now() - interval '30 days' GROUP BY l."productId"`;
    // candidates: every product sold in the window, plus the best `limit` by the rating part alone
    // (an unsold product outside those cannot outscore them); the rating part has its own index
    const rated = `SELECT id FROM products WHERE "deletedAt" IS NULL AND ${ON_SHOW}
                   ORDER BY ("ratingAverage" * ln(1 + "ratingCount")) DESC, "createdAt" DESC, id DESC LIMIT :limit`;
    return this.products
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

  /** A product back from the cache's JSON: an entity again, with its dates as dates. */
  private revive(json: Product): Product {
    return this.products.create({
      ...json,
      createdAt: new Date(json.createdAt),
      updatedAt: new Date(json.updatedAt),
      deletedAt: json.deletedAt == null ? null : new Date(json.deletedAt),
      hiddenAt: json.hiddenAt == null ? null : new Date(json.hiddenAt),
    });
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

  /**
   * Lists a product. With REQUIRE_VERIFIED_SELLERS only verified students (and admins) may; a listing
   * without a campus gets the seller's university campus, when it has one.
   */
  async create(input: ProductFields, seller: AuthUser): Promise<Product> {
    const v = parseInput(createSchema, input);
    // read only when a rule needs it, so listing with a campus costs no extra query
    const student =
      this.settings.requireVerifiedSellers || v.campus == null
        ? await this.dataSource
            .getRepository(User)
            .findOne({ where: { id: seller.id }, select: { id: true, verifiedAt: true, universityEmail: true } })
        : null;
    if (this.settings.requireVerifiedSellers && seller.role !== Role.ADMIN && !student?.verifiedAt) throw forbidden(SELLERS_MUST_VERIFY);
    const universityCampus = student?.verifiedAt && student.universityEmail ? universityOf(student.universityEmail)?.campus : null;
    const copied = await copiedPhotoOf(this.dataSource.manager, seller.id, [v.image, ...(v.gallery ?? [])]);
    const product = await this.products.save(
      this.products.create({
        name: v.name,
        description: v.description,
        category: v.category,
        color: v.color ?? null,
        pricePaisa: toPaisa(v.price),
        oldPricePaisa: v.oldPrice == null ? null : toPaisa(v.oldPrice),
        image: v.image,
        gallery: v.gallery ?? [],
        quantityAvailable: v.quantityAvailable ?? 1,
        condition: v.condition ?? DEFAULT_CONDITION,
        campus: v.campus ?? universityCampus ?? null,
        sellerId: seller.id,
        // held for review: hidden from the shop, seen by its seller (with the reason) and admins
        ...(copied && { hiddenAt: new Date(), heldReason: COPIED_PHOTO_HOLD }),
      }),
    );
    await this.events.publish(this.dataSource.manager, "product.listed", { product });
    return product;
  }

  /**
   * Changes the fields given; `oldPrice: null` removes the old price. A quantity above 0 relists a
   * sold listing; 0 marks it sold. Owner or admin only.
   */
  async update(id: string, input: Partial<ProductFields>, user: AuthUser): Promise<Product> {
    const v = parseInput(updateSchema, input);
    const product = await this.ownedProduct(id, user);
    const before = { pricePaisa: product.pricePaisa, quantityAvailable: product.quantityAvailable };
    // only photos new to the listing are compared (one already on it was checked when it came)
    const current = new Set([product.image, ...product.gallery]);
    const added = [v.image, ...(v.gallery ?? [])].filter((url): url is string => url !== undefined && !current.has(url));
    const copied = added.length > 0 && product.sellerId && (await copiedPhotoOf(this.dataSource.manager, product.sellerId, added));
    const price = v.price ?? toRupees(product.pricePaisa);
    const oldPrice = v.oldPrice !== undefined ? v.oldPrice : product.oldPricePaisa == null ? null : toRupees(product.oldPricePaisa);
    if (oldPrice != null && oldPrice <= price) {
      throw badInput("Old price must be higher than the price.", { oldPrice: "Old price must be higher than the price." });
    }
    Object.assign(product, {
      ...(v.name !== undefined && { name: v.name }),
      ...(v.description !== undefined && { description: v.description }),
      ...(v.category !== undefined && { category: v.category }),
      ...(v.color !== undefined && { color: v.color }),
      ...(v.image !== undefined && { image: v.image }),
      ...(v.gallery !== undefined && { gallery: v.gallery }),
      ...(v.condition !== undefined && { condition: v.condition }),
      ...(v.campus !== undefined && { campus: v.campus }),
      ...(v.quantityAvailable !== undefined && {
        quantityAvailable: v.quantityAvailable,
        soldOutAt: v.quantityAvailable > 0 ? null : (product.soldOutAt ?? new Date()),
      }),
      pricePaisa: toPaisa(price),
      oldPricePaisa: oldPrice == null ? null : toPaisa(oldPrice),
      ...(copied && !product.hiddenAt && { hiddenAt: new Date(), heldReason: COPIED_PHOTO_HOLD }),
    });
    // in one transaction with its subscribers (those who saved it hear of a lower price or its selling out)
    return this.dataSource.transaction(async (manager) => {
      if (v.quantityAvailable) await refuseRelistWhileHeld(manager, product);
      const row = await manager.save(product);
      await this.events.publish(manager, "product.changed", { product: row, before });
      return row;
    });
  }

  /** Soft delete: the product leaves the shop; orders and reviews that mention it stay intact. */
  async remove(id: string, caller: AuthUser): Promise<void> {
    const product = await this.ownedProduct(id, caller);
    await this.products.softDelete({ id: product.id });
    await this.events.publish(this.dataSource.manager, "product.removed", { productId: product.id });
  }

  private async ownedProduct(id: string, caller: AuthUser): Promise<Product> {
    const product = await this.byId(id, caller);
    if (!product) throw notFound("Product not found.");
    if (caller.role !== Role.ADMIN && product.sellerId !== caller.id) throw forbidden("You can only change your own products.");
    return product;
  }
}

/**
 * A sold listing whose units an open order still holds is not relisted: that order may be cancelled
 * or rejected and give them back, and they would then be sold twice (or a one-off item would show
 * two units). The listing's row is locked first, so a cancel in flight either has given its units
 * back (the listing is not sold any more) or still shows its order open here.
 */
async function refuseRelistWhileHeld(manager: EntityManager, product: Product): Promise<void> {
  const current = await manager.findOne(Product, { where: { id: product.id }, lock: { mode: "pessimistic_write" } });
  if (!current || current.quantityAvailable > 0) return;
  const [held]: Array<{ units: number }> = await manager.query(
    `SELECT coalesce(sum(l.quantity), 0)::int AS units FROM order_lines l JOIN orders o ON o.id = l."orderId"
      WHERE l."productId" = $1 AND o.status = ANY($2)`,
    [product.id, RETURNABLE_STATUSES],
  );
  if (held.units > 0) {
    throw conflict(
      `An open order still holds "${current.name}": it goes back on sale by itself if that order is cancelled or rejected. Relist it once the order is completed.`,
    );
  }
}

/** How well `alias`'s row matches :search (see ProductSort.RELEVANCE in applySort). */
const relevance = (alias: string) =>
  `ts_rank(${alias}.search_vector, websearch_to_tsquery('simple', :search)) + word_similarity(:search, lower(${alias}.name)) + similarity(:search, lower(${alias}.name))`;

function applySort(qb: SelectQueryBuilder<Product>, sort: ProductSort, search: string | undefined) {
  switch (sort) {
    case ProductSort.PRICE_ASC:
      qb.orderBy("p.pricePaisa", "ASC");
      break;
    case ProductSort.PRICE_DESC:
      qb.orderBy("p.pricePaisa", "DESC");
      break;
    case ProductSort.RATING:
      qb.orderBy("p.ratingAverage", "DESC").addOrderBy("p.ratingCount", "DESC");
      break;
    case ProductSort.RELEVANCE:
      // full-text rank, plus how well the words typed match inside the name (word_similarity)
      // and how much of the name they cover (similarity: "calculator" beats "calculator manual");
      // without search text there is nothing to rank by: newest first
      if (search) {
        qb.addSelect(relevance("p"), "relevance");
        qb.orderBy("relevance", "DESC");
      }
      break;
    case ProductSort.NEWEST:
      break;
  }
  // newest first breaks ties; the id keeps pages stable when timestamps are equal
  qb.addOrderBy("p.createdAt", "DESC").addOrderBy("p.id", "DESC");
}

/** Rows after the cursor's product in the sort's order (NEWEST's order ends every sort). */
function keysetCondition(sort: ProductSort): string {
  const of = (column: string) => `(SELECT "${column}" FROM products WHERE id = :after)`;
  const newer = `(p."createdAt", p.id) < (${of("createdAt")}, ${of("id")})`;
  switch (sort) {
    case ProductSort.PRICE_ASC:
      return `(p."pricePaisa" > ${of("pricePaisa")} OR (p."pricePaisa" = ${of("pricePaisa")} AND ${newer}))`;
    case ProductSort.PRICE_DESC:
      return `(p."pricePaisa" < ${of("pricePaisa")} OR (p."pricePaisa" = ${of("pricePaisa")} AND ${newer}))`;
    case ProductSort.RATING:
      return `(p."ratingAverage", p."ratingCount", p."createdAt", p.id) < (${of("ratingAverage")}, ${of("ratingCount")}, ${of("createdAt")}, ${of("id")})`;
    default:
      return newer;
  }
}
