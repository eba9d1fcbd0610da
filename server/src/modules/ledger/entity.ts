import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from "typeorm";
import { numericTransformer } from "../../platform/shared/transformers";

/** What a movement of money was. */
export enum MovementKind {
  /** An online payment came in and is held for one order. */
  HELD = "HELD",
  /** A held payment went to the seller's available balance. */
  RELEASED = "RELEASED",
  /** The platform's fee taken from a release. */
  FEE = "FEE",
  /** Held money is owed back to the buyer: the refund is asked of the provider. */
  REFUNDED = "REFUNDED",
  /** A payment the provider took that the app could not accept: owed back to the buyer. */
  REFUSED = "REFUSED",
  /** The provider confirmed a refund: the money went back to the buyer. */
  REFUND_SENT = "REFUND_SENT",
  /** A seller asked for a payout: the amount left the available balance. */
  PAYOUT = "PAYOUT",
  /** A refused payout's amount came back to the available balance. */
  PAYOUT_RETURNED = "PAYOUT_RETURNED",
}

/**
 * One movement of money: entries on two or more accounts that sum to zero (the database checks it
 * at commit). `key` makes a movement happen once: a second post with the same key is a no-op.
 * Rows are never updated nor deleted (the database refuses).
 */
@Entity({ name: "ledger_movements" })
export class LedgerMovement {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "varchar", length: 120, unique: true })
  key: string;

  @Column({ type: "varchar", length: 20 })
  kind: MovementKind;

  @Column({ type: "uuid", nullable: true })
  orderId: string | null;

  /** The seller whose money this is (their order's payment, their balance or payout). */
  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  @Column({ type: "uuid", nullable: true })
  payoutId: string | null;

  @OneToMany(() => LedgerEntry, (entry) => entry.movement)
  entries?: LedgerEntry[];

  @CreateDateColumn({ type: "timestamptz", precision: 3 })
  createdAt: Date;
}

/** One side of a movement: a signed amount in paisa on one account (see accounts.ts). */
@Entity({ name: "ledger_entries" })
export class LedgerEntry {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  movementId: string;

  @ManyToOne(() => LedgerMovement, (movement) => movement.entries)
  @JoinColumn({ name: "movementId" })
  movement?: LedgerMovement;

  @Column({ type: "varchar", length: 80 })
  account: string;

  @Column({ type: "bigint", transformer: numericTransformer })
  amountPaisa: number;
}
