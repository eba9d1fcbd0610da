import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Offer } from "../conversations";
import { Product } from "../products";

/** ACTIVE holds a unit; USED went into the buyer's checkout; LAPSED ran out (the scheduled job); RELEASED let go early by its buyer or seller. */
export enum ReservationStatus {
  ACTIVE = "ACTIVE",
  USED = "USED",
  LAPSED = "LAPSED",
  RELEASED = "RELEASED",
}

/**
 * One unit of a listing held for the buyer of an accepted offer, until its buyer checks it out or
 * it lapses. While ACTIVE it counts as taken for everyone but its buyer.
 */
@Entity({ name: "reservations" })
@Index("reservations_active_product_idx", ["productId"], { where: `"status" = 'ACTIVE'` })
@Index("reservations_active_buyer_product_key", ["buyerId", "productId"], { unique: true, where: `"status" = 'ACTIVE'` })
@Index("reservations_active_expiry_idx", ["expiresAt"], { where: `"status" = 'ACTIVE'` })
export class Reservation {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", unique: true })
  offerId: string;

  @ManyToOne(() => Offer, { onDelete: "CASCADE" })
  @JoinColumn({ name: "offerId" })
  offer?: Offer;

  @Column({ type: "uuid" })
  productId: string;

  @ManyToOne(() => Product, { onDelete: "CASCADE" })
  @JoinColumn({ name: "productId" })
  product?: Product;

  @Column({ type: "uuid" })
  buyerId: string;

  @Column({ type: "uuid" })
  sellerId: string;

  @Column({ type: "varchar", length: 10, default: ReservationStatus.ACTIVE })
  status: ReservationStatus;

  @Column({ type: "timestamptz" })
  expiresAt: Date;

  /** When the buyer was reminded that it lapses within the hour. */
  @Column({ type: "timestamptz", nullable: true })
  remindedAt: Date | null;

  /** The checkout that used it. */
  @Column({ type: "uuid", nullable: true })
  checkoutSessionId: string | null;

  /** When it was used or lapsed. */
  @Column({ type: "timestamptz", nullable: true })
  endedAt: Date | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
