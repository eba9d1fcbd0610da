import type { Clock } from "../platform/clock";
import type { EventBus, EventName } from "../platform/events";
import type { JobQueue } from "../platform/jobs";
import type { UploadsService } from "../modules/uploads";
import type { LiveHub } from "../platform/live";
import type { SharedCache } from "../platform/cache";
import {
  type ConversationsService,
  MESSAGE_EVENT,
  type MessageEvent,
  OFFER_EVENT,
  type OfferEvent,
  toOfferView,
} from "../modules/conversations";
import type { NotificationsService } from "../modules/notifications";
import {
  HandoverNotices,
  type HandoverService,
  OrderNotices,
  type OrdersService,
  type PaymentClaims,
  PURCHASE_EXCLUDED_STATUSES,
  type UnpaidOrders,
} from "../modules/orders";
import type { ReservationsService } from "../modules/reservations";
import { CATALOG_CACHE, type ProductsService } from "../modules/products";
import { SavedAlerts } from "../modules/saved";
import type { PushService } from "../modules/push";
import type { DisputesService, EscrowService } from "../modules/escrow";
import type { PaymentProvidersService } from "../modules/payment-providers";
import type { ReliabilityService } from "../modules/reliability";
import type { DealReviewsService, ReviewsService } from "../modules/reviews";
import type { Mailer } from "../platform/mail";
import { ListingAlerts } from "../modules/alerts";
import { MeetupReminders } from "../modules/meetups";

/**
 * Who reacts to which domain event, and what each job does: the one list. In the transaction: what
 * must commit with the change (notifications, enqueuing the saved-item alerts, announcing used offers). After the
 * commit: live events and cache drops. An after-commit reaction must not wait on the database pool
 * (its transaction still holds a connection): work that needs the database is done in the
 * transaction or as a job.
 */
