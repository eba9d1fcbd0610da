import { randomUUID } from "node:crypto";
import { QueryFailedError, type DataSource, type EntityManager } from "typeorm";
import { z } from "zod";
import { badInput, conflict, forbidden, notFound, type FieldErrors } from "../../platform/shared/errors";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { parseInput } from "../../platform/shared/validation";
import { requiredContactNumberRule, shippingRules } from "@unibazaar/rules";
import { markOffersUsed } from "../conversations/offers";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { Product } from "../products/entity";
import {
  CheckoutSession,
  formatOrderNumber,
  Fulfilment,
  isCashPayment,
  MeetupParty,
  MeetupState,
  Order,
  OrderLine,
  OrderStatus,
  OrderStatusEvent,
  PaymentMethod,
  PaymentStatus,
} from "./entity";
import {
  confirmRefusal,
  meetupInputSchema,
  meetupParty,
  pointOffCampus,
  proposeRefusal,
  type MeetupInput,
  type ValidMeetup,
} from "./meetup";
import { checkCard, type CardForm } from "./payments";
import { handoverOnCompletion } from "./handover-rules";
import { claimReservations } from "../reservations/hold";
import { cartLinesSchema, couponCodeSchema, isUuid, mergeLines, priceCart, type CartLine, type PricedCart } from "./pricing";
import { PURCHASE_EXCLUDED_STATUSES, capacityOn, refusal } from "./transitions";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { AppConfig } from "../../platform/config";
import { User } from "../users/entity";

const shippingSchema = z.preprocess(
  // a missing block reports each missing field, like an empty form
  (value) => value ?? {},
  shippingRules,
);

const paymentMethodSchema = z.enum(PaymentMethod, { message: "Choose cash on delivery, cash on meetup or card." }).nullish();

// legacy REST clients send none: each of their requests is then a new checkout
const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, "idempotencyKey must not be empty.")
  .max(100, "idempotencyKey must be at most 100 characters.")
  .nullish()
  .transform((key) => key ?? randomUUID());

const cartAndContact = { lines: cartLinesSchema.min(1, "No products found."), contactNumber: requiredContactNumberRule };

// keys in the order a form shows its errors: the first one becomes the error's message
const addressOrderSchema = z
  .object({
    ...cartAndContact,
    shipping: shippingSchema,
    couponCode: couponCodeSchema,
    paymentMethod: paymentMethodSchema
      .refine((method) => method !== PaymentMethod.CASH_ON_MEETUP, "Cash on meetup is only for orders met on campus.")
      .transform((method) => method ?? PaymentMethod.CASH_ON_DELIVERY),
    idempotencyKey: idempotencyKeySchema,
  })
  .transform((v) => ({ ...v, fulfilment: Fulfilment.ADDRESS as const, meetup: null }));

// a meetup needs no address: the shipping fields are ignored
const meetupOrderSchema = (clock: Clock) =>
  z
    .object({
      ...cartAndContact,
      meetup: z.preprocess((value) => value ?? {}, meetupInputSchema(clock)),
      couponCode: couponCodeSchema,
      paymentMethod: paymentMethodSchema
        .refine((method) => method !== PaymentMethod.CASH_ON_DELIVERY, "A meetup is paid in cash on meetup or by card.")
        .transform((method) => method ?? PaymentMethod.CASH_ON_MEETUP),
      idempotencyKey: idempotencyKeySchema,
    })
    .transform((v) => ({ ...v, fulfilment: Fulfilment.MEETUP as const, shipping: null }));

/** The order input; `fulfilment` (address by default) picks which of shipping and meetup it needs. */
export type PlaceOrderInput = Omit<z.input<typeof addressOrderSchema>, "shipping"> & {
  shipping?: unknown;
  fulfilment?: Fulfilment | null;
  meetup?: MeetupInput | null;
};
type ValidOrder = z.output<typeof addressOrderSchema> | z.output<ReturnType<typeof meetupOrderSchema>>;

const parsePlaceOrder = (input: PlaceOrderInput, clock: Clock): ValidOrder =>
  input.fulfilment === Fulfilment.MEETUP ? parseInput(meetupOrderSchema(clock), input) : parseInput(addressOrderSchema, input);

const quoteSchema = z.object({ lines: cartLinesSchema, couponCode: couponCodeSchema });

const statusSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.toLowerCase() : value),
  z.enum(OrderStatus, { message: "Choose a valid order status." }),
);
const listSchema = pageInput(10).extend({ status: statusSchema.nullish() });
export type OrderListInput = { status?: string | null; page?: number | string | null; pageSize?: number | string | null };

