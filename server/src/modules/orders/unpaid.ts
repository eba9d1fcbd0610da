import type { EntityManager } from "typeorm";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { isCashPayment, Order, OrderStatus, OrderStatusEvent, PaymentMethod, PaymentStatus } from "./entity";
import { releaseUnits } from "./stock";

/** The payment methods paid online before the handover (card and wallets): their orders wait for the payment. */
export const ONLINE_METHODS: readonly PaymentMethod[] = Object.values(PaymentMethod).filter((method) => !isCashPayment(method));

/** The platform as the actor of a lapse in `order.status-changed`: no user (the timeline records none). */
const PLATFORM: AuthUser = { id: "00000000-0000-0000-0000-000000000000", role: Role.ADMIN, email: "", username: "UniBazaar" };

/** Checkouts one run lapses at most; the next run, a minute later, takes the rest. */
const LAPSE_BATCH = 100;

/**
 * The lapse of online orders nobody paid: the `orders.lapse-unpaid` job, every minute on the
 * clock's time, cancels each pending, unpaid order of an online checkout placed `minutes` ago or
 * more, gives its units back and tells the buyer and the seller. The checkout and then its orders
 * (in id order) are locked as the capture locks them, and the change is one conditional UPDATE, so
 * a payment and a lapse at the same moment end one way: paid, or lapsed (the payment then arrives
 * for a cancelled checkout, which the payment's side refuses and refunds). A second run finds
 * nothing left to do.
 */
export class UnpaidOrders {
  constructor(
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly settings: { unpaidOrderMinutes: number },
  ) {}

  async lapseDue(manager: EntityManager): Promise<number> {
    const placedBefore = new Date(this.clock.now().getTime() - this.settings.unpaidOrderMinutes * 60_000);
    const due: Array<{ id: string }> = await manager.query(
      `SELECT s.id FROM checkout_sessions s
        WHERE s."paymentStatus" = $1 AND s."paymentMethod" = ANY($2::payment_method[]) AND s."createdAt" <= $3
          AND EXISTS (SELECT 1 FROM orders o WHERE o."checkoutSessionId" = s.id AND o.status = $4 AND o."paymentStatus" = $1)
        ORDER BY s.id LIMIT $5 FOR UPDATE OF s`,
      [PaymentStatus.UNPAID, ONLINE_METHODS, placedBefore, OrderStatus.PENDING, LAPSE_BATCH],
    );
    if (!due.length) return 0;
    const checkoutIds = due.map((row) => row.id);
    const orders = await manager
      .getRepository(Order)
      .createQueryBuilder("o")
      .setLock("pessimistic_write")
      .where(`o."checkoutSessionId" = ANY(:checkoutIds)`, { checkoutIds })
      .orderBy("o.id")
      .getMany();
    // a checkout paid while this run waited for its lock is no longer unpaid: its orders stay
    const [lapsed]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE orders o SET status = $2, "updatedAt" = now() FROM checkout_sessions s
        WHERE o.id = ANY($1::uuid[]) AND s.id = o."checkoutSessionId" AND s."paymentStatus" = $4
          AND o.status = $3 AND o."paymentStatus" = $4
        RETURNING o.id`,
      [orders.map((order) => order.id), OrderStatus.CANCELLED, OrderStatus.PENDING, PaymentStatus.UNPAID],
    );
    const lapsedIds = new Set(lapsed.map((row) => row.id));
    for (const order of orders.filter((o) => lapsedIds.has(o.id))) {
      await manager.insert(OrderStatusEvent, {
        orderId: order.id,
        fromStatus: OrderStatus.PENDING,
        toStatus: OrderStatus.CANCELLED,
        actorId: null,
        actorRole: null,
      });
      await releaseUnits(manager, order.id);
      await this.events.publish(manager, "order.status-changed", { order, to: OrderStatus.CANCELLED, actor: PLATFORM, reason: "unpaid" });
    }
    return lapsedIds.size;
  }
}
