import type { DataSource, EntityManager } from "typeorm";
import { In } from "typeorm";
import { z } from "zod";
import { NO_SHOW_CONTEST_HOURS, noShowContestRule } from "@unibazaar/rules";
import type { Clock } from "../../platform/clock";
import type { AuthUser } from "../../platform/auth/roles";
import { said } from "../../platform/i18n/errors";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { formatOrderNumber } from "../../platform/shared/order-number";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { isId, parseInput } from "../../platform/shared/validation";
import type { MessageKey } from "../../platform/i18n";
import { closeReport } from "../moderation";
import { NotificationKind, type NotificationsService } from "../notifications";
import {
  Fulfilment,
  MeetupState,
  missedMeetupAt,
  Order,
  OrderStatus,
  type OrderHandoverConfirmed,
  type OrderStatusChanged,
} from "../orders";
import { NoShowReport, NoShowStatus, UserReliability } from "./entity";

export type Counter = Exclude<keyof UserReliability, "userId">;

const HOUR_MS = 3_600_000;
/** Orders a no-show can no longer be reported on: the goods changed hands, or the deal was called off. */
const NO_SHOW_CLOSED: readonly OrderStatus[] = [OrderStatus.COMPLETED, OrderStatus.REJECTED, OrderStatus.CANCELLED];

const contestSchema = z.object({
  reason: noShowContestRule,
});

/** A contested no-show waiting for an admin's decision. */
export type ContestedNoShow = {
  orderId: string;
  orderNumber: string;
  meetupAt: Date | null;
  contestReason: string;
  reportedAt: Date;
  reporterName: string | null;
  accusedName: string | null;
};

/** How soon a user usually answers a new conversation: the bucket holding the median first answer. */
export enum TypicalReply {
  WITHIN_HOUR = "WITHIN_HOUR",
  WITHIN_DAY = "WITHIN_DAY",
  LONGER = "LONGER",
}

export type ReliabilityView = {
  completedDeals: number;
  noShows: number;
  cancellations: number;
  /** Percent of conversations others opened that the user answered; null before any. */
  responseRate: number | null;
  typicalReply: TypicalReply | null;
  /** Average stars sellers gave the user as a buyer (revealed reviews); null before any. */
  buyerRating: number | null;
  buyerReviewCount: number;
};

export function toReliabilityView(row: UserReliability | null): ReliabilityView {
  const r = row ?? ({ userId: "" } as UserReliability);
  const answered = r.chatsAnswered ?? 0;
  const withinHour = r.repliesWithinHour ?? 0;
  const withinDay = withinHour + (r.repliesWithinDay ?? 0);
  const typicalReply = !answered
    ? null
    : withinHour * 2 >= answered
      ? TypicalReply.WITHIN_HOUR
      : withinDay * 2 >= answered
        ? TypicalReply.WITHIN_DAY
        : TypicalReply.LONGER;
  const buyerReviewCount = r.buyerReviewCount ?? 0;
  return {
    completedDeals: r.completedDeals ?? 0,
    noShows: r.noShows ?? 0,
    cancellations: r.cancellations ?? 0,
    responseRate: r.chatsReceived ? Math.round((answered / r.chatsReceived) * 100) : null,
    typicalReply,
    buyerRating: buyerReviewCount ? Math.round((r.buyerReviewPoints / (3 * buyerReviewCount)) * 100) / 100 : null,
    buyerReviewCount,
  };
}

/**
 * Each user's reliability record (completed deals, upheld no-shows, cancellations after an accepted
 * offer or a confirmed meetup, chat answers and how soon) and the no-show reports that feed it.
 * The counters move in the transaction of what they count, one UPSERT each.
 */