const ORDER_NOT_FOUND = "Order not found.";

const CHECKOUT_NOT_FOUND = "Checkout not found.";
const CLIENT_GONE = "The request was abandoned before the order was placed; nothing was ordered.";

const isIdempotencyConflict = (error: unknown) =>
  error instanceof QueryFailedError &&
  (error.driverError as { constraint?: string }).constraint === "checkout_sessions_buyer_idempotency_key";

export const BUYERS_MUST_VERIFY = "Only verified students can buy on UniBazaar. Verify your university e-mail on your profile page first.";

/** Checkout, payment and the order lifecycle. Every rule about orders lives here. */
export class OrdersService {
  /** Publishes `order.placed` and `order.status-changed` in its transactions: notices, alerts and cache drops subscribe. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: Pick<AppConfig, "requireVerifiedBuyers">,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /** The cart summary: server prices, per-seller coupon and tax, unavailable products flagged. */
  async priceQuote(input: { lines: CartLine[]; couponCode?: string | null }, caller?: AuthUser | null): Promise<PricedCart> {
    const v = parseInput(quoteSchema, input);
    return priceCart(this.dataSource.manager, mergeLines(v.lines), v.couponCode, this.clock.now(), caller?.id);
  }

  /**
   * Places the cart as one checkout with one order per seller, in one transaction. A retry with
   * the same idempotency key returns the first checkout; the unique constraint settles a race.
   * When `clientGone` aborts (the client stopped waiting), the transaction rolls back instead of
   * committing an order nobody was told about.
   */
  async placeOrder(input: PlaceOrderInput, buyer: AuthUser, clientGone?: AbortSignal): Promise<CheckoutSession> {
    const v = parsePlaceOrder(input, this.clock);
    // REQUIRE_VERIFIED_BUYERS: only verified students (and admins) place orders
    if (this.settings.requireVerifiedBuyers && buyer.role !== Role.ADMIN) {
      const row = await this.dataSource.getRepository(User).findOne({ where: { id: buyer.id }, select: { id: true, verifiedAt: true } });
      if (!row?.verifiedAt) throw forbidden(BUYERS_MUST_VERIFY);
    }
    const earlier = await this.checkoutByKey(buyer.id, v.idempotencyKey);
    if (earlier) return earlier;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const session = await this.createCheckout(manager, buyer, v);
        if (clientGone?.aborted) throw conflict(CLIENT_GONE);
        return session;
      });
    } catch (error) {
      if (!isIdempotencyConflict(error)) throw error;
      return (await this.checkoutByKey(buyer.id, v.idempotencyKey))!;
    }
  }

  private checkoutByKey(buyerId: string, idempotencyKey: string) {
    return this.dataSource.getRepository(CheckoutSession).findOneBy({ buyerId, idempotencyKey });
  }

  private async createCheckout(manager: EntityManager, buyer: AuthUser, v: ValidOrder): Promise<CheckoutSession> {
    const now = this.clock.now();
    const cart = await priceCart(manager, mergeLines(v.lines), v.couponCode, now, buyer.id);
    refuseUnbuyable(cart, v.lines, buyer);
    const meetupCampus = v.meetup ? campusToMeet(cart, v.meetup) : null;

    const session = manager.create(CheckoutSession, {
      id: randomUUID(),
      buyerId: buyer.id,
      idempotencyKey: v.idempotencyKey,
      paymentMethod: v.paymentMethod,
      couponCode: cart.coupon.applied ? cart.coupon.code : null,
      subtotalPaisa: cart.subtotalPaisa,
      discountPaisa: cart.discountPaisa,
      taxPaisa: cart.taxPaisa,
      totalPaisa: cart.totalPaisa,
    });
    // first, so a concurrent retry with the same key fails here before doing any other work
    await manager.insert(CheckoutSession, session);
    // the buyer's reservations are used; units reserved for others are refused
    const lines = cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, name: line.product!.name }));
    await claimReservations(manager, this.events, { id: session.id, buyerId: buyer.id }, lines);
    const soldOut = await reserveUnits(manager, cart);
    // after reserveUnits: its row locks make a concurrent checkout of the same product see this one's order
    await refuseRepeatOrder(manager, cart, buyer);

    const orders = cart.groups.map((group) => ({
      id: randomUUID(),
      checkoutSessionId: session.id,
      buyerId: buyer.id,
      sellerId: group.sellerId,
      paymentMethod: v.paymentMethod,
      subtotalPaisa: group.subtotalPaisa,
      discountPaisa: group.discountPaisa,
      taxPaisa: group.taxPaisa,
      totalPaisa: group.totalPaisa,
      shippingAddress: v.shipping?.address ?? "",
      shippingCity: v.shipping?.city ?? "",
      shippingPostalCode: v.shipping?.postalCode ?? "",
      shippingCountry: v.shipping?.country ?? "",
      contactNumber: v.contactNumber,
      fulfilment: v.fulfilment,
      ...(v.meetup
        ? {
            meetupCampus,
            meetupPoint: v.meetup.point.slug,
            meetupAt: v.meetup.at,
            meetupState: MeetupState.PROPOSED,
            meetupProposedBy: MeetupParty.BUYER,
          }
        : {}),
    }));
    await manager.insert(Order, orders);
    await manager.insert(
      OrderLine,
      cart.groups.flatMap((group, i) =>
        group.lines.map((line) => ({
          orderId: orders[i].id,
          productId: line.productId,
          productName: line.product!.name,
          unitPricePaisa: line.unitPricePaisa,
          offerPricePaisa: line.offerPricePaisa,
          productImage: line.product!.image,
          quantity: line.quantity,
          lineTotalPaisa: line.lineTotalPaisa,
        })),
      ),
    );
    await manager.insert(
      OrderStatusEvent,
      orders.map((order) => ({
        orderId: order.id,
        fromStatus: null,
        toStatus: OrderStatus.PENDING,
        actorId: buyer.id,
        actorRole: Role.USER,
      })),
    );
    const usedOfferIds = await markOffersUsed(
      manager,
      cart.groups.flatMap((group, i) =>
        group.lines.flatMap((line) => (line.offerId ? [{ offerId: line.offerId, orderId: orders[i].id }] : [])),
      ),
      now,
    );
    await this.events.publish(manager, "order.placed", {
      checkoutSessionId: session.id,
      buyer,
      productIds: cart.groups.flatMap((group) => group.lines.map((line) => line.productId)),
      soldOut,
      usedOfferIds,
    });
    return manager.findOneByOrFail(CheckoutSession, { id: session.id });
  }

  /** A checkout, for its buyer or an admin. */
  async checkout(sessionId: string, user: AuthUser): Promise<CheckoutSession> {
    const session = await this.findSession(sessionId);
    if (session.buyerId !== user.id && user.role !== Role.ADMIN) throw forbidden("This checkout is not yours.");
    return session;
  }

  /** Any checkout by id, for the hosted payment page (the unguessable session id is its key). */
  async findSession(sessionId: string): Promise<CheckoutSession> {
    const session = isUuid(sessionId) ? await this.dataSource.getRepository(CheckoutSession).findOneBy({ id: sessionId }) : null;
    if (!session) throw notFound(CHECKOUT_NOT_FOUND);
    return session;
  }

  /** The sandbox card page's submit: checks the card and records only the time it was accepted. */
  async authorizeCardPayment(sessionId: string, card: CardForm): Promise<CheckoutSession> {
    const session = await this.findSession(sessionId);
    if (session.paymentMethod !== PaymentMethod.CARD) throw badInput("This checkout is paid in cash, not by card.");
    if (session.paymentAuthorizedAt) return session;
    const result = checkCard(card, this.clock.now());
    if (result.outcome === "invalid") throw badInput("Check your card details.", result.fields);
    if (result.outcome === "declined") throw badInput(result.message, { cardNumber: result.message });
    await this.dataSource
      .createQueryBuilder()
      .update(CheckoutSession)
      .set({ paymentAuthorizedAt: () => "now()" })
      .where(`id = :id AND "paymentAuthorizedAt" IS NULL`, { id: session.id })
      .execute();
    return this.findSession(session.id);
  }

  /**
   * Marks an authorised card checkout and its orders paid. Repeating it changes nothing; a
   * cash-on-delivery checkout has nothing to confirm (its orders are paid on completion).
   * The checkout id is the proof: a random UUID that only the buyer's payment redirect carries, so a
   * caller with no credentials may confirm (a legacy client on another site loses the cookie on the
   * way back); a signed-in caller must be the buyer or an admin. Only the payment page's accepted
   * card marks anything paid.
   */
  async confirmPayment(sessionId: string, caller: AuthUser | null): Promise<CheckoutSession> {
    const session = caller ? await this.checkout(sessionId, caller) : await this.findSession(sessionId);
    if (session.paymentMethod !== PaymentMethod.CARD || session.paymentStatus === PaymentStatus.PAID) return session;
    if (!session.paymentAuthorizedAt) throw badInput("Payment has not been completed.", { sessionId: "Pay on the payment page first." });
    await this.dataSource.transaction(async (manager) => {
      // conditional update: of two concurrent confirmations only one marks the orders
      const { affected } = await manager
        .createQueryBuilder()
        .update(CheckoutSession)
        .set({ paymentStatus: PaymentStatus.PAID, paidAt: () => "now()" })
        .where(`id = :id AND "paymentStatus" = :unpaid`, { id: session.id, unpaid: PaymentStatus.UNPAID })
        .execute();
      if (!affected) return;
      await manager.update(Order, { checkoutSessionId: session.id }, { paymentStatus: PaymentStatus.PAID });
      const orders = await manager.findBy(Order, { checkoutSessionId: session.id });
      await this.events.publish(manager, "payment.captured", {
        checkoutSessionId: session.id,
        provider: "card",
        reference: session.id,
        orders: orders.map(({ id, buyerId, sellerId, totalPaisa }) => ({ id, buyerId, sellerId, totalPaisa })),
      });
    });
    return this.findSession(session.id);
  }

  /**
   * Moves an order along the lifecycle (see transitions.ts) under a row lock, so two concurrent
   * changes cannot both apply, and records who did it. Accepts the enum's values, any case.
   */
  async updateOrderStatus(orderId: string, status: string, user: AuthUser): Promise<Order> {
    const to = parseInput(z.object({ status: statusSchema }), { status }).status;
    if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => this.changeStatus(manager, await lockOrder(manager, orderId), to, user));
  }

  /**
   * One step of the lifecycle on an order the caller's transaction locked. A completion is
   * "confirmed by code" when the seller typed the buyer's code (`byCode`), else it awaits the buyer.
   */
  async changeStatus(manager: EntityManager, order: Order, to: OrderStatus, user: AuthUser, byCode = false): Promise<Order> {
    const refused = refusal(order, to, user, this.clock.now());
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

  /** The other side of a meetup order confirms the current proposal (time and point). */
  async confirmMeetup(orderId: string, user: AuthUser): Promise<Order> {
    if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      const refused = confirmRefusal(order, user);
      if (refused) throw refused;
      await manager.update(Order, order.id, { meetupState: MeetupState.CONFIRMED });
      const updated = await manager.findOneByOrFail(Order, { id: order.id });
      await this.events.publish(manager, "order.meetup-changed", { order: updated, actor: user, change: "confirmed" });
      return updated;
    });
  }

  /**
   * The buyer or the seller proposes another time or point on the order's campus (also after a
   * confirmation, to reschedule); the other side then confirms it.
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
    if (!capacityOn(order, user)) throw forbidden("This order is not yours.");
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
    if (sellerId !== user.id && user.role !== Role.ADMIN) throw forbidden("You can only see your own orders.");
    if (!isUuid(sellerId)) throw badInput("sellerId must be a valid id.", { sellerId: "sellerId must be a valid id." });
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
 * The one campus a meetup cart is on: every listing must name the same campus (sellers can differ,
 * each then meets the buyer at the same point and time), and the point must be on it.
 */
