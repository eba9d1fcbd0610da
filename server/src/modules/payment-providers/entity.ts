import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { numericTransformer } from "../../platform/shared/transformers";
import type { ProviderName } from "./provider";

export enum PaymentAttemptStatus {
  STARTED = "started",
  /** The provider's inquiry said paid, and the checkout took the payment. */
  PAID = "paid",
  FAILED = "failed",
  /** The provider took the money but the checkout could not take it (already paid, cancelled, lapsed, wrong amount): refunded. */
  REFUSED = "refused",
}

/**
 * One try at paying a checkout at a provider. Its short `reference` is what the provider echoes;
 * once the attempt is settled (paid, failed or refused) a callback for it changes nothing.
 */
@Entity({ name: "payment_attempts" })
export class PaymentAttempt {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "varchar", length: 20, unique: true })
  reference: string;

  @Index("payment_attempts_checkout_idx")
  @Column({ type: "uuid" })
  checkoutSessionId: string;

  @Column({ type: "uuid", nullable: true })
  buyerId: string | null;

  @Column({ type: "varchar", length: 20 })
  provider: ProviderName;

  /** The checkout's total when the attempt started: the provider must have taken exactly this. */
  @Column({ type: "bigint", transformer: numericTransformer })
  amountPaisa: number;

  /** Test money: a simulator's or the card sandbox's. */
  @Column({ type: "boolean", default: false })
  sandbox: boolean;

  @Column({ type: "enum", enum: PaymentAttemptStatus, enumName: "payment_attempt_status", default: PaymentAttemptStatus.STARTED })
  status: PaymentAttemptStatus;

  @Column({ type: "varchar", length: 64, nullable: true })
  providerTransactionId: string | null;

  /** The provider's words when the payment failed. */
  @Column({ type: "varchar", length: 300, nullable: true })
  message: string | null;

  /** Why a payment the provider took was refused (and refunded). */
  @Column({ type: "varchar", length: 300, nullable: true })
  refusedReason: string | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @Column({ type: "timestamptz", nullable: true })
  settledAt: Date | null;
}

export enum RefundState {
  /** To send: the `payments.refund` job sends it (again, after a refusal). */
  REQUESTED = "requested",
  /**
   * Sent, and no answer recorded: the provider may have made it. Nothing sends it again until an
   * admin, having checked with the provider, confirms it as sent or sends it again.
   */
  IN_DOUBT = "in_doubt",
  CONFIRMED = "confirmed",
}

/**
 * Money going back through the provider that took it; posted to the ledger once the provider (or an
 * admin who checked with it) confirms it.
 */
@Entity({ name: "payment_refunds" })
export class PaymentRefund {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  /** One refund per key, however often it is asked for. */
  @Column({ type: "varchar", length: 120, unique: true })
  key: string;

  @Column({ type: "varchar", length: 20 })
  provider: ProviderName;

  /** The reference the provider knows the payment by (the attempt's). */
  @Column({ type: "varchar", length: 40 })
  attemptReference: string;

  @Column({ type: "varchar", length: 64, nullable: true })
  transactionId: string | null;

  @Column({ type: "bigint", transformer: numericTransformer })
  amountPaisa: number;

  @Column({ type: "uuid", nullable: true })
  orderId: string | null;

  @Column({ type: "uuid", nullable: true })
  buyerId: string | null;

  @Column({ type: "boolean", default: false })
  sandbox: boolean;

  @Column({ type: "varchar", length: 300 })
  reason: string;

  @Column({ type: "varchar", length: 10, default: RefundState.REQUESTED })
  state: RefundState;

  @Column({ type: "varchar", length: 64, nullable: true })
  providerRefundId: string | null;

  @Column({ type: "integer", default: 0 })
  tries: number;

  @Column({ type: "varchar", length: 300, nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @Column({ type: "timestamptz", nullable: true })
  confirmedAt: Date | null;
}

/** A difference reconciliation found between a provider's records and ours, for the admins. */
@Entity({ name: "payment_mismatches" })
export class PaymentMismatch {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "varchar", length: 160, unique: true })
  key: string;

  @Column({ type: "varchar", length: 20 })
  provider: string;

  @Column({ type: "varchar", length: 40, nullable: true })
  reference: string | null;

  @Column({ type: "varchar", length: 500 })
  detail: string;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