export class ReliabilityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /** Adds to a user's counters (creating their row on first use). */
  async bump(manager: EntityManager, userId: string | null, changes: Partial<Record<Counter, number>>): Promise<void> {
    const entries = Object.entries(changes).filter(([, n]) => n);
    if (!userId || !entries.length) return;
    const columns = entries.map(([c]) => `"${c}"`);
    await manager.query(
      `INSERT INTO user_reliability ("userId", ${columns.join(", ")}) VALUES ($1, ${entries.map((_, i) => `$${i + 2}`).join(", ")})
       ON CONFLICT ("userId") DO UPDATE SET ${columns.map((c) => `${c} = user_reliability.${c} + EXCLUDED.${c}`).join(", ")}`,
      [userId, ...entries.map(([, n]) => n)],
    );
  }

  /**
   * A completed order is a deal for both, until a dispute's full refund cancels it (the goods never
   * changed hands); a deal called off after its price or meetup was agreed counts on whoever did it.
   */
  async orderStatusChanged({ order, to, actor }: OrderStatusChanged, manager: EntityManager): Promise<void> {
    if (to === OrderStatus.COMPLETED) {
      await this.bump(manager, order.buyerId, { completedDeals: 1 });
      await this.bump(manager, order.sellerId, { completedDeals: 1 });
      return;
    }
    if (order.status === OrderStatus.COMPLETED) {
      await manager.query(
        `UPDATE user_reliability SET "completedDeals" = GREATEST("completedDeals" - 1, 0) WHERE "userId" = ANY($1::uuid[])`,
        [[order.buyerId, order.sellerId].filter(Boolean)],
      );
      return;
    }
    if (to !== OrderStatus.CANCELLED && to !== OrderStatus.REJECTED) return;
    if (actor.id !== order.buyerId && actor.id !== order.sellerId) return;
    const agreed =
      order.meetupState === MeetupState.CONFIRMED ||
      (await manager.query(`SELECT 1 FROM order_lines WHERE "orderId" = $1 AND "offerPricePaisa" IS NOT NULL LIMIT 1`, [order.id])).length >
        0;
    if (agreed) await this.bump(manager, actor.id, { cancellations: 1 });
  }

  /**
   * A conversation's first message asks its recipient; the recipient's first message answers it,
   * counted by how long after the opening message it came. Two indexed look-ups per message.
   */
  async messageSent(
    { conversationId, senderId, recipientId, sentAt }: { conversationId: string; senderId: string; recipientId: string; sentAt: Date },
    manager: EntityManager,
  ): Promise<void> {
    const [row]: Array<{ openerId: string; openedAt: Date; mine: number }> = await manager.query(
      `SELECT o."senderId" AS "openerId", o."createdAt" AS "openedAt",
              (SELECT count(*)::int FROM (SELECT 1 FROM messages WHERE "conversationId" = $1 AND "senderId" = $2 LIMIT 2) s) AS mine
         FROM (SELECT "senderId", "createdAt" FROM messages WHERE "conversationId" = $1 ORDER BY "createdAt", id LIMIT 1) o`,
      [conversationId, senderId],
    );
    if (!row || row.mine !== 1) return;
    if (row.openerId === senderId) {
      await this.bump(manager, recipientId, { chatsReceived: 1 });
      return;
    }
    const waited = sentAt.getTime() - new Date(row.openedAt).getTime();
    await this.bump(manager, senderId, {
      chatsAnswered: 1,
      ...(waited <= HOUR_MS ? { repliesWithinHour: 1 } : waited <= 24 * HOUR_MS ? { repliesWithinDay: 1 } : {}),
    });
  }

  /**
   * The buyer or the seller of a meetup order says the other did not come: only once an agreed
   * meetup time has passed (also one a new proposal has since replaced), while the order is still
   * open, and once per order (either party).
   */
  async reportNoShow(orderId: string, caller: AuthUser): Promise<NoShowReport> {
    return this.dataSource.transaction(async (manager) => {
      const order = await lockedOrder(manager, orderId);
      const accusedId = otherParty(order, caller);
      const meetup = order.fulfilment === Fulfilment.MEETUP;
      const missed = meetup ? missedMeetupAt(order, this.clock.now()) : null;
      if (!missed && !(meetup && order.meetupAt && order.meetupState === MeetupState.CONFIRMED))
        throw badInput(said("noShow.noAgreedMeetup"), { orderId: said("noShow.orderHasNoMeetup") });
      if (!missed) throw badInput(said("noShow.notYet"), { orderId: said("noShow.afterMeetup") });
      if (NO_SHOW_CLOSED.includes(order.status))
        throw badInput(said("noShow.orderClosed", { status: order.status }), {
          orderId: said("noShow.nothingToReport", { status: order.status }),
        });
      if (await manager.existsBy(NoShowReport, { orderId: order.id })) throw conflict(said("noShow.alreadyReported"));
      const contestBy = new Date(this.clock.now().getTime() + NO_SHOW_CONTEST_HOURS * HOUR_MS);
      const report = await manager.save(
        manager.create(NoShowReport, { orderId: order.id, reporterId: caller.id, accusedId, contestBy, meetupAt: missed }),
      );
      const message = {
        key: "order.noShow" as const,
        params: { reporter: caller.username, order: order.orderNumber, hours: NO_SHOW_CONTEST_HOURS },
      };
      await this.notifications.notify(accusedId, { kind: NotificationKind.ORDER_STATUS, message, link: `/orders/${order.id}` }, manager);
      return report;
    });
  }

  /** The accused contests an open report within its window; an admin then decides it (`contested`). */
  async contestNoShow(orderId: string, input: { reason: string }, caller: AuthUser): Promise<NoShowReport> {
    const { reason } = parseInput(contestSchema, input);
    return this.dataSource.transaction(async (manager) => {
      const order = await lockedOrder(manager, orderId);
      otherParty(order, caller);
      const report = await manager.findOneBy(NoShowReport, { orderId: order.id });
      if (!report) throw notFound(said("noShow.notFound"));
      if (report.accusedId !== caller.id) throw forbidden(said("noShow.onlyAccused"));
      if (report.status !== NoShowStatus.OPEN) throw conflict(said("noShow.alreadyState", { state: report.status.toLowerCase() }));
      if (report.contestBy.getTime() <= this.clock.now().getTime()) throw conflict(said("noShow.contestTimePassed"));
      await manager.update(NoShowReport, report.id, { status: NoShowStatus.CONTESTED, contestReason: reason });
      return manager.findOneByOrFail(NoShowReport, { id: report.id });
    });
  }

  /** The admins' list of contested no-shows waiting for a decision, the oldest first, with both sides' names. */
  async contested(paging: { page?: number; pageSize?: number }): Promise<Page<ContestedNoShow>> {
    const { page, pageSize } = parseInput(pageInput(10), paging);
    const [items, [{ n }]] = await Promise.all([
      this.dataSource.query<ContestedNoShow[]>(
        `SELECT n."orderId", o."orderNumber", COALESCE(n."meetupAt", o."meetupAt") AS "meetupAt", n."contestReason", n."createdAt" AS "reportedAt",
                reporter.username AS "reporterName", accused.username AS "accusedName"
           FROM no_show_reports n JOIN orders o ON o.id = n."orderId"
           LEFT JOIN users reporter ON reporter.id = n."reporterId" LEFT JOIN users accused ON accused.id = n."accusedId"
          WHERE n.status = 'CONTESTED' ORDER BY n."createdAt", n.id LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      ),
      this.dataSource.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM no_show_reports WHERE status = 'CONTESTED'`),
    ]);
    return toPage(
      items.map((c) => ({ ...c, orderNumber: formatOrderNumber(Number(c.orderNumber)) })),
      n,
      page,
      pageSize,
    );
  }

  /**
   * An admin upholds (it stays on the accused's record) or drops a contested report; both parties
   * are told. A moderation report a contest filed before contests had their own list is closed with it.
   */
  async decideNoShow(orderId: string, uphold: boolean): Promise<NoShowReport> {
    if (!isId(orderId)) throw notFound(said("noShow.notFound"));
    return this.dataSource.transaction(async (manager) => {
      const [report] = await manager.query<NoShowReport[]>(`SELECT * FROM no_show_reports WHERE "orderId" = $1 FOR UPDATE`, [orderId]);
      if (!report) throw notFound(said("noShow.notFound"));
      if (report.status !== NoShowStatus.CONTESTED) throw conflict(said("noShow.notContested"));
      await this.settle(manager, report, uphold ? NoShowStatus.UPHELD : NoShowStatus.DISMISSED);
      if (report.moderationReportId) await closeReport(manager, report.moderationReportId, uphold);
      const [order] = await manager.query<Array<{ orderNumber: number }>>(`SELECT "orderNumber" FROM orders WHERE id = $1`, [orderId]);
      const link = `/orders/${orderId}`;
      const params = { order: order.orderNumber };
      const notices: Array<[string | null, MessageKey]> = [
        [report.reporterId, uphold ? "noShow.upheldReporter" : "noShow.droppedReporter"],
        [report.accusedId, uphold ? "noShow.upheldAccused" : "noShow.droppedAccused"],
      ];
      for (const [recipientId, key] of notices)
        if (recipientId)
          await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, message: { key, params }, link }, manager);
      return manager.findOneByOrFail(NoShowReport, { id: report.id });
    });
  }

  /**
   * Reaction to `order.handover-confirmed`: the seller typed the buyer's code, or the buyer said they
   * got the goods, so the two met. A report still open (not contested, not decided) is dropped and
   * both are told; a contested one stays the admins' to decide. A confirmation by the deadline alone
   * (`auto`) is only the seller's word, and leaves the report as it is.
   */
  async handoverConfirmed({ order, how }: OrderHandoverConfirmed, manager: EntityManager): Promise<void> {
    if (how === "auto") return;
    const [dropped]: [NoShowReport[], number] = await manager.query(
      `UPDATE no_show_reports SET status = $2, "decidedAt" = $3 WHERE "orderId" = $1 AND status = $4 RETURNING *`,
      [order.id, NoShowStatus.DISMISSED, this.clock.now(), NoShowStatus.OPEN],
    );
    const link = `/orders/${order.id}`;
    const params = { order: order.orderNumber };
    for (const report of dropped) {
      const notices: Array<[string | null, MessageKey]> = [
        [report.reporterId, "noShow.droppedOnHandoverReporter"],
        [report.accusedId, "noShow.droppedOnHandoverAccused"],
      ];
      for (const [recipientId, key] of notices)
        if (recipientId)
          await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, message: { key, params }, link }, manager);
    }
  }

  /** The scheduled settlement: reports nobody contested in time are upheld. */
  async settleDue(manager: EntityManager): Promise<number> {
    const due = await manager.query<NoShowReport[]>(
      `SELECT * FROM no_show_reports WHERE status = 'OPEN' AND "contestBy" <= $1 ORDER BY "contestBy" LIMIT 500 FOR UPDATE SKIP LOCKED`,
      [this.clock.now()],
    );
    for (const report of due) await this.settle(manager, report, NoShowStatus.UPHELD);
    return due.length;
  }

  private async settle(manager: EntityManager, report: NoShowReport, status: NoShowStatus): Promise<void> {
    await manager.update(NoShowReport, report.id, { status, decidedAt: new Date() });
    if (status === NoShowStatus.UPHELD) await this.bump(manager, report.accusedId, { noShows: 1 });
  }
}

/** Records by user id, in one query (the per-request loader); users without a row read as a blank record. */
export async function reliabilityRecords(dataSource: DataSource, userIds: readonly string[]): Promise<ReliabilityView[]> {
  const rows = await dataSource.getRepository(UserReliability).findBy({ userId: In(userIds.filter(isId)) });
  const byId = new Map(rows.map((r) => [r.userId, r]));
  return userIds.map((id) => toReliabilityView(byId.get(id) ?? null));
}

/** The order under a row lock, for its buyer or seller only. */
async function lockedOrder(manager: EntityManager, orderId: string): Promise<Order> {
  const order = isId(orderId)
    ? await manager.getRepository(Order).createQueryBuilder("o").setLock("pessimistic_write").where("o.id = :orderId", { orderId }).getOne()
    : null;
  if (!order) throw notFound(said("order.notFound"));
  return order;
}

/** The party of the order who is not the caller; refuses anyone but its buyer and seller. */
function otherParty(order: Order, caller: AuthUser): string {
  if (caller.id === order.buyerId && order.sellerId) return order.sellerId;
  if (caller.id === order.sellerId && order.buyerId) return order.buyerId;
  throw forbidden(said("noShow.onlyParties"));
}