function campusToMeet(cart: PricedCart, meetup: ValidMeetup): string {
  const products = cart.lines.map((line) => line.product!);
  const noCampus = products.find((product) => !product.campus);
  if (noCampus) {
    const message = `"${noCampus.name}" has no campus to meet on: choose delivery to an address.`;
    throw badInput(message, { fulfilment: message });
  }
  if (new Set(products.map((product) => product.campus)).size > 1) {
    const message =
      "Your cart has items on different campuses: meet on campus needs every item on one campus. Order them separately, or choose delivery.";
    throw badInput(message, { fulfilment: message });
  }
  const campus = products[0].campus!;
  const refused = pointOffCampus(meetup.point, campus);
  if (refused) throw refused;
  return campus;
}

/** Why some cart lines cannot be bought (gone, or the buyer's own), or a coupon that does not apply. */
function refuseUnbuyable(cart: PricedCart, inputLines: CartLine[], buyer: AuthUser): void {
  const fields: FieldErrors = {};
  const messages: string[] = [];
  for (const line of cart.lines) {
    const key = `lines.${inputLines.findIndex((l) => l.productId === line.productId)}.productId`;
    if (!line.available) {
      fields[key] = !line.product
        ? "This product does not exist."
        : (soldOut(line.product) ?? `"${line.product.name}" is no longer available.`);
      messages.push("Some products in your cart are no longer available. Remove them and try again.");
    } else if (line.product!.sellerId === buyer.id) {
      fields[key] = "You cannot buy your own product.";
      messages.push("You cannot buy your own product.");
    } else if (line.quantity > line.product!.quantityAvailable) {
      fields[key.replace(/productId$/, "quantity")] = onlyLeft(line.product!);
      messages.push(onlyLeft(line.product!));
    }
  }
  if (cart.coupon.code && !cart.coupon.applied) {
    fields.couponCode = cart.coupon.message!;
    messages.push(cart.coupon.message!);
  }
  if (messages.length) throw badInput(messages[0], fields);
}

