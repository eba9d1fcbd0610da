import type { Logger } from "pino";
import type { DataSource } from "typeorm";
import type { AppConfig } from "../platform/config";
import { createCache } from "../platform/cache";
import { ReadReplicas } from "../platform/db/replicas";
import { HealthMonitor } from "../platform/health";
import type { RedisCircuit } from "../platform/redis";
import { createMailer } from "../platform/mail";
import { OneTimeCodes } from "../modules/codes";
import { RecoveryService } from "../modules/recovery";
import { VerificationService } from "../modules/verification";
import type { LiveHub } from "../platform/live";
import { systemClock, type Clock } from "../platform/clock";
import { EventBus } from "../platform/events";
import { JobQueue } from "../platform/jobs";
import { registerReactions } from "./reactions";
import { AuthService } from "../modules/auth";
import { ConversationsService } from "../modules/conversations";
import { HeldListingsService, ModerationService } from "../modules/moderation";
import { copiedPhotoHold, ScreeningService } from "../modules/screening";
import { NotificationsService } from "../modules/notifications";
import { HandoverService, OrdersService, PaymentClaims, UnpaidOrders } from "../modules/orders";
import { activeReservationsCompanion, ReservationsService, reserveForOffer } from "../modules/reservations";
import { createProviders, PaymentProvidersService, SimulatorBank } from "../modules/payment-providers";
import { CatalogService, ProductsService, SearchIndexThread } from "../modules/products";
import { DealReviewsService, ReviewsService, reviewPageCompanion } from "../modules/reviews";
import { ReliabilityService } from "../modules/reliability";
import { SavedService } from "../modules/saved";
import { SellersService } from "../modules/sellers";
import { UploadsService } from "../modules/uploads";
import { StatsService } from "../modules/stats";
import { UsersService } from "../modules/users";
import { createStorage } from "../platform/storage";
import { createPresence } from "../platform/presence";
import { PushService } from "../modules/push";
import { LedgerService } from "../modules/ledger";
import { DisputesService, EscrowService, PaymentNotices, readOrderMoney } from "../modules/escrow";
import { PayoutsService } from "../modules/payouts";
import { SavedSearchesService } from "../modules/alerts";
import { WantedService } from "../modules/wanted";

/**
 * The service layer: every business rule lives in one of these. GraphQL resolvers and REST routes
 * are thin adapters that call them, so a rule is written once.
 */
