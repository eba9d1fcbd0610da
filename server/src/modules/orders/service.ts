import type { DataSource, EntityManager } from "typeorm";
import { said } from "../../platform/i18n/errors";
import { z } from "zod";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { AppConfig } from "../../platform/config";
import type { EventBus } from "../../platform/events";
import { badInput, forbidden, notFound } from "../../platform/shared/errors";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { parseInput } from "../../platform/shared/validation";
import { CheckoutService } from "./checkout";
import { CheckoutSession, HandoverState, isCashPayment, MeetupState, Order, OrderStatus, OrderStatusEvent, PaymentStatus } from "./entity";
import { confirmRefusal, meetupInputSchema, meetupParty, missedMeetupAt, pointOffCampus, proposeRefusal, type MeetupInput } from "./meetup";
import { handoverOnCompletion } from "./handover-rules";
import { isUuid } from "./pricing";
import { releaseUnits } from "./stock";
import { PURCHASE_EXCLUDED_STATUSES, capacityOn, moneyMatters, refusal, type OrderMoney, type OrderMoneyReader } from "./transitions";

const statusSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.toLowerCase() : value),
  z.enum(OrderStatus, { message: "Choose a valid order status." }),
);
const listSchema = pageInput(10).extend({ status: statusSchema.nullish() });
const statusInput = z.object({ status: statusSchema });
export type OrderListInput = { status?: string | null; page?: number | string | null; pageSize?: number | string | null };

const ORDER_NOT_FOUND = said("order.notFound");

/** The order lifecycle, meetups and order lists; checkout and card payment are `checkouts`. */
export class OrdersService {
  readonly checkouts: CheckoutService;

  /**
   * Publishes `order.status-changed` and `order.meetup-changed` in its transactions: notices and cache
   * drops subscribe. `moneyOf` is the payments' answer to where an order's money stands.
   */
  constructor(
    private readonly dataSource: DataSource,
    settings: Pick<AppConfig, "requireVerifiedBuyers"> & { onlinePaymentMethods: readonly string[] },
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly moneyOf: OrderMoneyReader,
  ) {
    this.checkouts = new CheckoutService(dataSource, settings, events, clock);
  }