/**
 * A card checkout sends the buyer away to pay, the moment a cart (another tab, another device) goes
 * stale: while the buyer's paid card order of a product waits for the seller, ordering that product
 * again is refused as a repeat (an unpaid one is completed from My Orders, and cannot be paid twice).
 * Cancelling that order, or the seller's answer, lifts it. A checkout repeated by a lost answer is
 * the idempotency key's job.
 */
async function refuseRepeatOrder(manager: EntityManager, cart: PricedCart, buyer: AuthUser): Promise<void> {
  const productIds = cart.groups.flatMap((group) => group.lines.map((line) => line.productId));
  const [earlier]: Array<{ orderNumber: number; productName: string }> = await manager.query(
    `SELECT o."orderNumber", l."productName" FROM orders o JOIN order_lines l ON l."orderId" = o.id
      WHERE o."buyerId" = $1 AND o.status = $2 AND o."paymentStatus" = $3 AND l."productId" = ANY($4::uuid[]) LIMIT 1`,
    [buyer.id, OrderStatus.PENDING, PaymentStatus.PAID, productIds],
  );
  if (earlier) {
    throw conflict(
      `You already ordered "${earlier.productName}": order ${formatOrderNumber(earlier.orderNumber)} is paid and waiting for the seller. Open it from My Orders, or cancel it before ordering again.`,
    );
  }
}

