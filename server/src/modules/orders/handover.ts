import { timingSafeEqual } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import { handoverCodeRule, handoverObjectionRule } from "@unibazaar/rules";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { said } from "../../platform/i18n/errors";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { parseInput } from "../../platform/shared/validation";
import { HandoverHow, HandoverState, Order, OrderStatus } from "./entity";
import { codeTriesLeft } from "./handover-rules";
import { isUuid } from "./pricing";
import { lockOrder, type OrdersService } from "./service";
import { capacityOn, refusal } from "./transitions";

const codeSchema = z.object({ code: handoverCodeRule });
const objectionSchema = z.object({ reason: handoverObjectionRule });

const sameCode = (stored: string, typed: string) => timingSafeEqual(Buffer.from(stored), Buffer.from(typed));

/**
 * The handover of an order: the seller completes it with the buyer's code (confirmed by code), or
 * without it (the buyer then confirms, objects, or lets the deadline confirm it). Each path locks
 * the order row, so of two confirmations at once one applies and `order.handover-confirmed` is
 * published once per order, in the transaction of the change.
 */
export class HandoverService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /**
   * The order's seller typed or scanned the buyer's code: the order is completed, confirmed by code.
   * A wrong code counts (committed, whatever the answer) and after the last try the code path locks.
   */
  async completeWithCode(orderId: string, code: string, seller: AuthUser): Promise<Order> {
    const v = parseInput(codeSchema, { code });
    if (!isUuid(orderId)) throw notFound(said("order.notFound"));
    const outcome = await this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      const capacity = capacityOn(order, seller);
      if (!capacity) throw forbidden(said("order.notYours"));
      if (capacity !== Role.SELLER) throw forbidden(said("handover.onlySellerEntersCode"));
      const refused = refusal(order, OrderStatus.COMPLETED, seller, this.clock.now(), await this.orders.money(manager, order));
      if (refused) throw refused;
      if (codeTriesLeft(order) === 0) throw conflict(said("handover.codeLocked"));
      if (!sameCode(order.handoverCode, v.code)) {
        await manager.update(Order, order.id, { handoverCodeTries: order.handoverCodeTries + 1 });
        return { triesLeft: codeTriesLeft(order) - 1 };
      }
      return { order: await this.orders.changeStatus(manager, order, OrderStatus.COMPLETED, seller, true) };
    });
    if (outcome.order) return outcome.order;
    const message = outcome.triesLeft ? said("handover.codeWrong", { count: outcome.triesLeft }) : said("handover.codeWrongLocked");
    throw badInput(message, { code: message });
  }

  /** The buyer says they got the goods of an order awaiting their confirmation. */
  async confirmReceipt(orderId: string, buyer: AuthUser): Promise<Order> {
    return this.settleAwaiting(orderId, buyer, async (manager, order) => {
      await manager.update(Order, order.id, {
        handoverState: HandoverState.CONFIRMED,
        handoverHow: HandoverHow.BUYER,
        handoverSettledAt: this.clock.now(),
      });
      const confirmed = await manager.findOneByOrFail(Order, { id: order.id });
      await this.events.publish(manager, "order.handover-confirmed", { order: confirmed, how: "buyer" });
      return confirmed;
    });
  }

  /** The buyer objects to a handover the seller recorded without the code, saying why; it is then not confirmed automatically. */
  async objectToHandover(orderId: string, reason: string, buyer: AuthUser): Promise<Order> {
    const v = parseInput(objectionSchema, { reason });
    return this.settleAwaiting(orderId, buyer, async (manager, order) => {
      await manager.update(Order, order.id, {
        handoverState: HandoverState.OBJECTED,
        handoverObjection: v.reason,
        handoverSettledAt: this.clock.now(),
      });
      const objected = await manager.findOneByOrFail(Order, { id: order.id });
      await this.events.publish(manager, "order.handover-objected", { order: objected, buyer, reason: v.reason });
      return objected;
    });
  }

  /**
   * The scheduled `orders.handover-auto-confirm` job: every handover still awaiting its buyer past
   * the deadline (the clock's time) is confirmed automatically, in one conditional statement, so a
   * second run, or a buyer's answer at the same moment, finds nothing left to confirm. The order rows
   * are locked first and in id order (then the reactions take their held payments), as every path
   * of one order does, so a dispute or another run at the same moment waits instead of deadlocking.
   */
  async autoConfirmDue(manager: EntityManager): Promise<number> {
    const now = this.clock.now();
    // an UPDATE answers [rows, count] through TypeORM
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE orders SET "handoverState" = $1, "handoverHow" = $2, "handoverSettledAt" = $3
        WHERE id IN (SELECT id FROM orders WHERE "handoverState" = $4 AND "handoverDueAt" <= $3 ORDER BY id FOR UPDATE)
          AND "handoverState" = $4 RETURNING id`,
      [HandoverState.CONFIRMED, HandoverHow.AUTO, now, HandoverState.AWAITING_BUYER],
    );
    for (const { id } of rows) {
      await this.events.publish(manager, "order.handover-confirmed", { order: await manager.findOneByOrFail(Order, { id }), how: "auto" });
    }
    return rows.length;
  }

  /** Runs `change` on an order awaiting the caller's confirmation, under the order's row lock. */
  private async settleAwaiting(
    orderId: string,
    buyer: AuthUser,
    change: (manager: EntityManager, order: Order) => Promise<Order>,
  ): Promise<Order> {
    if (!isUuid(orderId)) throw notFound(said("order.notFound"));
    return this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      if (order.buyerId !== buyer.id) throw forbidden(said(capacityOn(order, buyer) ? "handover.onlyBuyerConfirms" : "order.notYours"));
      if (order.handoverState === HandoverState.CONFIRMED) throw conflict(said("handover.alreadyConfirmed"));
      if (order.handoverState === HandoverState.OBJECTED) throw conflict(said("handover.alreadyObjected"));
      if (order.handoverState !== HandoverState.AWAITING_BUYER) throw conflict(said("handover.notDelivered"));
      return change(manager, order);
    });
  }
}
