import type { RateLimiterPostgres } from "rate-limiter-flexible";
import { In, type DataSource, type EntityManager } from "typeorm";
import { z } from "zod";
import { MODERATION_NOTE_REQUIRED, moderationNoteRule, REPORT_REASONS, reportDetailsRule } from "@unibazaar/rules";
import type { EventBus } from "../../platform/events";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { said } from "../../platform/i18n/errors";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { isId, parseInput, ruleSaid } from "../../platform/shared/validation";
import { isUniqueViolation } from "../../platform/db/errors";
import type { AuthService } from "../auth";
import { isListed, Product, setListingHidden, setSellerSuspended } from "../products";
import { closeConversationReport, Conversation } from "../conversations";
import { setSuspension, User } from "../users";
import { FLAGGED_ACCOUNT_THRESHOLD, FlaggedService, flaggedCount, type FlaggedMessageView } from "./flagged";
import { ModerationAction, ModerationActionKind, Report, ReportStatus, ReportTargetKind, type ReportReason } from "./entity";

/** Reports one user may send per hour (a burst of reports is more likely abuse than help). */
export const REPORTS_PER_HOUR = 10;
export const ALREADY_REPORTED = said("moderation.alreadyReported");

const reasonRule = z.enum(REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]], {
  message: ruleSaid("moderation.chooseReason"),
});
const reportSchema = z.object({ targetId: z.string(), reason: reasonRule, details: reportDetailsRule }).superRefine((v, ctx) => {
  if (v.reason === "OTHER" && !v.details)
    ctx.addIssue({ code: "custom", path: ["details"], message: ruleSaid("moderation.sayWhatIsWrong") });
});

const USER_ACTIONS = [ModerationActionKind.WARN_USER, ModerationActionKind.SUSPEND_USER, ModerationActionKind.UNSUSPEND_USER];
const LISTING_ACTIONS = [ModerationActionKind.HIDE_LISTING, ModerationActionKind.UNHIDE_LISTING];
/** Undoing actions leave the reports as they are; every other action closes the target's open reports. */
const REVERSALS = [ModerationActionKind.UNHIDE_LISTING, ModerationActionKind.UNSUSPEND_USER];
/** Actions that change what the catalogue shows. */
const CATALOG_ACTIONS = [...LISTING_ACTIONS, ModerationActionKind.SUSPEND_USER, ModerationActionKind.UNSUSPEND_USER];

const moderateSchema = z
  .object({
    targetKind: z.enum(ReportTargetKind, { message: "Unknown target kind." }),
    targetId: z.string(),
    action: z.enum(ModerationActionKind, { message: "Unknown action." }),
    note: moderationNoteRule.nullish().transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (LISTING_ACTIONS.includes(v.action) && v.targetKind !== ReportTargetKind.LISTING)
      ctx.addIssue({ code: "custom", path: ["action"], message: "Only a listing can be hidden or shown." });
    const noteRequired = MODERATION_NOTE_REQUIRED[v.action];
    if (noteRequired && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: noteRequired });
  });

/** What an admin can do with a reported conversation. */
const CONVERSATION_ACTIONS = [ModerationActionKind.DISMISS, ModerationActionKind.WARN_USER, ModerationActionKind.SUSPEND_USER];
const conversationActionSchema = z.object({
  conversationId: z.string(),
  action: z.enum(CONVERSATION_ACTIONS as [ModerationActionKind, ...ModerationActionKind[]], {
    message: "A reported conversation is dismissed, or its reported party warned or suspended.",
  }),
  note: z.string().nullish(),
});

export type ReportView = {
  id: string;
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  createdAt: Date;
  reporterName: string | null;
};

/** Everything open about one listing or user: a row of the admin's queue. */
export type ModerationCaseView = {
  targetKind: ReportTargetKind;
  targetId: string;
  reportCount: number;
  firstReportedAt: Date;
  reports: ReportView[];
  /** Flagged chat messages of the user (a listing's seller) within the window, and the latest of them. */
  flaggedMessageCount: number;
  flaggedMessages: FlaggedMessageView[];
  /** The reported listing (deleted or hidden ones too); null for a user case or a listing gone for good. */
  listing: Product | null;
  /** The reported user, or a listing's seller. */
  user: User | null;
};

export type ModerationLogView = ModerationAction & { adminName: string | null; targetLabel: string | null };

export type Warning = { note: string; createdAt: Date };