const soldOut = (product: Product) => (product.quantityAvailable === 0 ? `"${product.name}" is sold.` : null);
const onlyLeft = (product: Product) => `Only ${product.quantityAvailable} of "${product.name}" left.`;

/**
 * Takes the ordered units off each listing with a conditional UPDATE: the row lock it takes makes
 * concurrent checkouts of the last unit queue, and each re-checks the quantity once the one before
 * it commits, so exactly one gets it. Rows are taken in id order so two multi-line checkouts
 * cannot deadlock. A refusal rolls back the whole checkout. True when a listing sold its last unit.
 */
async function reserveUnits(manager: EntityManager, cart: PricedCart): Promise<boolean> {
  const lines = cart.groups.flatMap((group) => group.lines).sort((a, b) => a.productId.localeCompare(b.productId));
  let soldOut = false;
  for (const line of lines) {
    const { affected, raw } = await manager
      .createQueryBuilder()
      .update(Product)
      .set({
        quantityAvailable: () => `"quantityAvailable" - :quantity`,
        soldOutAt: () => `CASE WHEN "quantityAvailable" = :quantity THEN now() ELSE "soldOutAt" END`,
      })
      .where(`id = :id AND "quantityAvailable" >= :quantity AND "deletedAt" IS NULL`, { id: line.productId, quantity: line.quantity })
      .returning(`"quantityAvailable"`)
      .execute();
    if (!affected) {
      const now = await manager.findOneBy(Product, { id: line.productId });
      throw conflict(
        now?.quantityAvailable
          ? onlyLeft(now)
          : `Sorry, "${line.product!.name}" has just been sold. Remove it from your cart and try again.`,
      );
    }
    if ((raw as Array<{ quantityAvailable: number }>)[0]?.quantityAvailable === 0) soldOut = true;
  }
  return soldOut;
}

/** A cancelled or rejected order gives its units back: the listing is for sale again. */
async function releaseUnits(manager: EntityManager, orderId: string): Promise<void> {
  await manager.query(
    `UPDATE "products" p SET "quantityAvailable" = p."quantityAvailable" + l."quantity", "soldOutAt" = NULL
       FROM "order_lines" l WHERE l."orderId" = $1 AND l."productId" = p."id"`,
    [orderId],
  );
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
