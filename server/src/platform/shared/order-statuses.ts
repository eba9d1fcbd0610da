/**
 * An order's statuses (and its meetup's) and the sets other features read orders by (the catalogue's sales, the relist
 * check, reviews, the dashboards), here so that reading orders needs no import of the orders
 * feature. Who may move an order where is the orders feature's own table (orders/transitions.ts).
 */
export enum OrderStatus {
  PENDING = "pending",
  CONFIRMED = "confirmed",
  PROCESSING = "processing",
  SHIPPED = "shipped",
  COMPLETED = "completed",
  REJECTED = "rejected",
  CANCELLED = "cancelled",
}

const { PENDING, CONFIRMED, PROCESSING, SHIPPED, COMPLETED, REJECTED, CANCELLED } = OrderStatus;

/** A meetup's time and point are proposed by one party and confirmed by the other. */
export enum MeetupState {
  PROPOSED = "proposed",
  CONFIRMED = "confirmed",
}

/**
 * How long before the agreed meetup time the seller may complete a meetup order (with the buyer's
 * code or without it): people arrive a little early, and a handover both sides are present for
 * should not wait for the clock; any earlier and the code would be asked for before anyone met.
 * The orders' lifecycle enforces it; the meetup reminder tells the seller.
 */
export const HANDOVER_EARLY_MINUTES = 30;

/** Orders that count as a purchase: everything but refused and cancelled ones. */
export const PURCHASE_EXCLUDED_STATUSES: readonly OrderStatus[] = [REJECTED, CANCELLED];

/**
 * Orders that may still give their units back to the listing (a cancel or a rejection is still open
 * to them); orders/lifecycle.test.ts checks this against the lifecycle's table.
 */
export const RETURNABLE_STATUSES: readonly OrderStatus[] = [PENDING, CONFIRMED];

/** Orders a seller has taken on: they count as sales, revenue and earnings. */
export const ACCEPTED_STATUSES: readonly OrderStatus[] = [CONFIRMED, PROCESSING, SHIPPED, COMPLETED];
