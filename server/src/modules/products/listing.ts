import { z } from "zod";
import { formatPKR, MAX_PRICE_PKR } from "@unibazaar/rules";
import { said } from "../../platform/i18n/errors";
import { badInput } from "../../platform/shared/errors";
import { toPaisa } from "../../platform/shared/money";
import { COUNT_LIMIT, pageInput, type Page } from "../../platform/shared/pagination";
import { idRule } from "../../platform/shared/validation";
import { normalizeCampus, normalizeCategory, normalizeColor, normalizeCondition } from "./catalog";
import { LISTED, type Product } from "./entity";
import { ProductSort, SOLD_VISIBLE_DAYS } from "./sorts";

/** The shop's query language: its filters, sorts, cursors and the SQL pieces they become. */

export { ProductSort, SOLD_VISIBLE_DAYS };

const MAX_SEARCH_LENGTH = 100;
/**
 * Listings the shop shows: listed (not hidden by moderation) and for sale, or sold within
 * SOLD_VISIBLE_DAYS (unqualified columns).
 */
export const ON_SHOW = `(${LISTED} AND ("quantityAvailable" > 0 OR "soldOutAt" > now() - interval '${SOLD_VISIBLE_DAYS} days'))`;

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

/**
 * A filter as unqualified SQL conditions over products (the shop listing's and the search's
 * candidate step's) and their named parameters, prices in paisa.
 */
export function filterConditions(filter: CatalogFilter): { conditions: string[]; parameters: Record<string, unknown> } {
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
  const parameters: Record<string, unknown> = {
    ...filter,
    minPrice: filter.minPrice == null ? null : toPaisa(filter.minPrice),
    maxPrice: filter.maxPrice == null ? null : toPaisa(filter.maxPrice),
  };
  return { conditions, parameters };
}

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

export const listSchema = pageInput(8).extend({
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

export type ProductPage = Page<Product> & { endCursor: string | null };

/** A cursor names the last product of a page (keyset), or for a relevance ranking the offset reached. */
type Cursor = { sort: ProductSort; id?: string; offset?: number };
const cursorSchema = z.object({
  sort: z.enum(ProductSort),
  id: z.guid().optional(),
  offset: z.number().int().min(0).max(COUNT_LIMIT).optional(),
});

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

export function decodeCursor(text: string, sort: ProductSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString());
  } catch {
    parsed = null;
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success || (cursor.data.id === undefined) === (cursor.data.offset === undefined))
    throw badInput(said("listing.unknownCursor"), { after: said("listing.unknownCursor") });
  if (cursor.data.sort !== sort) throw badInput(said("listing.cursorOtherSort"), { after: said("listing.cursorOtherSort") });
  return cursor.data;
}

export type ListInput = z.output<typeof listSchema>;

/** Each sort's order by product property (database column of the same name); NEWEST's order ends every sort. */
const SORT_ORDER: Record<ProductSort, Array<[keyof Product, "ASC" | "DESC"]>> = {
  [ProductSort.PRICE_ASC]: [["pricePaisa", "ASC"]],
  [ProductSort.PRICE_DESC]: [["pricePaisa", "DESC"]],
  [ProductSort.RATING]: [
    ["ratingAverage", "DESC"],
    ["ratingCount", "DESC"],
  ],
  [ProductSort.RELEVANCE]: [],
  [ProductSort.NEWEST]: [],
};
const orderOf = (sort: ProductSort) => [...SORT_ORDER[sort], ["createdAt", "DESC"] as const, ["id", "DESC"] as const];

/** A sort's order as SQL text over the products aliased `p` (NEWEST's order ends every sort). */
export const orderSql = (sort: ProductSort) =>
  orderOf(sort)
    .map(([property, direction]) => `p."${property}" ${direction}`)
    .join(", ");

/** Rows after the cursor's product in the sort's order (NEWEST's order ends every sort). */
export function keysetCondition(sort: ProductSort): string {
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
