import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from "typeorm";
import { numericTransformer } from "../../platform/shared/transformers";

/** Where an order's online payment is: see transitions.ts for the steps between them. */
export enum HeldPaymentState {
  HELD = "HELD",
  DISPUTED = "DISPUTED",
  RELEASED = "RELEASED",
  REFUNDED = "REFUNDED",
  PARTLY_REFUNDED = "PARTLY_REFUNDED",
}

/** An order's captured online payment, held by the platform until the handover or a refund. */
@Entity({ name: "held_payments" })
export class HeldPayment {
  @PrimaryColumn({ type: "uuid" })
  orderId: string;

  @Column({ type: "uuid" })
  checkoutSessionId: string;

  /** The payment provider ("card", a wallet) and its transaction reference, for refunds. */
  @Column({ type: "varchar", length: 20 })
  provider: string;

  @Column({ type: "varchar", length: 120 })
  reference: string;

  @Column({ type: "uuid", nullable: true })
  buyerId: string | null;

  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  @Column({ type: "bigint", transformer: numericTransformer })
  amountPaisa: number;

  @Column({ type: "varchar", length: 20, default: HeldPaymentState.HELD })
  state: HeldPaymentState;

  @Column({ type: "bigint", default: 0, transformer: numericTransformer })
  refundedPaisa: number;

  /** Test money (a simulator or the card sandbox): shown as such, never paid out where payouts move real money. */
  @Column({ type: "boolean", default: false })
  testMoney: boolean;

  /** The provider's id of the refund, once it confirmed it (the `payments.refund` job). */
  @Column({ type: "varchar", length: 120, nullable: true })
  refundReference: string | null;

  @CreateDateColumn({ type: "timestamptz", precision: 3 })
  createdAt: Date;

  @Column({ type: "timestamptz", nullable: true })
  settledAt: Date | null;
}

export enum DisputeReason {
  NOT_RECEIVED = "NOT_RECEIVED",
  NOT_AS_DESCRIBED = "NOT_AS_DESCRIBED",
}

export enum DisputeState {
  /** Opened by the buyer; the seller has until `answerDueAt` to answer. */
  AWAITING_SELLER = "AWAITING_SELLER",
  /** Answered, or the seller's time ran out: an admin decides. */
  AWAITING_ADMIN = "AWAITING_ADMIN",
  DECIDED = "DECIDED",
}

export enum DisputeOutcome {
  RELEASE = "RELEASE",
  REFUND = "REFUND",
  PARTIAL_REFUND = "PARTIAL_REFUND",
}

/** A buyer's dispute over a paid order's held payment (one per order). */
@Entity({ name: "disputes" })
export class Dispute {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", unique: true })
  orderId: string;

  @Column({ type: "uuid", nullable: true })
  buyerId: string | null;

  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  @Column({ type: "varchar", length: 20 })
  reason: DisputeReason;

  @Column({ type: "varchar", length: 2000 })
  text: string;

  /** `/uploads/` addresses of pictures uploaded here. */
  @Column({ type: "text", array: true, default: () => "'{}'" })
  photos: string[];

  @Column({ type: "varchar", length: 20, default: DisputeState.AWAITING_SELLER })
  state: DisputeState;

  @Column({ type: "varchar", length: 2000, nullable: true })
  sellerAnswer: string | null;

  @Column({ type: "timestamptz", nullable: true })
  answeredAt: Date | null;

  @Column({ type: "timestamptz" })
  answerDueAt: Date;

  /** When admins are reminded to decide (set once the dispute awaits them). */
  @Column({ type: "timestamptz", nullable: true })
  decisionDueAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  remindedAt: Date | null;

  @Column({ type: "varchar", length: 20, nullable: true })
  outcome: DisputeOutcome | null;

  @Column({ type: "bigint", nullable: true, transformer: numericTransformer })
  refundPaisa: number | null;

  @Column({ type: "varchar", length: 1000, nullable: true })
  decisionNote: string | null;

  @Column({ type: "uuid", nullable: true })
  decidedById: string | null;

  @Column({ type: "timestamptz", nullable: true })
  decidedAt: Date | null;

  @CreateDateColumn({ type: "timestamptz", precision: 3 })
  createdAt: Date;
}
