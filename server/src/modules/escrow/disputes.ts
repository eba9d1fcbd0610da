import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import { said } from "../../platform/i18n/errors";
import { disputeTextRule, hasAtMostTwoDecimals, MAX_DISPUTE_PHOTOS } from "@unibazaar/rules";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { isOwnImagePath, NOT_OWN_IMAGE, storedImageAddress } from "../../platform/http/public-url";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { toPaisa } from "../../platform/shared/money";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { idRule, isId, parseInput, ruleSaid } from "../../platform/shared/validation";
import { Order, PaymentStatus, type OrderHandoverObjected, lockOrder, ACCEPTED_STATUSES, capacityOn } from "../orders";
import { Dispute, DisputeOutcome, DisputeReason, DisputeState, HeldPayment, HeldPaymentState } from "./entity";
import { orderPath, type PaymentNotices } from "./notices";
import type { EscrowService } from "./service";
import { statesAllowing } from "./transitions";

const HOUR = 3_600_000;
/** How long a seller has to answer a dispute before an admin takes it up without the answer. */
export const SELLER_ANSWER_HOURS = 72;
/** How long after a dispute reaches the admins they are reminded to decide it. */
export const ADMIN_DECISION_HOURS = 48;

const DISPUTE_NOT_FOUND = said("dispute.notFound");

const photoRule = z
  .string()
  .trim()
  .max(500, ruleSaid("upload.photoAddressTooLong"))
  .transform(storedImageAddress)
  .refine(isOwnImagePath, NOT_OWN_IMAGE);

const answerSchema = z.object({ text: disputeTextRule });

const openSchema = z.object({
  orderId: idRule(ruleSaid("dispute.chooseOrder")),
  reason: z.enum(DisputeReason, { message: ruleSaid("dispute.chooseReason") }),
  text: disputeTextRule,
  photos: z
    .array(photoRule)
    .max(MAX_DISPUTE_PHOTOS, ruleSaid("dispute.tooManyPhotos", { count: MAX_DISPUTE_PHOTOS }))
    .nullish()
    .transform((photos) => photos ?? []),
});
export type OpenDisputeInput = z.input<typeof openSchema>;

const decideSchema = z.object({
  outcome: z.enum(DisputeOutcome, { message: ruleSaid("dispute.chooseOutcome") }),
  refundAmount: z
    .number()
    .positive(ruleSaid("dispute.refundPositive"))
    .max(1e9, ruleSaid("dispute.refundTooMuch"))
    // whole paisa, as a payout: never rounded silently
    .refine(hasAtMostTwoDecimals, ruleSaid("dispute.refundDecimals"))
    .nullish(),
  note: z
    .string()
    .trim()
    .max(1000, ruleSaid("dispute.noteTooLong", { count: 1000 }))
    .nullish(),
});
export type DecideDisputeInput = z.input<typeof decideSchema>;

const listSchema = pageInput(20).extend({ state: z.enum(DisputeState).nullish() });

/** An admin decided a dispute and its payment is settled: `refundedInFull` when the buyer got all of it back. */
export type DisputeDecided = { orderId: string; outcome: DisputeOutcome; refundedInFull: boolean; admin: AuthUser };

/** A dispute with what its readers need beside it: the order's number and the held amount. */
export type DisputeView = Dispute & { orderNumber: number; amountPaisa: number };

/**
 * Disputes over held payments: the buyer opens one before the release (or objects to a handover),
 * the seller answers within SELLER_ANSWER_HOURS, an admin decides (release, refund, partial refund).
 * Both sides hear of each step; the deadlines run on the clock in the `disputes.deadlines` job.
 * Opening and deciding lock the order's row first, then the held payment and the dispute, as the
 * order's own steps (status changes, the handover) do: one order, one queue, no deadlock.
 */