export function registerReactions(
  events: EventBus,
  jobs: JobQueue,
  deps: {
    live: LiveHub;
    cache: SharedCache;
    clock: Clock;
    notifications: NotificationsService;
    conversations: ConversationsService;
    uploads: UploadsService;
    push: PushService;
    escrow: EscrowService;
    paymentClaims: PaymentClaims;
    paymentProviders: PaymentProvidersService;
    disputes: DisputesService;
    reliability: ReliabilityService;
    dealReviews: DealReviewsService;
    orders: OrdersService;
    handover: HandoverService;
    reservations: ReservationsService;
    unpaidOrders: UnpaidOrders;
    mailer: Mailer;
    products: ProductsService;
    reviews: ReviewsService;
  },
): void {
  const { live, cache, clock } = deps;

  const orderNotices = new OrderNotices(deps.notifications);
  events.onInTransaction("order.placed", (event, manager) => orderNotices.placed(event, manager));
  events.onInTransaction("order.status-changed", (event, manager) => orderNotices.statusChanged(event, manager));
  events.onInTransaction("order.meetup-changed", (event, manager) => orderNotices.meetupChanged(event, manager));

  // money paid online is held, released at the handover, refunded when the order is withdrawn; objections open disputes
  // a captured payment: the checkout and its orders paid (their own rows), then each order's money held
  events.onInTransaction("payment.captured", (event, manager) => deps.paymentClaims.markPaid(event, manager));
  events.onInTransaction("payment.captured", (event, manager) => deps.escrow.captured(event, manager));
  events.onInTransaction("payment.refunded", (event, manager) => deps.escrow.refundConfirmed(event, manager));
  events.onInTransaction("order.handover-confirmed", (event, manager) => deps.escrow.handoverConfirmed(event, manager));
  events.onInTransaction("order.status-changed", (event, manager) => deps.escrow.orderWithdrawn(event, manager));
  events.onInTransaction("order.handover-objected", (event, manager) => deps.disputes.handoverObjected(event, manager));
  // a decided dispute ends its order as the money went (completed, or cancelled when all of it was refunded)
  events.onInTransaction("dispute.decided", (event, manager) => deps.orders.disputeDecided(manager, event));
  // a refund retried while the provider refuses it (about 2 days with the backoff); one never answered waits for an admin
  jobs.define("payments.refund", (payload, manager) => deps.paymentProviders.sendRefund(payload, manager), {
    retryLimit: 12,
    retryDelaySeconds: 60,
  });
  // 05:30 in Pakistan: each provider's records held against ours, asked outside any transaction, each attempt settled in its own
  jobs.define("payments.reconcile", () => deps.paymentProviders.reconcile().then(() => undefined), {
    cron: "30 0 * * *",
    ownTransactions: true,
  });
  // disputes past the seller's answer time go to the admins; admins are reminded of undecided ones
  jobs.define("disputes.deadlines", (_payload, manager) => deps.disputes.runDeadlines(manager).then(() => undefined), {
    cron: "*/5 * * * *",
  });

  // handovers: the buyer is asked to confirm a completion without the code; the deadline confirms it for them
  const handoverNotices = new HandoverNotices(deps.notifications);
  events.onInTransaction("order.status-changed", (event, manager) => handoverNotices.completed(event, manager));
  events.onInTransaction("order.handover-confirmed", (event, manager) => handoverNotices.confirmed(event, manager));
  events.onInTransaction("order.handover-objected", (event, manager) => handoverNotices.objected(event, manager));
  jobs.define("orders.handover-auto-confirm", (_payload, manager) => deps.handover.autoConfirmDue(manager).then(() => undefined), {
    cron: "* * * * *",
  });

  // reservations: the buyer is reminded an hour before the end; at the end the unit is for sale again
  jobs.define("reservations.remind", (_payload, manager) => deps.reservations.remindDue(manager).then(() => undefined), {
    cron: "* * * * *",
  });
  jobs.define("reservations.lapse", (_payload, manager) => deps.reservations.lapseDue(manager).then(() => undefined), {
    cron: "* * * * *",
  });
  // online orders not paid in time are cancelled and their units are for sale again
  jobs.define("orders.lapse-unpaid", (_payload, manager) => deps.unpaidOrders.lapseDue(manager).then(() => undefined), {
    cron: "* * * * *",
  });

  // a deleted account's listings leave the shop, then its reviews go (and the ratings they counted in are recomputed)
  events.onInTransaction("user.deleting", ({ userId }, manager) => deps.products.withdrawSellerListings(manager, userId));
  events.onInTransaction("user.deleting", ({ userId }, manager) => deps.reviews.removeByAuthor(manager, userId));

  // saved-item alerts fan out to every saver: enqueued with the change, written by a job
  const savedAlerts = new SavedAlerts(deps.notifications, jobs);
  events.onInTransaction("order.placed", (event, manager) => savedAlerts.orderPlaced(event, manager));
  events.onInTransaction("product.changed", (event, manager) => savedAlerts.productChanged(event, manager));
  jobs.define("saved.price-dropped", (payload, manager) => savedAlerts.priceDroppedJob(payload, manager));
  jobs.define("saved.sold-out", (payload, manager) => savedAlerts.soldOutJob(payload, manager));

  // anonymous uploads nobody used within a day are deleted, once an hour for the whole cluster; the
  // bucket's deletes (one request per object) wait in no transaction, however many there are
  jobs.define("uploads.sweep", () => deps.uploads.deleteUnusedUploads(clock.now()).then(() => undefined), {
    cron: "0 * * * *",
    ownTransactions: true,
  });

  events.onInTransaction("order.placed", ({ usedOfferIds }, manager) => deps.conversations.negotiation.offersUsed(manager, usedOfferIds));
  // offers past their expiry are rewritten as EXPIRED and their buyers told, every minute for the whole cluster
  jobs.define("offers.expire", (_payload, manager) => deps.conversations.negotiation.expireDueOffers(manager).then(() => undefined), {
    cron: "* * * * *",
  });

  // the reliability record's counters move with what they count; a completed order asks both sides for a review
  const { reliability, dealReviews } = deps;
  events.onInTransaction("order.status-changed", (event, manager) => reliability.orderStatusChanged(event, manager));
  events.onInTransaction("order.handover-confirmed", (event, manager) => reliability.handoverConfirmed(event, manager));
  events.onInTransaction("order.status-changed", (event, manager) => dealReviews.orderCompleted(event, manager));
  events.onInTransaction("message.sent", ({ message, senderId, recipientId }, manager) =>
    reliability.messageSent({ conversationId: message.conversationId, senderId, recipientId, sentAt: message.createdAt }, manager),
  );
  // every minute for the whole cluster: uncontested no-shows past 48 hours are upheld, reviews past their window shown
  jobs.define("reliability.settle-no-shows", (_payload, manager) => reliability.settleDue(manager).then(() => undefined), {
    cron: "* * * * *",
  });
  jobs.define("reviews.reveal-due", (_payload, manager) => dealReviews.revealDue(manager).then(() => undefined), { cron: "* * * * *" });

  // the public catalogue's cached answers show prices, stock and Sold, ratings, sellers' names,
  // pictures, types and verified marks, and only what moderation lets through
  const dropCatalogue = () => cache.invalidate(CATALOG_CACHE);
  for (const name of [
    "product.listed",
    "product.changed",
    "product.removed",
    "review.posted",
    "user.changed",
    "reservation.changed",
  ] satisfies EventName[])
    events.onAfterCommit(name, dropCatalogue);
  events.onAfterCommit("moderation.acted", ({ catalogueChanged }) => (catalogueChanged ? dropCatalogue() : undefined));
  events.onAfterCommit("order.placed", ({ soldOut }) => (soldOut ? dropCatalogue() : undefined));
  // a cancelled or rejected order's units are for sale again
  events.onAfterCommit("order.status-changed", ({ to }) => (PURCHASE_EXCLUDED_STATUSES.includes(to) ? dropCatalogue() : undefined));

  // a notification is pushed to the recipient's opted-in devices when no tab of theirs is open
  events.onInTransaction("notification.created", (event, manager) => deps.push.notificationCreated(event, manager));
  jobs.define("push.notify", (payload, manager) => deps.push.notifyJob(payload, manager));
  // each push waits on its push service (up to 10 s) in no transaction, which could outlast TRANSACTION_TIMEOUT_MS
  jobs.define("push.send", (payload, manager) => deps.push.sendJob(payload, manager), { ownTransactions: true });
  // a device subscribed while signed in stops with the sessions that end
  events.onInTransaction("user.sessions-ended", (event, manager) => deps.push.sessionsEnded(event, manager));

  // a listing that becomes visible is matched against saved searches and wanted posts by a job; digests each morning (09:00 Pakistan)
  const listingAlerts = new ListingAlerts(deps.notifications, jobs, deps.mailer, clock);
  events.onInTransaction("product.listed", ({ product }, manager) => listingAlerts.listingShown({ productId: product.id }, manager));
  events.onInTransaction("product.published", (event, manager) => listingAlerts.listingShown(event, manager));
  jobs.define("alerts.match", (payload, manager) => listingAlerts.matchJob(payload, manager));
  jobs.define("alerts.digest", (payload, manager) => listingAlerts.digestJob(payload, manager), { cron: "0 4 * * *" });
  // each digest e-mail waits on the mail server in no transaction (it may take longer than
  // TRANSACTION_TIMEOUT_MS), retried for hours as refunds are: its matches are already marked mailed
  jobs.define("alerts.mail", (message) => listingAlerts.mailJob(message), { ownTransactions: true, retryLimit: 12, retryDelaySeconds: 60 });
  // both sides of a confirmed meetup are reminded an hour before, once
  const meetupReminders = new MeetupReminders(deps.notifications, clock);
  jobs.define("meetups.remind", (_payload, manager) => meetupReminders.remindDue(manager).then(() => undefined), { cron: "* * * * *" });

  // live events for the user's open subscriptions (their other devices too)
  events.onAfterCommit("notification.created", ({ recipientId, live: event }) => live.publish("user", recipientId, event));
  events.onAfterCommit("message.sent", ({ message, senderId, recipientId, recipientMessage }) => {
    live.publish("user", senderId, { type: MESSAGE_EVENT, message } satisfies MessageEvent);
    live.publish("user", recipientId, { type: MESSAGE_EVENT, message: recipientMessage } satisfies MessageEvent);
  });
  // an ended session's open sockets close in every process
  events.onAfterCommit("user.sessions-ended", ({ userId }) => live.publish("revoked", { userId }));
  events.onAfterCommit("offer.changed", ({ offer }) => {
    const event: OfferEvent = { type: OFFER_EVENT, offer: toOfferView(offer, clock.now()) };
    for (const userId of [offer.buyerId, offer.sellerId]) live.publish("user", userId, event);
  });
}