  /**
   * Moves an order along the lifecycle (see transitions.ts) under a row lock, so two concurrent
   * changes cannot both apply, and records who did it. Accepts the enum's values, any case.
   */
  async updateOrderStatus(orderId: string, status: string, user: AuthUser): Promise<Order> {
    const to = parseInput(statusInput, { status }).status;
    if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => this.changeStatus(manager, await lockOrder(manager, orderId), to, user));
  }

  /**
   * One step of the lifecycle on an order the caller's transaction locked. A completion is
   * "confirmed by code" when the seller typed the buyer's code (`byCode`), else it awaits the buyer.
   */
  async changeStatus(manager: EntityManager, order: Order, to: OrderStatus, user: AuthUser, byCode = false): Promise<Order> {
    const refused = refusal(order, to, user, this.clock.now(), await this.money(manager, order));
    if (refused) throw refused;

    const paidOnDelivery = to === OrderStatus.COMPLETED && isCashPayment(order.paymentMethod);
    await manager.update(Order, order.id, {
      status: to,
      ...(paidOnDelivery ? { paymentStatus: PaymentStatus.PAID } : {}),
      ...(to === OrderStatus.COMPLETED ? handoverOnCompletion(byCode, this.clock.now()) : {}),
    });
    await manager.insert(OrderStatusEvent, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      actorId: user.id,
      actorRole: capacityOn(order, user),
    });
    if (PURCHASE_EXCLUDED_STATUSES.includes(to)) await releaseUnits(manager, order.id);
    if (isCashPayment(order.paymentMethod) && [OrderStatus.COMPLETED, OrderStatus.REJECTED, OrderStatus.CANCELLED].includes(to)) {
      await settleCashCheckout(manager, order.checkoutSessionId);
    }
    // its subscribers (the notices) commit with the change or not at all
    await this.events.publish(manager, "order.status-changed", { order, to, actor: user });
    const changed = await manager.findOneByOrFail(Order, { id: order.id });
    if (to === OrderStatus.COMPLETED && byCode)
      await this.events.publish(manager, "order.handover-confirmed", { order: changed, how: "code" });
    return changed;
  }

  /** Where a locked order's money stands, read in the caller's transaction (only when a step could depend on it). */
  async money(manager: EntityManager, order: Order): Promise<OrderMoney> {
    return moneyMatters(order) ? this.moneyOf(manager, order.id) : "none";
  }

  /**
   * Reaction to `dispute.decided` (its payment settled): the order ends as the money did, COMPLETED
   * when the seller got some of it, CANCELLED when all of it went back to the buyer, recorded as the
   * deciding admin's step. Its units stay off sale: where the goods are is the admins' call, not a
   * listing's. The escrow's refund on a cancel finds the payment settled and does nothing. Every
   * decision also ends a handover still awaiting the buyer (an order the seller completed without the
   * code): the buyer objected by disputing and the admin decided, so neither the buyer's confirmation
   * nor the 48 hours' automatic one is left to come.
   */
  async disputeDecided(manager: EntityManager, decision: { orderId: string; refundedInFull: boolean; admin: AuthUser }): Promise<void> {
    const order = await lockOrder(manager, decision.orderId);
    if (order.handoverState === HandoverState.AWAITING_BUYER) {
      await manager.update(Order, order.id, { handoverState: null, handoverDueAt: null });
    }
    const to = decision.refundedInFull ? OrderStatus.CANCELLED : OrderStatus.COMPLETED;
    if (order.status === to || PURCHASE_EXCLUDED_STATUSES.includes(order.status)) return;
    await manager.update(Order, order.id, { status: to });
    await manager.insert(OrderStatusEvent, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      actorId: decision.admin.id,
      actorRole: Role.ADMIN,
    });
    await this.events.publish(manager, "order.status-changed", { order, to, actor: decision.admin });
  }

  /** The other side of a meetup order confirms the current proposal (time and point). */
  async confirmMeetup(orderId: string, user: AuthUser): Promise<Order> {
    if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      const refused = confirmRefusal(order, user, this.clock.now());
      if (refused) throw refused;
      await manager.update(Order, order.id, { meetupState: MeetupState.CONFIRMED });
      const updated = await manager.findOneByOrFail(Order, { id: order.id });
      await this.events.publish(manager, "order.meetup-changed", { order: updated, actor: user, change: "confirmed" });
      return updated;
    });
  }

  /**
   * The buyer or the seller proposes another time or point on the order's campus (also after a
   * confirmation, to reschedule); the other side then confirms it. An agreed time that already
   * passed is kept on the order (`missedMeetupAt`): a no-show may still be reported on it.
   */
  async proposeMeetup(orderId: string, input: MeetupInput, user: AuthUser): Promise<Order> {
    const meetup = parseInput(meetupInputSchema(this.clock), input);
    if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      const refused = proposeRefusal(order, user) ?? pointOffCampus(meetup.point, order.meetupCampus!);
      if (refused) throw refused;
      await manager.update(Order, order.id, {
        meetupPoint: meetup.point.slug,
        meetupAt: meetup.at,
        meetupState: MeetupState.PROPOSED,
        meetupProposedBy: meetupParty(order, user),
        missedMeetupAt: missedMeetupAt(order, this.clock.now()),
      });
      const updated = await manager.findOneByOrFail(Order, { id: order.id });
      await this.events.publish(manager, "order.meetup-changed", { order: updated, actor: user, change: "proposed" });
      return updated;
    });
  }

  /** One order, for its buyer, its seller or an admin. */
  async order(orderId: string, user: AuthUser): Promise<Order> {
    const order = isUuid(orderId) ? await this.dataSource.getRepository(Order).findOneBy({ id: orderId }) : null;
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (!capacityOn(order, user)) throw forbidden(said("order.notYours"));
    return order;
  }

  /** The caller's purchases, newest first. */
  myOrders(input: OrderListInput, caller: AuthUser): Promise<Page<Order>> {
    return this.list({ buyerId: caller.id }, input);
  }

  /**
   * A seller's sales, with shipping details and contact number: the caller's own (sellers and
   * admins), or with `sellerId` (admins) any seller's.
   */
  sellerOrders(input: OrderListInput & { sellerId?: string | null }, user: AuthUser): Promise<Page<Order>> {
    const sellerId = input.sellerId ?? user.id;
    if (sellerId !== user.id && user.role !== Role.ADMIN) throw forbidden(said("order.onlyOwnSeen"));
    if (!isUuid(sellerId)) throw badInput(said("order.badSellerId"), { sellerId: said("order.badSellerId") });
    return this.list({ sellerId }, input);
  }

  /** Every order (admins). */
  allOrders(input: OrderListInput): Promise<Page<Order>> {
    return this.list({}, input);
  }

  private async list(where: { buyerId?: string; sellerId?: string }, input: OrderListInput): Promise<Page<Order>> {
    // null means "not given", as for an omitted GraphQL argument
    const { page, pageSize, status } = parseInput(listSchema, {
      ...input,
      page: input.page ?? undefined,
      pageSize: input.pageSize ?? undefined,
    });
    const [items, total] = await this.dataSource.getRepository(Order).findAndCount({
      where: { ...where, ...(status ? { status } : {}) },
      order: { createdAt: "DESC", orderNumber: "DESC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return toPage(items, total, page, pageSize);
  }
}

/** An order row under a write lock, so two concurrent changes to it apply one after the other. */
export async function lockOrder(manager: EntityManager, orderId: string): Promise<Order> {
  const order = await manager
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .where("o.id = :id", { id: orderId })
    .getOne();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/**
 * A cash-on-delivery checkout is paid once each of its orders is paid or will never be (rejected,
 * cancelled) and at least one was paid. The checkout row is locked first, so two sellers
 * completing their orders at once both see each other's result.
 */
async function settleCashCheckout(manager: EntityManager, sessionId: string): Promise<void> {
  await manager
    .getRepository(CheckoutSession)
    .createQueryBuilder("s")
    .setLock("pessimistic_write")
    .where("s.id = :id", { id: sessionId })
    .getOne();
  await manager.query(
    `UPDATE "checkout_sessions" s SET "paymentStatus" = $2, "paidAt" = now()
      WHERE s."id" = $1 AND s."paymentStatus" = $3
        AND EXISTS (SELECT 1 FROM "orders" o WHERE o."checkoutSessionId" = s."id" AND o."paymentStatus" = $2)
        AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."checkoutSessionId" = s."id" AND o."paymentStatus" = $3 AND o."status" <> ALL($4))`,
    [sessionId, PaymentStatus.PAID, PaymentStatus.UNPAID, PURCHASE_EXCLUDED_STATUSES],
  );
}
