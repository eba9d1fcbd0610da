import type { DataSource } from "typeorm";
import { z } from "zod";
import { priceRule, stripBidi } from "@unibazaar/rules";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import { said } from "../../platform/i18n/errors";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { toPaisa } from "../../platform/shared/money";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { isId, parseInput, ruleSaid } from "../../platform/shared/validation";
import { CAMPUSES, CATEGORIES, normalizeCampus, normalizeCategory } from "../products";
import type { ConversationsService, ConversationView } from "../conversations";
import { WantedPost } from "./entity";

/** Open wanted posts one user may have at once. */
export const MAX_OPEN_WANTED_POSTS = 10;
/** How long a post stays up unless its author says otherwise. */
export const DEFAULT_WANTED_DAYS = 14;
export const MAX_WANTED_DAYS = 30;

const DAYS_MESSAGE = ruleSaid("wanted.chooseDays", { min: 1, max: MAX_WANTED_DAYS });

const slugRule = (normalize: (value: string) => string | undefined, message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const slug = normalize(value);
    if (!slug) ctx.addIssue({ code: "custom", message });
    return slug ?? z.NEVER;
  });

const postSchema = z.object({
  title: z
    .string({ error: ruleSaid("wanted.titleRequired") })
    .overwrite(stripBidi)
    .trim()
    .min(3, ruleSaid("wanted.titleLength", { min: 3, max: 120 }))
    .max(120, ruleSaid("wanted.titleLength", { min: 3, max: 120 }))
    .refine((title) => /[\p{L}\p{N}]/u.test(title), ruleSaid("wanted.titleWord")),
  details: z
    .string()
    .overwrite(stripBidi)
    .trim()
    .max(1000, ruleSaid("wanted.detailsTooLong", { count: 1000 }))
    .nullish()
    .transform((v) => v || null),
  maxPrice: priceRule("Maximum price").nullish(),
  category: slugRule(normalizeCategory, ruleSaid("listing.chooseCategory", { choices: CATEGORIES.map((c) => c.slug).join(", ") })),
  campus: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (!value?.trim() || value.trim().toLowerCase() === "all") return null;
      const slug = normalizeCampus(value);
      if (!slug)
        ctx.addIssue({ code: "custom", message: ruleSaid("wanted.chooseCampus", { choices: CAMPUSES.map((c) => c.slug).join(", ") }) });
      return slug ?? z.NEVER;
    }),
  expiresInDays: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(MAX_WANTED_DAYS, DAYS_MESSAGE).nullish(),
});

const boardSchema = pageInput(20).extend({
  category: z
    .string()
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim() || v.trim().toLowerCase() === "all") return undefined;
      const slug = normalizeCategory(v);
      if (!slug) ctx.addIssue({ code: "custom", message: "Unknown category." });
      return slug ?? z.NEVER;
    }),
  campus: z
    .string()
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim() || v.trim().toLowerCase() === "all") return undefined;
      const slug = normalizeCampus(v);
      if (!slug) ctx.addIssue({ code: "custom", message: "Unknown campus." });
      return slug ?? z.NEVER;
    }),
  search: z
    .string()
    .max(100, "Search must be at most 100 characters.")
    .nullish()
    .transform((v) => v?.trim().toLowerCase() || undefined),
});

export type WantedPostInput = {
  title: string;
  details?: string | null;
  maxPrice?: number | null;
  category: string;
  campus?: string | null;
  expiresInDays?: number | null;
};
export type WantedBoardInput = {
  page?: number;
  pageSize?: number;
  category?: string | null;
  campus?: string | null;
  search?: string | null;
};

/**
 * A post's author is not suspended (SQL over the post as `w`): a suspended account's posts are
 * hidden like its listings, for everyone but the author and admins, and back once it is lifted.
 */
const AUTHOR_NOT_SUSPENDED = `NOT EXISTS (SELECT 1 FROM users u WHERE u.id = w."authorId" AND u."suspendedAt" IS NOT NULL)`;

/**
 * Wanted posts: a buyer says what they are looking for; sellers browse the open ones (not closed,
 * not expired on the clock, author not suspended) and answer in a conversation
 * (ConversationsService.startAboutWanted); a new listing that matches tells the author
 * (alerts/matching.ts). Only the author (or an admin) closes or deletes a post.
 */
