import type { DataSource } from "typeorm";
import { z } from "zod";
import { formatPKR } from "@unibazaar/rules";
import type { AuthUser } from "../../platform/auth/roles";
import { said } from "../../platform/i18n/errors";
import { badInput, notFound } from "../../platform/shared/errors";
import { toPaisa } from "../../platform/shared/money";
import { isId, parseInput } from "../../platform/shared/validation";
import { CAMPUSES, CATEGORIES, COLORS, CONDITIONS, labelOf, listSchema, type CatalogFilter } from "../products";
import { SavedSearch } from "./entity";

/** How many searches one user may keep saved. */
export const MAX_SAVED_SEARCHES = 20;

const saveSchema = z.object({
  // exactly the shop's filter rules, so a saved search is one the shop would run
  filter: listSchema.shape.filter,
  alert: z.boolean({ error: "alert must be true or false." }).nullish(),
  emailDigest: z.boolean({ error: "emailDigest must be true or false." }).nullish(),
});

const settingsSchema = z.object({
  alert: z.boolean({ error: "alert must be true or false." }).nullish(),
  emailDigest: z.boolean({ error: "emailDigest must be true or false." }).nullish(),
});

/** A saved search's name, made of its filters: `"casio" · Books · up to Rs 3,000.00 · NUST H-12 Islamabad`. */
export function savedSearchName(s: SavedSearch): string {
  const price =
    s.minPricePaisa != null && s.maxPricePaisa != null
      ? `${formatPKR(s.minPricePaisa / 100)} to ${formatPKR(s.maxPricePaisa / 100)}`
      : s.maxPricePaisa != null
        ? `up to ${formatPKR(s.maxPricePaisa / 100)}`
        : s.minPricePaisa != null
          ? `from ${formatPKR(s.minPricePaisa / 100)}`
          : null;
  const parts = [
    s.search && `"${s.search}"`,
    labelOf(CATEGORIES, s.category),
    labelOf(COLORS, s.color),
    labelOf(CONDITIONS, s.condition),
    price,
    labelOf(CAMPUSES, s.campus),
    s.sellerId && "one seller",
    s.verifiedSellersOnly && "verified students",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Everything new";
}

/** Saved searches: save the shop's current search, list, switch alerts, delete. Matching is matching.ts. */
export class SavedSearchesService {
  constructor(private readonly dataSource: DataSource) {}

  private get searches() {
    return this.dataSource.getRepository(SavedSearch);
  }

  /** Saves the shop's search and filters (validated as the shop does) with the alert on unless told otherwise. */
  async save(
    input: { filter?: CatalogFilter | null; alert?: boolean | null; emailDigest?: boolean | null },
    caller: AuthUser,
  ): Promise<SavedSearch> {
    const v = parseInput(saveSchema, { ...input, filter: input.filter ?? {} });
    const f = v.filter;
    return this.dataSource.transaction(async (manager) => {
      // the caller's row serialises their saves, so two at once cannot pass the cap together
      await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [caller.id]);
      const count = await manager.countBy(SavedSearch, { userId: caller.id });
      if (count >= MAX_SAVED_SEARCHES) throw badInput(said("savedSearch.tooMany", { count: MAX_SAVED_SEARCHES }));
      const [{ id }]: Array<{ id: string }> = await manager.query(
        `INSERT INTO saved_searches ("userId", search, words, category, color, condition, campus, "minPricePaisa", "maxPricePaisa",
                                     "sellerId", "verifiedSellersOnly", alert, "emailDigest")
         VALUES ($1, $2::varchar, CASE WHEN $2::varchar IS NULL THEN NULL ELSE websearch_to_tsquery('simple', $2::varchar) END,
                 $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         RETURNING id`,
        [
          caller.id,
          f.search ?? null,
          f.category ?? null,
          f.color ?? null,
          f.condition ?? null,
          f.campus ?? null,
          f.minPrice == null ? null : toPaisa(f.minPrice),
          f.maxPrice == null ? null : toPaisa(f.maxPrice),
          f.sellerId ?? null,
          f.verifiedSellersOnly ?? false,
          v.alert ?? true,
          v.emailDigest ?? false,
        ],
      );
      return manager.findOneByOrFail(SavedSearch, { id });
    });
  }

  /** The caller's saved searches, newest first. */
  list(caller: AuthUser): Promise<SavedSearch[]> {
    return this.searches.find({ where: { userId: caller.id }, order: { createdAt: "DESC", id: "ASC" } });
  }

  /** Switches the alert or the e-mail digest of one of the caller's saved searches. */
  async update(id: string, input: { alert?: boolean | null; emailDigest?: boolean | null }, caller: AuthUser): Promise<SavedSearch> {
    const v = parseInput(settingsSchema, input);
    const search = await this.owned(id, caller);
    if (v.alert != null) search.alert = v.alert;
    if (v.emailDigest != null) search.emailDigest = v.emailDigest;
    return this.searches.save(search);
  }

  async remove(id: string, caller: AuthUser): Promise<void> {
    const search = await this.owned(id, caller);
    await this.searches.delete({ id: search.id });
  }

  /** Another user's saved search is answered as not found, like a missing one. */
  private async owned(id: string, caller: AuthUser): Promise<SavedSearch> {
    const search = isId(id) ? await this.searches.findOneBy({ id, userId: caller.id }) : null;
    if (!search) throw notFound(said("savedSearch.notFound"));
    return search;
  }
}
