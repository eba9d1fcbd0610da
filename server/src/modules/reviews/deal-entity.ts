import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from "typeorm";

/** When an order's review window closes: set on the clock when the order completes. */
@Entity({ name: "review_windows" })
export class ReviewWindow {
  @PrimaryColumn({ type: "uuid" })
  orderId: string;

  @Column({ type: "timestamptz" })
  closesAt: Date;
}

/** Whose review it is: the order's buyer (of the seller and the products) or its seller (of the buyer). */
export enum DealSide {
  BUYER = "BUYER",
  SELLER = "SELLER",
}

/**
 * One side's review of a completed order, hidden from everyone but its author until the other side
 * has written theirs or the review window closes (`revealedAt` set).
 */
@Entity({ name: "deal_reviews" })
export class DealReview {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  orderId: string;

  @Column({ type: "varchar", length: 10 })
  side: DealSide;

  @Column({ type: "uuid", nullable: true })
  authorId: string | null;

  @Column({ type: "uuid", nullable: true })
  subjectId: string | null;

  @Column({ type: "smallint" })
  asDescribed: number;

  @Column({ type: "smallint" })
  communication: number;

  @Column({ type: "smallint" })
  punctuality: number;

  @Column({ type: "varchar", length: 1000 })
  comment: string;

  /** The end of the order's review window (a copy, so the reveal job reads one table). */
  @Column({ type: "timestamptz" })
  closesAt: Date;

  @Column({ type: "timestamptz", nullable: true })
  revealedAt: Date | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

/** A review's stars: the average of its three parts, to two decimals. */
export const starsOf = (r: Pick<DealReview, "asDescribed" | "communication" | "punctuality">) =>
  Math.round(((r.asDescribed + r.communication + r.punctuality) / 3) * 100) / 100;
