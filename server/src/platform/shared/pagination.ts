import { said } from "../i18n/errors";
import type { ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { z } from "zod";
import { badInput } from "./errors";

export const MAX_PAGE_SIZE = 50;

/**
 * Lists count their matches exactly only up to this many: counting a large set on every request
 * costs more than the page itself. Above it the total is a lower bound (`totalIsExact: false`),
 * and numbered pages stop there too (cursors go further).
 */
export const COUNT_LIMIT = 10_000;

const pageInputs = new Map<number, ReturnType<typeof buildPageInput>>();

/** The page and page size a list takes (one schema per default size: a list field is resolved on every request). */
export function pageInput(defaultSize: number) {
  let schema = pageInputs.get(defaultSize);
  if (!schema) pageInputs.set(defaultSize, (schema = buildPageInput(defaultSize)));
  return schema;
}

const buildPageInput = (defaultSize: number) =>
  z.object({
    page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").default(1),
    pageSize: z.coerce
      .number()
      .int("pageSize must be a whole number")
      .min(1, "pageSize must be at least 1")
      .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
      .default(defaultSize),
  });

export type Page<T> = {
  items: T[];
  totalItems: number;
  /** false: totalItems is a lower bound (COUNT_LIMIT), there are more. */
  totalIsExact: boolean;
  totalPages: number;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
};

export function toPage<T>(items: T[], totalItems: number, page: number, pageSize: number, totalIsExact = true): Page<T> {
  const totalPages = Math.ceil(totalItems / pageSize);
  return { items, totalItems, totalIsExact, totalPages, page, pageSize, hasNextPage: page < totalPages || !totalIsExact };
}

/**
 * Counts the rows `qb` matches, exactly up to COUNT_LIMIT (a bounded subquery: it reads at most
 * COUNT_LIMIT + 1 index entries however large the set); above it, COUNT_LIMIT and `exact: false`.
 */
export async function boundedCount<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): Promise<{ total: number; exact: boolean }> {
  const [sql, parameters] = qb
    .clone()
    .select("1")
    .orderBy()
    .offset(undefined)
    .limit(COUNT_LIMIT + 1)
    .getQueryAndParameters();
  const [{ n }] = await qb.connection.query(`SELECT count(*)::int AS n FROM (${sql}) bounded`, parameters);
  return n > COUNT_LIMIT ? { total: COUNT_LIMIT, exact: false } : { total: n, exact: true };
}

/** A numbered page past COUNT_LIMIT is refused: an offset that deep reads every row before it. */
export function assertPageWithinBound(page: number, pageSize: number): void {
  if ((page - 1) * pageSize >= COUNT_LIMIT) {
    const message = said("listing.pageTooDeep", { limit: COUNT_LIMIT.toLocaleString("en-US") });
    throw badInput(message, { page: message });
  }
}