/** `redis`: the process's circuit around REDIS_URL, shared by the cache, live events and presence (else each has its own). */
export function createServices(
  dataSource: DataSource,
  config: AppConfig,
  live: LiveHub,
  logger?: Logger,
  clock: Clock = systemClock,
  redis?: RedisCircuit,
) {
  // Redis when REDIS_URL is set (shared by every server process), else this process's memory
  const cache = createCache(redis ?? config.redisUrl, dataSource.driver.database);
  // the catalogue's reads on read replicas (DATABASE_REPLICA_URLS) close enough behind; started by app/server.ts
  const replicas = new ReadReplicas(dataSource, config.replicas.urls, { maxLagMs: config.replicas.maxLagMs, logger });
  const searchIndex = config.searchInMemory ? SearchIndexThread.of(dataSource, logger) : undefined;
  // domain events: services publish, app/reactions.ts lists who subscribes
  const events = new EventBus((error, event) => logger?.error({ err: error, event }, "a reaction to a domain event failed"));
  const reviews = new ReviewsService(dataSource, events);
  const users = new UsersService(dataSource, events);
  const products = new ProductsService(dataSource, config, events, copiedPhotoHold);
  const notifications = new NotificationsService(dataSource, events);
  const screening = new ScreeningService(
    dataSource,
    cache,
    {
      maskPhones: config.maskChatPhones,
      siteHosts: ["unibazaar.pk", ...(config.publicUrl ? [new URL(config.publicUrl).host] : [])],
    },
    replicas,
  );
  // an accepted offer holds a unit for its buyer (reservations)
  const conversations = new ConversationsService(dataSource, events, notifications, screening, clock, (manager, offer, hours, now) =>
    reserveForOffer(manager, events, offer, hours, now),
  );
  // durable jobs in the same PostgreSQL (pg-boss); started by app/server.ts
  const jobs = new JobQueue(dataSource, (dataSource.options as { url: string }).url, { timeoutSeconds: config.jobTimeoutSeconds, logger });
  // pictures in the S3 bucket when S3_BUCKET is set, else in DATA_DIR/uploads
  const storage = createStorage(config.s3, config.dataDir);
  const uploads = new UploadsService(dataSource, storage);
  // open tabs (signed-in sockets) across processes through Redis when REDIS_URL is set: no push to a user who has one
  const presence = createPresence(redis ?? config.redisUrl, logger);
  const push = new PushService(dataSource, jobs, presence, config, logger);
  // money paid online: held per order, released or refunded through the ledger; disputes; payouts
  const ledger = new LedgerService(dataSource);
  const paymentNotices = new PaymentNotices(notifications);
  // card, JazzCash and Easypaisa behind one contract; with the sandbox on, the card sandbox and the wallets' simulators keep their books here
  const paymentClaims = new PaymentClaims(dataSource);
  const simulatorBank = new SimulatorBank(dataSource);
  const paymentProviders = new PaymentProvidersService(
    dataSource,
    { events, clock, jobs, ledger, checkouts: paymentClaims, bell: paymentNotices },
    createProviders(config, simulatorBank).providers,
    simulatorBank,
    config.publicUrl,
  );
  const escrow = new EscrowService(ledger, paymentNotices, paymentProviders, config);
  const disputes = new DisputesService(dataSource, escrow, paymentNotices, events, clock);
  const reliability = new ReliabilityService(dataSource, notifications, clock);
  const dealReviews = new DealReviewsService(dataSource, { reviews, reliability, notifications, events, clock });
  const orders = new OrdersService(
    dataSource,
    { ...config, onlinePaymentMethods: paymentProviders.methodsOffered() },
    events,
    clock,
    readOrderMoney,
  );
  const handover = new HandoverService(dataSource, orders, events, clock);
  const reservations = new ReservationsService(dataSource, events, notifications, clock);
  // online orders nobody paid within UNPAID_ORDER_MINUTES are cancelled by a job
  const unpaidOrders = new UnpaidOrders(events, clock, config);
  // SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox
  const mailer = createMailer(config, logger);
  registerReactions(events, jobs, {
    live,
    cache,
    clock,
    notifications,
    conversations,
    uploads,
    push,
    escrow,
    disputes,
    paymentClaims,
    paymentProviders,
    reliability,
    dealReviews,
    orders,
    handover,
    reservations,
    unpaidOrders,
    mailer,
    products,
    reviews,
  });
  const auth = new AuthService(dataSource, config, events);
  const codes = new OneTimeCodes(dataSource, config.jwtSecret, mailer, clock);
  const catalog = new CatalogService(dataSource, cache, replicas, searchIndex);
  // a product page's reviews and reservations are read in the listing's own statement
  catalog.readAlongsideProductPages(reviewPageCompanion, activeReservationsCompanion);

  return {
    dataSource,
    cache,
    /** Live events for subscriptions (through Redis when REDIS_URL is set). */
    live,
    /** The time rules with deadlines read (a TestClock in tests). */
    clock,
    events,
    jobs,
    auth,
    mailer,
    verification: new VerificationService(dataSource, codes, events),
    recovery: new RecoveryService(dataSource, codes, auth),
    reviews,
    dealReviews,
    reliability,
    /** The read replicas the catalogue's reads go to (none without DATABASE_REPLICA_URLS), with their lag. */
    replicas,
    /** The catalogue's reads (shop, search, trending, one product); product writes are `products`. */
    catalog,
    /** This process's index of the listings' words, which answers searches once loaded (none with SEARCH_INDEX=database); started by app/server.ts. */
    searchIndex,
    products,
    storage,
    uploads,
    users,
    stats: new StatsService(dataSource, users),
    orders,
    handover,
    reservations,
    unpaidOrders,
    /** Online payments (card sandbox, JazzCash, Easypaisa): the hand-off, the provider's inquiry, refunds, reconciliation. */
    paymentProviders,
    sellers: new SellersService(dataSource, replicas),
    saved: new SavedService(dataSource),
    moderation: new ModerationService(dataSource, events, auth),
    heldListings: new HeldListingsService(dataSource, events, notifications),
    conversations,
    notifications,
    screening,
    presence,
    /** What /ready answers from (kept up to date in the background) and the admins' status report; started by app/server.ts. */
    health: new HealthMonitor(dataSource, { redis, storage, jobs, replicas, searchIndex }),
    push,
    ledger,
    escrow,
    disputes,
    payouts: new PayoutsService(dataSource, ledger, paymentNotices, {
      payable: config.testMoneyPayouts,
      available: (sellerId, manager) => escrow.testMoneyAvailable(sellerId, manager),
    }),
    savedSearches: new SavedSearchesService(dataSource),
    wanted: new WantedService(dataSource, clock, conversations),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module "../platform/request" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: platform code sees the app's services
  interface RequestServices extends Services {}
}