declare module "../platform/jobs" {
  interface JobPayloads {
    /** Scheduled: deletes the anonymous uploads nobody used (UploadsService.deleteUnusedUploads). */
    "uploads.sweep": object;
    /** Scheduled: rewrites the offers past their expiry as EXPIRED (ConversationsService.expireDueOffers). */
    "offers.expire": object;
    /** Scheduled: upholds the no-show reports nobody contested in time (ReliabilityService.settleDue). */
    "reliability.settle-no-shows": object;
    /** Scheduled: reveals the hidden reviews whose window closed (DealReviewsService.revealDue). */
    "reviews.reveal-due": object;
    /** Scheduled: confirms the handovers whose buyer neither confirmed nor objected in time (HandoverService.autoConfirmDue). */
    "orders.handover-auto-confirm": object;
    /** Scheduled: reminds the buyers whose reservation ends within the hour (ReservationsService.remindDue). */
    "reservations.remind": object;
    /** Scheduled: lapses the reservations past their end, freeing their units (ReservationsService.lapseDue). */
    "reservations.lapse": object;
    /** Scheduled: cancels the online orders not paid within UNPAID_ORDER_MINUTES, freeing their units (UnpaidOrders.lapseDue). */
    "orders.lapse-unpaid": object;
    /** Scheduled: reminds both sides of the confirmed meetups starting within the hour (MeetupReminders.remindDue). */
    "meetups.remind": object;
  }
}
