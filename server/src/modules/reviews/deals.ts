import type { DataSource, EntityManager } from "typeorm";
import { In } from "typeorm";
import { z } from "zod";
import { dealReviewRule, REVIEW_WINDOW_DAYS } from "@unibazaar/rules";
import type { Clock } from "../../platform/clock";
import type { AuthUser } from "../../platform/auth/roles";
import type { EventBus } from "../../platform/events";
import { said } from "../../platform/i18n/errors";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { idRule, parseInput } from "../../platform/shared/validation";
import { NotificationKind, type NotificationsService } from "../notifications";
import { Order, OrderStatus, type OrderStatusChanged } from "../orders";
import type { ReliabilityService } from "../reliability";
import { DealReview, DealSide, ReviewWindow, starsOf } from "./deal-entity";
import type { ReviewsService } from "./service";

const DAY_MS = 86_400_000;
const writeSchema = dealReviewRule.extend({ orderId: idRule("Choose an order.") });
export type DealReviewInput = z.input<typeof writeSchema>;

/** What one party of an order sees of its reviews. */
export type OrderReviewsView = {
  /** When the review window closes (14 days after completion); null while the order is not completed. */
  closesAt: Date | null;
  /** The caller's own review (they always see it), or null. */
  mine: DealReview | null;
  /** The other side's review, once revealed; null while hidden or not written. */
  theirs: DealReview | null;
  /** The other side has written theirs (even while it is hidden). */
  theirsWritten: boolean;
  /** The caller may write their review now. */
  canReview: boolean;
};

/** An order's review window and its reviews, as the order loader batches them. */
export type OrderReviewRows = { closesAt: Date | null; reviews: DealReview[] };

const sideOf = (order: Pick<Order, "buyerId" | "sellerId">, caller: AuthUser | null): DealSide | null =>
  caller?.id === order.buyerId ? DealSide.BUYER : caller?.id === order.sellerId ? DealSide.SELLER : null;

const orderLink = (orderId: string) => `/orders/${orderId}`;

/**
 * Two-way blind reviews of a completed order: within REVIEW_WINDOW_DAYS of completion the buyer
 * reviews the seller and the products, the seller reviews the buyer. Each review stays hidden from
 * all but its author until both are written (revealed together, in the second writer's transaction)
 * or the window closes (the `reviews.reveal-due` job). Revealing a buyer's review makes it the
 * product's review (as a review posted directly); revealing a seller's counts in the buyer's rating.
 */
