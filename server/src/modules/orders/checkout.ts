import { randomUUID } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { AppConfig } from "../../platform/config";
import { isUniqueViolation } from "../../platform/db/errors";
import type { EventBus } from "../../platform/events";
import { said, type Said } from "../../platform/i18n/errors";
import { badInput, conflict, forbidden, notFound, type FieldErrors } from "../../platform/shared/errors";
import { parseInput } from "../../platform/shared/validation";
import { markOffersUsed } from "../conversations";
import { User } from "../users";
import { parsePlaceOrder, quoteSchema, type PlaceOrderInput, type ValidOrder } from "./checkout-input";
import {
  CheckoutSession,
  MeetupParty,
  MeetupState,
  Order,
  OrderLine,
  OrderStatus,
  OrderStatusEvent,
  isCashPayment,
  PaymentMethod,
  PaymentStatus,
} from "./entity";
import { pointOffCampus, type ValidMeetup } from "./meetup";
import { capUnpaidCheckouts } from "./checkout-limits";
import { recordCouponUse } from "./coupons";
import { isUuid, mergeLines, priceCart, type CartLine, type PricedCart } from "./pricing";
import { onlyLeft, reserveUnits, soldOut } from "./stock";
import { claimReservations } from "../reservations";

const CHECKOUT_NOT_FOUND = said("checkout.notFound");
const CLIENT_GONE = said("checkout.abandoned");

export const PAYMENT_NOT_OFFERED = said("checkout.paymentNotOffered");
export const BUYERS_MUST_VERIFY = said("checkout.buyersMustVerify");
/** Checkout and card payment: a cart becomes one checkout with an order per seller, then the card pays it. */
export class CheckoutService {
  /** Publishes `order.placed` in its transaction. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: Pick<AppConfig, "requireVerifiedBuyers"> & { onlinePaymentMethods: readonly string[] },
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
   * the same idempotency key returns the first checkout; the unique constraint settles a race. The
   * key of a checkout sent with another request (cart, payment method, coupon, delivery) is refused.
   * When `clientGone` aborts (the client stopped waiting), the transaction rolls back instead of
   * committing an order nobody was told about.
   */
  async placeOrder(input: PlaceOrderInput, buyer: AuthUser, clientGone?: AbortSignal): Promise<CheckoutSession> {
    const v = parsePlaceOrder(input, this.clock);
    if (!isCashPayment(v.paymentMethod) && !this.settings.onlinePaymentMethods.includes(v.paymentMethod)) {
      throw badInput(PAYMENT_NOT_OFFERED, { paymentMethod: PAYMENT_NOT_OFFERED });
    }
    // REQUIRE_VERIFIED_BUYERS: only verified students (and admins) place orders
    if (this.settings.requireVerifiedBuyers && buyer.role !== Role.ADMIN) {
      const row = await this.dataSource.getRepository(User).findOne({ where: { id: buyer.id }, select: { id: true, verifiedAt: true } });
      if (!row?.verifiedAt) throw forbidden(BUYERS_MUST_VERIFY);
    }
    const earlier = await this.checkoutByKey(buyer.id, v.idempotencyKey);
    if (earlier) return this.retried(earlier, v);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const session = await this.createCheckout(manager, buyer, v);
        if (clientGone?.aborted) throw conflict(CLIENT_GONE);
        return session;
      });
    } catch (error) {
      if (!isUniqueViolation(error, "checkout_sessions_buyer_idempotency_key")) throw error;
      return this.retried((await this.checkoutByKey(buyer.id, v.idempotencyKey))!, v);
    }
  }

  private checkoutByKey(buyerId: string, idempotencyKey: string) {
    return this.dataSource.getRepository(CheckoutSession).findOneBy({ buyerId, idempotencyKey });
  }

  /** A key used again: the same request (a retry) answers its checkout, another request is refused. */
  private async retried(earlier: CheckoutSession, v: ValidOrder): Promise<CheckoutSession> {
    const orders = await this.dataSource
      .getRepository(Order)
      .find({ where: { checkoutSessionId: earlier.id }, relations: { lines: true } });
    const [order] = orders;
    const placed = requestOf({
      paymentMethod: earlier.paymentMethod,
      couponCode: earlier.couponCode,
      fulfilment: order?.fulfilment,
      contactNumber: order?.contactNumber,
      shipping: order && [order.shippingAddress, order.shippingCity, order.shippingPostalCode, order.shippingCountry],
      lines: orders.flatMap((o) => o.lines ?? []).map((line) => ({ productId: line.productId ?? "", quantity: line.quantity })),
    });
    const sent = requestOf({
      ...v,
      shipping: [v.shipping?.address ?? "", v.shipping?.city ?? "", v.shipping?.postalCode ?? "", v.shipping?.country ?? ""],
      lines: mergeLines(v.lines),
    });
    if (placed !== sent) throw conflict(said("checkout.keyReused"));
    return earlier;
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
    // the buyer's lock for the rest of the transaction, and the cap on their unpaid online checkouts
    await capUnpaidCheckouts(manager, session);
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
    // last, so a limited coupon's row is locked only until the commit
    if (session.couponCode) await recordCouponUse(manager, session, now);
    return manager.findOneByOrFail(CheckoutSession, { id: session.id });
  }

  /** A checkout, for its buyer or an admin. */
  async checkout(sessionId: string, user: AuthUser): Promise<CheckoutSession> {
    const session = await this.findSession(sessionId);
    if (session.buyerId !== user.id && user.role !== Role.ADMIN) throw forbidden(said("checkout.notYours"));
    return session;
  }

  /** Any checkout by id, for the hosted payment page (the unguessable session id is its key). */
  async findSession(sessionId: string): Promise<CheckoutSession> {
    const session = isUuid(sessionId) ? await this.dataSource.getRepository(CheckoutSession).findOneBy({ id: sessionId }) : null;
    if (!session) throw notFound(CHECKOUT_NOT_FOUND);
    return session;
  }

  /**
   * A card checkout as its payment left it: the card page takes and settles the payment (the
   * provider's inquiry), so confirming only reports it. Kept for the legacy REST `confirm-payment`
   * and the web's return: the checkout id is the proof, a random UUID that only the buyer's payment
   * redirect carries, so a caller with no credentials may ask (a legacy client on another site
   * loses the cookie on the way back); a signed-in caller must be the buyer or an admin.
   */
  async confirmPayment(sessionId: string, caller: AuthUser | null): Promise<CheckoutSession> {
    const session = caller ? await this.checkout(sessionId, caller) : await this.findSession(sessionId);
    if (session.paymentMethod !== PaymentMethod.CARD || session.paymentStatus === PaymentStatus.PAID) return session;
    throw badInput(said("checkout.notPaid"), { sessionId: said("checkout.payFirst") });
  }
}

