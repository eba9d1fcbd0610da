import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { numericTransformer } from "../../platform/shared/transformers";
import { CheckoutSession, PaymentMethod } from "../orders/entity";

export enum PaymentAttemptStatus {
  STARTED = "started",
  PAID = "paid",
  FAILED = "failed",
}

/**
 * One try at paying a checkout at a wallet provider. Its short `reference` is what the provider
 * echoes in its callback; once the attempt is settled (paid or failed), a callback for it changes nothing.
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

  @ManyToOne(() => CheckoutSession, { onDelete: "CASCADE" })
  @JoinColumn({ name: "checkoutSessionId" })
  checkoutSession?: CheckoutSession;

  @Column({ type: "varchar", length: 20 })
  provider: PaymentMethod;

  /** The checkout's total when the attempt started: the callback must carry exactly this. */
  @Column({ type: "bigint", transformer: numericTransformer })
  amountPaisa: number;

  @Column({ type: "enum", enum: PaymentAttemptStatus, enumName: "payment_attempt_status", default: PaymentAttemptStatus.STARTED })
  status: PaymentAttemptStatus;

  @Column({ type: "varchar", length: 64, nullable: true })
  providerTransactionId: string | null;

  /** The provider's words when the payment failed. */
  @Column({ type: "varchar", length: 300, nullable: true })
  message: string | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @Column({ type: "timestamptz", nullable: true })
  settledAt: Date | null;
}