export class DealReviewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deps: {
      reviews: ReviewsService;
      reliability: ReliabilityService;
      notifications: NotificationsService;
      events: EventBus;
      clock: Clock;
    },
  ) {}

  /** The caller (the order's buyer or seller) writes their one review of a completed order. */
  async write(input: DealReviewInput, caller: AuthUser): Promise<DealReview> {
    const v = parseInput(writeSchema, input);
    return this.dataSource.transaction(async (manager) => {
      // the order's row lock puts two sides writing at once one after the other: the second reveals both
      const order = await manager
        .getRepository(Order)
        .createQueryBuilder("o")
        .setLock("pessimistic_write")
        .where("o.id = :id", { id: v.orderId })
        .getOne();
      if (!order) throw notFound(said("order.notFound"));
      const side = sideOf(order, caller);
      if (!side) throw forbidden(said("review.onlyParties"));
      const window = order.status === OrderStatus.COMPLETED ? await manager.findOneBy(ReviewWindow, { orderId: order.id }) : null;
      if (!window) throw badInput(said("review.notCompleted"), { orderId: said("review.onceCompleted") });
      const { closesAt } = window;
      if (closesAt.getTime() <= this.deps.clock.now().getTime()) throw conflict(said("review.windowClosed", { days: REVIEW_WINDOW_DAYS }));
      const subjectId = side === DealSide.BUYER ? order.sellerId : order.buyerId;
      const [inserted]: Array<{ id: string }> = await manager.query(
        `INSERT INTO deal_reviews ("orderId", side, "authorId", "subjectId", "asDescribed", communication, punctuality, comment, "closesAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT ("orderId", side) DO NOTHING RETURNING id`,
        [order.id, side, caller.id, subjectId, v.asDescribed, v.communication, v.punctuality, v.comment, closesAt],
      );
      if (!inserted) throw conflict(said("review.already"));
      const both = await manager.findBy(DealReview, { orderId: order.id });
      if (both.length === 2) await this.reveal(manager, order, both);
      return manager.findOneByOrFail(DealReview, { id: inserted.id });
    });
  }

  /** The scheduled reveal: hidden reviews whose window closed are shown, and both parties told. */
  async revealDue(manager: EntityManager): Promise<number> {
    const due = await manager.query<Array<{ orderId: string }>>(
      `SELECT DISTINCT "orderId" FROM (SELECT "orderId" FROM deal_reviews WHERE "revealedAt" IS NULL AND "closesAt" <= $1
        ORDER BY "closesAt" LIMIT 200 FOR UPDATE SKIP LOCKED) d`,
      [this.deps.clock.now()],
    );
    if (!due.length) return 0;
    const orders = await manager.findBy(Order, { id: In(due.map((d) => d.orderId)) });
    const reviews = await manager.findBy(DealReview, { orderId: In(orders.map((o) => o.id)) });
    for (const order of orders)
      await this.reveal(
        manager,
        order,
        reviews.filter((r) => r.orderId === order.id),
      );
    return orders.length;
  }

  /** When an order completes, its review window opens and both parties are asked for their review. */
  async orderCompleted({ order, to }: OrderStatusChanged, manager: EntityManager): Promise<void> {
    if (to !== OrderStatus.COMPLETED) return;
    const closesAt = new Date(this.deps.clock.now().getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
    await manager.upsert(ReviewWindow, { orderId: order.id, closesAt }, ["orderId"]);
    const by = closesAt.toISOString().slice(0, 10);
    const notices = [
      { recipientId: order.buyerId, key: "order.reviewBuyer" as const },
      { recipientId: order.sellerId, key: "order.reviewSeller" as const },
    ];
    for (const { recipientId, key } of notices)
      if (recipientId)
        await this.deps.notifications.notify(
          recipientId,
          { kind: NotificationKind.ORDER_STATUS, message: { key, params: { order: order.orderNumber, by } }, link: orderLink(order.id) },
          manager,
        );
  }

  /** What the caller sees of an order's reviews: their own always, the other side's once revealed. */
  viewFor(order: Pick<Order, "status" | "buyerId" | "sellerId">, rows: OrderReviewRows, caller: AuthUser | null): OrderReviewsView {
    const side = sideOf(order, caller);
    const closesAt = order.status === OrderStatus.COMPLETED ? rows.closesAt : null;
    const mine = (side && rows.reviews.find((r) => r.side === side)) || null;
    const other = rows.reviews.find((r) => r.side !== side) ?? null;
    // hidden from everyone but its author (admins included) until revealed
    const theirs = other?.revealedAt ? other : null;
    return {
      closesAt,
      mine,
      theirs,
      theirsWritten: Boolean(side && other),
      canReview: Boolean(side && !mine && closesAt && closesAt.getTime() > this.deps.clock.now().getTime()),
    };
  }

  /** Shows an order's hidden reviews, with what each one feeds, and tells both parties. */
  private async reveal(manager: EntityManager, order: Order, reviews: DealReview[]): Promise<void> {
    const hidden = reviews.filter((r) => !r.revealedAt);
    if (!hidden.length) return;
    await manager.update(DealReview, { id: In(hidden.map((r) => r.id)) }, { revealedAt: this.deps.clock.now() });
    for (const review of hidden) {
      if (review.side === DealSide.SELLER) {
        await this.deps.reliability.bump(manager, review.subjectId, {
          buyerReviewCount: 1,
          buyerReviewPoints: review.asDescribed + review.communication + review.punctuality,
        });
      } else if (review.authorId) {
        await this.productReviews(manager, order.id, review.authorId, review);
      }
    }
    const message = { key: "order.reviewsVisible" as const, params: { order: order.orderNumber } };
    for (const recipientId of [order.buyerId, order.sellerId])
      if (recipientId)
        await this.deps.notifications.notify(
          recipientId,
          { kind: NotificationKind.ORDER_STATUS, message, link: orderLink(order.id) },
          manager,
        );
  }

  /** The buyer's revealed review becomes their review of each product of the order still listed. */
  private async productReviews(manager: EntityManager, orderId: string, buyerId: string, review: DealReview): Promise<void> {
    const rating = Math.min(5, Math.max(1, Math.round(starsOf(review))));
    const rows: Array<{ productId: string }> = await manager.query(
      `INSERT INTO reviews ("userId", "productId", rating, comment, "verifiedPurchase")
       SELECT DISTINCT $2::uuid, p.id, $3::smallint, $4, true FROM order_lines l JOIN products p ON p.id = l."productId" AND p."deletedAt" IS NULL
        WHERE l."orderId" = $1 AND p."sellerId" IS DISTINCT FROM $2::uuid
       ON CONFLICT ("userId", "productId")
       DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, "verifiedPurchase" = true, "updatedAt" = now()
       RETURNING "productId"`,
      [orderId, buyerId, rating, review.comment],
    );
    await this.deps.reviews.recomputeRatings(
      manager,
      rows.map((r) => r.productId),
    );
    // the products' ratings changed: announced as a posted review is (the catalogue cache drops after the commit)
    for (const { productId } of rows) await this.deps.events.publish(manager, "review.posted", { productId });
  }
}

/** Review windows and reviews of many orders, in two queries (the per-request loader). */
export async function orderReviewRows(dataSource: DataSource, orderIds: readonly string[]): Promise<OrderReviewRows[]> {
  const [windows, reviews] = await Promise.all([
    dataSource.getRepository(ReviewWindow).findBy({ orderId: In([...orderIds]) }),
    dataSource.getRepository(DealReview).findBy({ orderId: In([...orderIds]) }),
  ]);
  return orderIds.map((id) => ({
    closesAt: windows.find((w) => w.orderId === id)?.closesAt ?? null,
    reviews: reviews.filter((r) => r.orderId === id),
  }));
}