/**
 * Reports and moderation: signed-in users report listings and users; admins work through the queue
 * (oldest first) and hide listings, warn or suspend users, or dismiss. Every admin action writes one
 * audit row in its own transaction, and closes the target's other open reports.
 */
export class ModerationService {
  private readonly reportsByUser: RateLimiterPostgres;
  /** The scam shield's lists: accounts whose messages screening flags, listings held for review. */
  readonly flagged: FlaggedService;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly auth: AuthService,
  ) {
    this.reportsByUser = postgresLimiter(dataSource, { keyPrefix: "report_user", points: REPORTS_PER_HOUR, duration: 3600 });
    this.flagged = new FlaggedService(dataSource);
  }

  /** Reports a listing anyone can see; not one's own. */
  async reportListing(input: { productId: string; reason: string; details?: string | null }, caller: AuthUser): Promise<ReportView> {
    const v = parseInput(reportSchema, { ...input, targetId: input.productId });
    const product = isId(v.targetId) ? await this.dataSource.getRepository(Product).findOneBy({ id: v.targetId }) : null;
    if (!product || !isListed(product)) throw notFound(said("listing.notFound"));
    if (product.sellerId === caller.id) throw badInput(said("moderation.ownListing"));
    return this.file(caller, ReportTargetKind.LISTING, product.id, v);
  }

  /** Reports another user. */
  async reportUser(input: { userId: string; reason: string; details?: string | null }, caller: AuthUser): Promise<ReportView> {
    const v = parseInput(reportSchema, { ...input, targetId: input.userId });
    const user = isId(v.targetId) ? await this.dataSource.getRepository(User).findOneBy({ id: v.targetId }) : null;
    if (!user) throw notFound(said("account.notFound"));
    if (user.id === caller.id) throw badInput(said("moderation.self"));
    return this.file(caller, ReportTargetKind.USER, user.id, v);
  }

  private async file(
    caller: AuthUser,
    targetKind: ReportTargetKind,
    targetId: string,
    v: { reason: ReportReason; details: string | null },
  ): Promise<ReportView> {
    const reports = this.dataSource.getRepository(Report);
    // a repeat is refused before it costs a point of the limit
    if (await reports.existsBy({ reporterId: caller.id, targetKind, targetId, status: ReportStatus.OPEN }))
      throw conflict(ALREADY_REPORTED);
    await consumeOrRefuse([[this.reportsByUser, caller.id]], said("moderation.tooManyReports"));
    try {
      const report = await reports.save(
        reports.create({ reporterId: caller.id, targetKind, targetId, reason: v.reason, details: v.details }),
      );
      return { ...report, reporterName: caller.username };
    } catch (error) {
      // two reports at once: the unique index keeps one
      if (isUniqueViolation(error)) throw conflict(ALREADY_REPORTED);
      throw error;
    }
  }

  /**
   * The admins' queue: one case per reported target with open reports, oldest report first; cases
   * whose user (a listing's seller) sent FLAGGED_ACCOUNT_THRESHOLD flagged messages lately come first.
   */
  async queue(paging: { page?: number; pageSize?: number }): Promise<Page<ModerationCaseView>> {
    const { page, pageSize } = parseInput(pageInput(10), paging);
    const [cases, [{ n }]] = await Promise.all([
      this.dataSource.query<
        Array<{ targetKind: ReportTargetKind; targetId: string; reportCount: number; firstReportedAt: Date; flaggedMessageCount: number }>
      >(
        `SELECT * FROM (
           SELECT c.*, ${flaggedCount(`CASE WHEN c."targetKind" = 'USER' THEN c."targetId" ELSE (SELECT p."sellerId" FROM products p WHERE p.id = c."targetId") END`)} AS "flaggedMessageCount"
             FROM (SELECT "targetKind", "targetId", count(*)::int AS "reportCount", min("createdAt") AS "firstReportedAt"
                     FROM reports WHERE status = 'OPEN' GROUP BY "targetKind", "targetId") c
         ) cases
         ORDER BY ("flaggedMessageCount" >= $3) DESC, "firstReportedAt", "targetId" LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize, FLAGGED_ACCOUNT_THRESHOLD],
      ),
      this.dataSource.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM (SELECT DISTINCT "targetKind", "targetId" FROM reports WHERE status = 'OPEN') targets`,
      ),
    ]);
    const ids = cases.map((c) => c.targetId);
    const [reports, listings] = await Promise.all([
      this.dataSource.query<ReportView[]>(
        `SELECT r.*, u.username AS "reporterName" FROM reports r LEFT JOIN users u ON u.id = r."reporterId"
          WHERE r.status = 'OPEN' AND r."targetId" = ANY($1) ORDER BY r."createdAt", r.id`,
        [ids],
      ),
      this.dataSource.getRepository(Product).find({ where: { id: In(ids) }, withDeleted: true }),
    ]);
    const listingById = new Map(listings.map((p) => [p.id, p]));
    const userIds = [
      ...new Set([
        ...cases.filter((c) => c.targetKind === ReportTargetKind.USER).map((c) => c.targetId),
        ...listings.map((p) => p.sellerId),
      ]),
    ];
    const users = await this.dataSource.getRepository(User).findBy({ id: In(userIds.filter((id): id is string => Boolean(id))) });
    const userById = new Map(users.map((u) => [u.id, u]));
    const flagged = await this.flagged.latestFlagged(users.map((u) => u.id));
    const items = cases.map((c) => {
      const listing = c.targetKind === ReportTargetKind.LISTING ? (listingById.get(c.targetId) ?? null) : null;
      const userId = listing ? listing.sellerId : c.targetKind === ReportTargetKind.USER ? c.targetId : null;
      return {
        ...c,
        reports: reports.filter((r) => r.targetKind === c.targetKind && r.targetId === c.targetId),
        flaggedMessages: flagged.filter((m) => m.senderId === userId),
        listing,
        user: (userId && userById.get(userId)) || null,
      };
    });
    return toPage(items, n, page, pageSize);
  }

  /**
   * One admin action on a listing or user, with its audit row, in one transaction. User actions on a
   * listing apply to its seller. Admins cannot be warned or suspended (nor can an admin act on themself).
   */
  async moderate(
    input: { targetKind: string; targetId: string; action: string; note?: string | null },
    admin: AuthUser,
  ): Promise<ModerationLogView> {
    const v = parseInput(moderateSchema, input);
    const logged = await this.dataSource.transaction(async (m) => {
      const lock = { mode: "pessimistic_write" } as const;
      const listing =
        v.targetKind === ReportTargetKind.LISTING && isId(v.targetId)
          ? await m.findOne(Product, { where: { id: v.targetId }, withDeleted: true, lock })
          : null;
      if (v.targetKind === ReportTargetKind.LISTING && !listing) throw notFound(said("moderation.listingNotFound"));
      const userId = v.targetKind === ReportTargetKind.USER ? v.targetId : USER_ACTIONS.includes(v.action) ? listing!.sellerId : null;
      const user = userId && isId(userId) ? await m.findOne(User, { where: { id: userId }, lock }) : null;
      if (v.targetKind === ReportTargetKind.USER && !user) throw notFound(said("account.notFound"));
      if (USER_ACTIONS.includes(v.action) && !user) throw badInput(said("moderation.sellerGone"));

      const openReport = await m.findOne(Report, {
        where: { targetKind: v.targetKind, targetId: v.targetId, status: ReportStatus.OPEN },
        order: { createdAt: "ASC", id: "ASC" },
      });
      const now = new Date();
      switch (v.action) {
        case ModerationActionKind.HIDE_LISTING:
          if (listing!.hiddenAt) throw conflict(said("moderation.alreadyHidden"));
          await setListingHidden(m, listing!.id, now);
          break;
        case ModerationActionKind.UNHIDE_LISTING:
          if (!listing!.hiddenAt) throw conflict(said("moderation.notHidden"));
          await setListingHidden(m, listing!.id, null);
          await this.events.publish(m, "product.published", { productId: listing!.id });
          break;
        case ModerationActionKind.WARN_USER:
          assertModeratable(user!, admin);
          break;
        case ModerationActionKind.SUSPEND_USER:
          assertModeratable(user!, admin);
          if (user!.suspendedAt) throw conflict(said("moderation.alreadySuspended"));
          await suspend(m, this.auth, user!, { suspendedAt: now, suspendedReason: v.note });
          break;
        case ModerationActionKind.UNSUSPEND_USER:
          if (!user!.suspendedAt) throw conflict(said("moderation.notSuspended"));
          await suspend(m, this.auth, user!, { suspendedAt: null, suspendedReason: null });
          break;
        case ModerationActionKind.DISMISS:
          if (!openReport) throw conflict(said("moderation.noOpenReports"));
          break;
      }
      const closes = !REVERSALS.includes(v.action) && openReport;
      if (closes) {
        const status = v.action === ModerationActionKind.DISMISS ? ReportStatus.DISMISSED : ReportStatus.ACTIONED;
        await m.update(Report, { targetKind: v.targetKind, targetId: v.targetId, status: ReportStatus.OPEN }, { status, closedAt: now });
      }
      const onUser = USER_ACTIONS.includes(v.action);
      const action = await m.save(
        m.create(ModerationAction, {
          adminId: admin.id,
          action: v.action,
          targetKind: onUser ? ReportTargetKind.USER : v.targetKind,
          targetId: onUser ? user!.id : v.targetId,
          reportId: closes ? openReport.id : null,
          note: v.note,
        }),
      );
      return { ...action, adminName: admin.username, targetLabel: onUser ? user!.username : (listing?.name ?? user?.username ?? null) };
    });
    await this.events.publish(this.dataSource.manager, "moderation.acted", {
      action: v.action,
      catalogueChanged: CATALOG_ACTIONS.includes(v.action),
    });
    return logged;
  }

  /**
   * Closes a reported conversation. WARN_USER and SUSPEND_USER first act, as `moderate` does (audit
   * row included), on the party the report is about: the one who did not report. DISMISS only closes
   * it. Closed, it leaves the admins' list and they can no longer read it, until a party reports again.
   */
  async moderateConversation(input: { conversationId: string; action: string; note?: string | null }, admin: AuthUser): Promise<boolean> {
    const v = parseInput(conversationActionSchema, input);
    const conversation = isId(v.conversationId)
      ? await this.dataSource.getRepository(Conversation).findOneBy({ id: v.conversationId })
      : null;
    if (!conversation?.reportedAt) throw notFound(said("moderation.conversationNotFound"));
    if (v.action !== ModerationActionKind.DISMISS) {
      const reported = conversation.reportedById === conversation.buyerId ? conversation.sellerId : conversation.buyerId;
      await this.moderate({ targetKind: ReportTargetKind.USER, targetId: reported, action: v.action, note: v.note }, admin);
    }
    // only the report the admin looked at: a newer one (reportedAt moved on) stays open
    await closeConversationReport(this.dataSource.manager, conversation.id, conversation.reportedAt);
    return true;
  }

  /** The audit trail, newest first. */
  async log(paging: { page?: number; pageSize?: number }): Promise<Page<ModerationLogView>> {
    const { page, pageSize } = parseInput(pageInput(20), paging);
    const [items, totalItems] = await Promise.all([
      this.dataSource.query<ModerationLogView[]>(
        `SELECT a.*, admin.username AS "adminName",
                CASE WHEN a."targetKind" = 'LISTING' THEN p.name ELSE u.username END AS "targetLabel"
           FROM moderation_actions a
           LEFT JOIN users admin ON admin.id = a."adminId"
           LEFT JOIN products p ON a."targetKind" = 'LISTING' AND p.id = a."targetId"
           LEFT JOIN users u ON a."targetKind" = 'USER' AND u.id = a."targetId"
          ORDER BY a."createdAt" DESC, a.id DESC LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      ),
      this.dataSource.getRepository(ModerationAction).count(),
    ]);
    return toPage(items, totalItems, page, pageSize);
  }

  /** Warnings the caller received, newest first (shown on their profile). */
  async warnings(caller: AuthUser): Promise<Warning[]> {
    const rows = await this.dataSource.getRepository(ModerationAction).find({
      select: { note: true, createdAt: true },
      where: { action: ModerationActionKind.WARN_USER, targetKind: ReportTargetKind.USER, targetId: caller.id },
      order: { createdAt: "DESC" },
      take: 10,
    });
    return rows.map((row) => ({ note: row.note ?? "", createdAt: row.createdAt }));
  }
}

function assertModeratable(user: User, admin: AuthUser): void {
  if (user.id === admin.id) throw forbidden(said("moderation.warnSelf"));
  if (user.role === Role.ADMIN) throw forbidden(said("moderation.warnAdmin"));
}

/**
 * Suspends (or lifts it): the account's listings are hidden meanwhile, and a suspension revokes every
 * token issued so far, so lifting it later does not bring old sessions back.
 */
async function suspend(
  m: EntityManager,
  auth: AuthService,
  user: User,
  change: Pick<User, "suspendedAt" | "suspendedReason">,
): Promise<void> {
  const suspending = change.suspendedAt !== null;
  await setSuspension(m, user.id, change);
  if (suspending) await auth.endSessions(m, user.id, "suspension");
  await setSellerSuspended(m, user.id, suspending);
}
