import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";
import { numericTransformer } from "../../platform/shared/transformers";

export enum PayoutMethod {
  WALLET = "WALLET",
  IBAN = "IBAN",
}

export enum PayoutState {
  REQUESTED = "REQUESTED",
  PAID = "PAID",
  REFUSED = "REFUSED",
}

/** A seller's request to be paid out from their available balance, and what the admins did with it. */
@Entity({ name: "payouts" })
export class Payout {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  @Column({ type: "bigint", transformer: numericTransformer })
  amountPaisa: number;

  @Column({ type: "varchar", length: 10 })
  method: PayoutMethod;

  /** The wallet number (03XXXXXXXXX) or the IBAN, without spaces. */
  @Column({ type: "varchar", length: 34 })
  destination: string;

  @Column({ type: "varchar", length: 10, default: PayoutState.REQUESTED })
  state: PayoutState;

  /** The bank or wallet transfer's reference, once paid. */
  @Column({ type: "varchar", length: 100, nullable: true })
  reference: string | null;

  /** Why it was refused. */
  @Column({ type: "varchar", length: 500, nullable: true })
  reason: string | null;

  @Column({ type: "uuid", nullable: true })
  decidedById: string | null;

  @Column({ type: "timestamptz", nullable: true })
  decidedAt: Date | null;

  @CreateDateColumn({ type: "timestamptz", precision: 3 })
  createdAt: Date;
}