/**
 * What a checkout request asks for, comparable between a stored checkout and a new request: the
 * cart (merged lines), payment method, coupon, fulfilment and delivery. A meetup's time and point
 * are not compared: the two sides may have agreed on others since.
 */
function requestOf(request: {
  paymentMethod: PaymentMethod;
  couponCode?: string | null;
  fulfilment?: string;
  contactNumber?: string;
  shipping?: string[];
  lines: CartLine[];
}): string {
  const lines = request.lines.map((line) => `${line.productId}:${line.quantity}`).sort();
  const { paymentMethod, couponCode, fulfilment, contactNumber, shipping } = request;
  return JSON.stringify([paymentMethod, couponCode ?? null, fulfilment, contactNumber, shipping, lines]);
}

/**
 * The one campus a meetup cart is on: every listing must name the same campus (sellers can differ,
 * each then meets the buyer at the same point and time), and the point must be on it.
 */
function campusToMeet(cart: PricedCart, meetup: ValidMeetup): string {
  const products = cart.lines.map((line) => line.product!);
  const noCampus = products.find((product) => !product.campus);
  if (noCampus) {
    const message = said("checkout.noCampus", { product: noCampus.name });
    throw badInput(message, { fulfilment: message });
  }
  if (new Set(products.map((product) => product.campus)).size > 1) {
    const message = said("checkout.campusesDiffer");
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
  const messages: Said[] = [];
  for (const line of cart.lines) {
    const key = `lines.${inputLines.findIndex((l) => l.productId === line.productId)}.productId`;
    if (!line.available) {
      fields[key] = !line.product
        ? said("checkout.noSuchProduct")
        : (soldOut(line.product) ?? said("checkout.unavailable", { product: line.product.name }));
      messages.push(said("checkout.someUnavailable"));
    } else if (line.product!.sellerId === buyer.id) {
      fields[key] = said("checkout.ownProduct");
      messages.push(said("checkout.ownProduct"));
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
    throw conflict(said("checkout.alreadyOrdered", { product: earlier.productName, order: earlier.orderNumber }));
  }
}