export class DisputesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly escrow: EscrowService,
    private readonly notices: PaymentNotices,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /** The buyer disputes their order's held payment (not while released, refunded or already disputed). */
  async open(input: OpenDisputeInput, buyer: AuthUser): Promise<DisputeView> {
    const v = parseInput(openSchema, input);
    const id = await this.dataSource.transaction(async (manager) => {
      const order = await lockOrder(manager, v.orderId);
      if (order.buyerId !== buyer.id) throw forbidden(said("dispute.onlyBuyer"));
      if (!ACCEPTED_STATUSES.includes(order.status)) {
        throw badInput(said("dispute.notAccepted"), { orderId: said("dispute.notAccepted") });
      }
      return this.openIn(manager, order, v.reason, v.text, v.photos);
    });
    return this.view(id);
  }

  /** Reaction to `order.handover-objected`: the buyer's objection opens a dispute on a held payment. */
  async handoverObjected({ order, reason }: OrderHandoverObjected, manager: EntityManager): Promise<void> {
    const held = await manager.findOneBy(HeldPayment, { orderId: order.id, state: HeldPaymentState.HELD });
    if (!held) return;
    const text = reason.trim().length >= 10 ? reason.trim().slice(0, 2000) : `The buyer objected to the handover: ${reason.trim()}`;
    await this.openIn(manager, order, DisputeReason.NOT_RECEIVED, text, []);
  }

  private async openIn(manager: EntityManager, order: Order, reason: DisputeReason, text: string, photos: string[]): Promise<string> {
    if (order.paymentStatus !== PaymentStatus.PAID) throw badInput(said("dispute.notPaidOnline"));
    // conditional: a dispute and a release racing for the same payment give one outcome
    const [rows]: [Array<{ amountPaisa: string }>, number] = await manager.query(
      `UPDATE held_payments SET state = $2 WHERE "orderId" = $1 AND state = ANY($3) RETURNING "amountPaisa"`,
      [order.id, HeldPaymentState.DISPUTED, statesAllowing("dispute")],
    );
    if (!rows.length) throw conflict(said("dispute.noLongerHeld"));
    const now = this.clock.now();
    const [{ id }]: Array<{ id: string }> = await manager.query(
      `INSERT INTO disputes ("orderId", "buyerId", "sellerId", reason, text, photos, "answerDueAt") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [order.id, order.buyerId, order.sellerId, reason, text, photos, new Date(now.getTime() + SELLER_ANSWER_HOURS * HOUR)],
    );
    const params = { order: order.orderNumber };
    await this.notices.tell([order.sellerId], { key: "dispute.openedSeller", params }, orderPath(order.id), manager);
    await this.notices.tell([order.buyerId], { key: "dispute.openedBuyer", params }, orderPath(order.id), manager);
    return id;
  }

  /** The seller answers the dispute of one of their orders, once; it then awaits an admin. */
  async answer(disputeId: string, text: string, seller: AuthUser): Promise<DisputeView> {
    const answer = parseInput(answerSchema, { text }).text;
    const dispute = await this.find(disputeId);
    if (dispute.sellerId !== seller.id || seller.role !== Role.SELLER) throw forbidden(said("dispute.onlySeller"));
    await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const [, affected]: [unknown[], number] = await manager.query(
        `UPDATE disputes SET state = $2, "sellerAnswer" = $3, "answeredAt" = $4, "decisionDueAt" = $5 WHERE id = $1 AND state = $6`,
        [
          dispute.id,
          DisputeState.AWAITING_ADMIN,
          answer,
          now,
          new Date(now.getTime() + ADMIN_DECISION_HOURS * HOUR),
          DisputeState.AWAITING_SELLER,
        ],
      );
      if (!affected) throw conflict(said("dispute.alreadyAnswered"));
      const params = { order: dispute.orderNumber };
      await this.notices.tell(
        [dispute.buyerId, dispute.sellerId],
        { key: "dispute.answered", params },
        orderPath(dispute.orderId),
        manager,
      );
      await this.notices.tellAdmins({ key: "dispute.ready", params }, manager);
    });
    return this.view(dispute.id);
  }

  /**
   * An admin decides: release to the seller, refund the buyer in full, or refund part and release
   * the rest. `dispute.decided` then ends the order, in the same transaction.
   */
  async decide(disputeId: string, input: DecideDisputeInput, admin: AuthUser): Promise<DisputeView> {
    const v = parseInput(decideSchema, input);
    const dispute = await this.find(disputeId);
    const refundPaisa = refundOf(v.outcome, v.refundAmount ?? null, dispute.amountPaisa);
    await this.dataSource.transaction(async (manager) => {
      await lockOrder(manager, dispute.orderId);
      const [, affected]: [unknown[], number] = await manager.query(
        `UPDATE disputes SET state = $2, outcome = $3, "refundPaisa" = $4, "decisionNote" = $5, "decidedById" = $6, "decidedAt" = now()
          WHERE id = $1 AND state <> $2`,
        [dispute.id, DisputeState.DECIDED, v.outcome, refundPaisa, v.note || null, admin.id],
      );
      if (!affected) throw conflict(said("dispute.alreadyDecided"));
      const step = v.outcome === DisputeOutcome.RELEASE ? "release" : v.outcome === DisputeOutcome.REFUND ? "refund" : "partial";
      const settled = await this.escrow.settle(manager, dispute.orderId, step, [HeldPaymentState.DISPUTED], refundPaisa);
      if (!settled) throw conflict(said("dispute.paymentNotHeld"));
      const key =
        v.outcome === DisputeOutcome.RELEASE
          ? "dispute.decidedRelease"
          : refundPaisa < dispute.amountPaisa
            ? "dispute.decidedPartial"
            : "dispute.decidedRefund";
      const message = { key, params: { order: dispute.orderNumber, amountPaisa: refundPaisa } } as const;
      await this.notices.tell([dispute.buyerId, dispute.sellerId], message, orderPath(dispute.orderId), manager);
      const refundedInFull = refundPaisa === dispute.amountPaisa;
      await this.events.publish(manager, "dispute.decided", { orderId: dispute.orderId, outcome: v.outcome, refundedInFull, admin });
    });
    return this.view(dispute.id);
  }

  /**
   * The `disputes.deadlines` job: disputes the seller left unanswered past `answerDueAt` go to the
   * admins (both sides told), and admins are reminded once of disputes past `decisionDueAt`.
   * A second run finds nothing to do. Returns how many disputes it moved or reminded of.
   */
  async runDeadlines(manager: EntityManager): Promise<number> {
    const now = this.clock.now();
    const [lapsed]: [Array<{ id: string; orderId: string; buyerId: string | null; sellerId: string | null; orderNumber: number }>, number] =
      await manager.query(
        `UPDATE disputes d SET state = $1, "decisionDueAt" = $2 FROM orders o
          WHERE o.id = d."orderId" AND d.state = $3 AND d."answerDueAt" <= $4
          RETURNING d.id, d."orderId", d."buyerId", d."sellerId", o."orderNumber"`,
        [DisputeState.AWAITING_ADMIN, new Date(now.getTime() + ADMIN_DECISION_HOURS * HOUR), DisputeState.AWAITING_SELLER, now],
      );
    for (const d of lapsed) {
      const params = { order: d.orderNumber };
      await this.notices.tell([d.buyerId, d.sellerId], { key: "dispute.unanswered", params }, orderPath(d.orderId), manager);
      await this.notices.tellAdmins({ key: "dispute.readyUnanswered", params }, manager);
    }
    const [due]: [Array<{ orderNumber: number }>, number] = await manager.query(
      `UPDATE disputes d SET "remindedAt" = $3 FROM orders o
        WHERE o.id = d."orderId" AND d.state = $1 AND d."decisionDueAt" <= $2 AND d."remindedAt" IS NULL RETURNING o."orderNumber"`,
      [DisputeState.AWAITING_ADMIN, now, now],
    );
    for (const d of due) await this.notices.tellAdmins({ key: "dispute.reminder", params: { order: d.orderNumber } }, manager);
    return lapsed.length + due.length;
  }

  /** One dispute, for whoever may read its order: its buyer, its seller (while a seller) or an admin. */
  async dispute(disputeId: string, caller: AuthUser): Promise<DisputeView> {
    const dispute = await this.find(disputeId);
    if (!capacityOn(dispute, caller)) throw forbidden(said("dispute.notYours"));
    return dispute;
  }

  /** Disputes for the admins, oldest first (the longest waiting on top), optionally of one state. */
  async list(input: { state?: DisputeState | null; page?: number | null; pageSize?: number | null }): Promise<Page<DisputeView>> {
    const { state, page, pageSize } = parseInput(listSchema, {
      ...input,
      page: input.page ?? undefined,
      pageSize: input.pageSize ?? undefined,
    });
    const qb = this.viewQuery()
      .where(state ? "d.state = :state" : "true", { state })
      .orderBy("d.createdAt", "ASC")
      .addOrderBy("d.id")
      .offset((page - 1) * pageSize)
      .limit(pageSize);
    const [{ entities, raw }, total] = await Promise.all([qb.getRawAndEntities(), qb.getCount()]);
    return toPage(withFigures(entities, raw), total, page, pageSize);
  }

  private viewQuery() {
    return disputeViews(this.dataSource);
  }

  private async view(disputeId: string): Promise<DisputeView> {
    return this.find(disputeId);
  }

  private async find(disputeId: string): Promise<DisputeView> {
    const { entities, raw } = isId(disputeId)
      ? await this.viewQuery().where("d.id = :id", { id: disputeId }).getRawAndEntities()
      : { entities: [], raw: [] };
    const [dispute] = withFigures(entities, raw);
    if (!dispute) throw notFound(DISPUTE_NOT_FOUND);
    return dispute;
  }
}

/** Disputes with their order's number and held amount. */
function disputeViews(dataSource: DataSource) {
  return dataSource
    .getRepository(Dispute)
    .createQueryBuilder("d")
    .innerJoin(Order, "o", `o.id = d."orderId"`)
    .innerJoin(HeldPayment, "p", `p."orderId" = d."orderId"`)
    .addSelect(`o."orderNumber"`, "order_number")
    .addSelect(`p."amountPaisa"`, "amount_paisa");
}

/** The disputes of these orders (one query for a page of orders). */
export async function disputesOfOrders(dataSource: DataSource, orderIds: readonly string[]): Promise<DisputeView[]> {
  const { entities, raw } = await disputeViews(dataSource)
    .where(`d."orderId" = ANY(:ids)`, { ids: [...orderIds] })
    .getRawAndEntities();
  return withFigures(entities, raw);
}

function withFigures(entities: Dispute[], raw: Array<{ order_number: number; amount_paisa: string }>): DisputeView[] {
  return entities.map((dispute, i) =>
    Object.assign(dispute, { orderNumber: Number(raw[i].order_number), amountPaisa: Number(raw[i].amount_paisa) }),
  );
}

/** The paisa refunded by an outcome: none, all, or a part strictly between none and all. */
function refundOf(outcome: DisputeOutcome, refundAmount: number | null, amountPaisa: number): number {
  if (outcome === DisputeOutcome.RELEASE) return 0;
  if (outcome === DisputeOutcome.REFUND) return amountPaisa;
  const refund = refundAmount == null ? 0 : toPaisa(refundAmount);
  if (refund <= 0 || refund >= amountPaisa) {
    const message = said("dispute.partialRefund", { minPaisa: 0, amountPaisa });
    throw badInput(message, { refundAmount: message });
  }
  return refund;
}

declare module "../../platform/events" {
  interface DomainEvents {
    "dispute.decided": DisputeDecided;
  }
}

declare module "../../platform/jobs" {
  interface JobPayloads {
    /** Scheduled: moves disputes past their deadlines and reminds admins (DisputesService.runDeadlines). */
    "disputes.deadlines": object;
  }
}