export class WantedService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly conversations: ConversationsService,
  ) {}

  async post(input: WantedPostInput, caller: AuthUser): Promise<WantedPost> {
    const v = parseInput(postSchema, input);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      // the author's row serialises their posts, so two at once cannot pass the cap together
      await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [caller.id]);
      const [{ open }]: Array<{ open: number }> = await manager.query(
        `SELECT count(*)::int AS open FROM wanted_posts WHERE "authorId" = $1 AND "closedAt" IS NULL AND "expiresAt" > $2`,
        [caller.id, now],
      );
      if (open >= MAX_OPEN_WANTED_POSTS) throw badInput(said("wanted.tooMany", { count: MAX_OPEN_WANTED_POSTS }));
      const [{ id }]: Array<{ id: string }> = await manager.query(
        `INSERT INTO wanted_posts ("authorId", title, details, "maxPricePaisa", category, campus, words, "expiresAt")
         VALUES ($1, $2::varchar, $3, $4, $5, $6, plainto_tsquery('simple', $2::varchar), $7::timestamptz + make_interval(days => $8))
         RETURNING id`,
        [
          caller.id,
          v.title,
          v.details,
          v.maxPrice == null ? null : toPaisa(v.maxPrice),
          v.category,
          v.campus,
          now,
          v.expiresInDays ?? DEFAULT_WANTED_DAYS,
        ],
      );
      return manager.findOneByOrFail(WantedPost, { id });
    });
  }

  /** The board: open posts, newest first, by category, campus and words (full text over title and details). */
  async board(input: WantedBoardInput): Promise<Page<WantedPost>> {
    const v = parseInput(boardSchema, input);
    const qb = this.dataSource
      .getRepository(WantedPost)
      .createQueryBuilder("w")
      .where(`w."closedAt" IS NULL AND w."expiresAt" > :now AND ${AUTHOR_NOT_SUSPENDED}`, { now: this.clock.now() });
    if (v.category) qb.andWhere("w.category = :category", { category: v.category });
    if (v.campus) qb.andWhere("w.campus = :campus", { campus: v.campus });
    if (v.search) qb.andWhere(`w.search_vector @@ websearch_to_tsquery('simple', :search)`, { search: v.search });
    const [items, total] = await qb
      .orderBy("w.createdAt", "DESC")
      .addOrderBy("w.id", "DESC")
      .skip((v.page - 1) * v.pageSize)
      .take(v.pageSize)
      .getManyAndCount();
    return toPage(items, total, v.page, v.pageSize);
  }

  /** The caller's own posts, open, closed and expired, newest first. */
  mine(caller: AuthUser): Promise<WantedPost[]> {
    return this.dataSource.getRepository(WantedPost).find({ where: { authorId: caller.id }, order: { createdAt: "DESC", id: "DESC" } });
  }

  /**
   * One post: open ones for anyone signed in; a closed or expired one, or one whose author is
   * suspended, only for its author and admins.
   */
  async get(id: string, caller: AuthUser): Promise<WantedPost> {
    return (await this.readable(id, caller)).post;
  }

  /** Whether sellers may still see and answer it (its author's suspension aside). */
  isOpen(post: Pick<WantedPost, "closedAt" | "expiresAt">): boolean {
    return post.closedAt === null && post.expiresAt > this.clock.now();
  }

  /** The post as `get` lets the caller read it, with its author's suspension, read in one statement. */
  private async readable(id: string, caller: AuthUser): Promise<{ post: WantedPost; authorSuspended: boolean }> {
    const {
      entities: [post],
      raw: [row],
    } = isId(id)
      ? await this.dataSource
          .getRepository(WantedPost)
          .createQueryBuilder("w")
          .addSelect(`NOT ${AUTHOR_NOT_SUSPENDED}`, "author_suspended")
          .where("w.id = :id", { id })
          .getRawAndEntities<{ author_suspended: boolean }>()
      : { entities: [], raw: [] };
    const authorSuspended = Boolean(row?.author_suspended);
    if (!post || (post.authorId !== caller.id && caller.role !== Role.ADMIN && (!this.isOpen(post) || authorSuspended)))
      throw notFound(said("wanted.notFound"));
    return { post, authorSuspended };
  }

  /** A seller's answer: their conversation with the author of an open post (blocks, limits and screening as for a listing's). */
  async answer(id: string, caller: AuthUser): Promise<ConversationView> {
    const { post, authorSuspended } = await this.readable(id, caller);
    if (!this.isOpen(post)) throw conflict(said("wanted.closed"));
    if (authorSuspended) throw conflict(said("wanted.offBoard"));
    return this.conversations.startAboutWanted(post, caller);
  }

  /** The author found it: the post leaves the board and stops alerting. */
  async close(id: string, caller: AuthUser): Promise<WantedPost> {
    const post = await this.owned(id, caller);
    if (post.closedAt) throw conflict(said("wanted.alreadyClosed"));
    post.closedAt = this.clock.now();
    return this.dataSource.getRepository(WantedPost).save(post);
  }

  /** Deletes the post and the conversations about it. */
  async remove(id: string, caller: AuthUser): Promise<void> {
    const post = await this.owned(id, caller);
    await this.dataSource.getRepository(WantedPost).delete({ id: post.id });
  }

  private async owned(id: string, caller: AuthUser): Promise<WantedPost> {
    const post = isId(id) ? await this.dataSource.getRepository(WantedPost).findOneBy({ id }) : null;
    if (!post) throw notFound(said("wanted.notFound"));
    if (post.authorId !== caller.id && caller.role !== Role.ADMIN) throw forbidden(said("wanted.onlyOwn"));
    return post;
  }
}
