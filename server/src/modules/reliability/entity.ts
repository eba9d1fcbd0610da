import { registerEnumType } from "type-graphql";
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from "typeorm";

/**
 * A user's reliability record as counters, one row per user, kept by the reactions to orders, chats,
 * no-show decisions and revealed reviews: reading it is one row by key, whatever the marketplace's size.
 */
@Entity({ name: "user_reliability" })
export class UserReliability {
  @PrimaryColumn({ type: "uuid" })
  userId: string;

  /** Orders completed, as buyer or seller. */
  @Column({ type: "int", default: 0 })
  completedDeals: number;

  /** No-show reports against the user that were upheld (uncontested in time, or by an admin). */
  @Column({ type: "int", default: 0 })
  noShows: number;

  /** Orders the user cancelled or rejected after an accepted offer or a confirmed meetup. */
  @Column({ type: "int", default: 0 })
  cancellations: number;

  /** Conversations someone else opened with the user. */
  @Column({ type: "int", default: 0 })
  chatsReceived: number;

  /** Of those, the ones the user answered; by how soon their first answer came: */
  @Column({ type: "int", default: 0 })
  chatsAnswered: number;

  @Column({ type: "int", default: 0 })
  repliesWithinHour: number;

  /** Within a day but not within the hour (the rest answered later). */
  @Column({ type: "int", default: 0 })
  repliesWithinDay: number;

  /** Revealed reviews sellers wrote of the user as a buyer, and the sum of their parts (3 per review). */
  @Column({ type: "int", default: 0 })
  buyerReviewCount: number;

  @Column({ type: "int", default: 0 })
  buyerReviewPoints: number;
}

export enum NoShowStatus {
  /** Reported; the other party may contest until `contestBy`. */
  OPEN = "OPEN",
  /** Contested in time: waiting for an admin in the moderation queue. */
  CONTESTED = "CONTESTED",
  /** Counts on the accused's record. */
  UPHELD = "UPHELD",
  DISMISSED = "DISMISSED",
}

registerEnumType(NoShowStatus, {
  name: "NoShowStatus",
  description: "Where a no-show report stands.",
  valuesConfig: {
    OPEN: { description: "Reported; the other party may contest it within 48 hours." },
    CONTESTED: { description: "Contested: an admin decides it from the moderation queue." },
    UPHELD: { description: "Counts as a no-show on the accused's record." },
    DISMISSED: { description: "Does not count." },
  },
});

/** "The other party didn't show up" for one meetup order: at most one per order. */
@Entity({ name: "no_show_reports" })
export class NoShowReport {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", unique: true })
  orderId: string;

  @Column({ type: "uuid", nullable: true })
  reporterId: string | null;

  @Column({ type: "uuid", nullable: true })
  accusedId: string | null;

  @Column({ type: "varchar", length: 10, default: NoShowStatus.OPEN })
  status: NoShowStatus;

  /** The agreed meetup time reported missed (null on reports made before it was kept: the order's). */
  @Column({ type: "timestamptz", nullable: true })
  meetupAt: Date | null;

  @Column({ type: "timestamptz" })
  contestBy: Date;

  @Column({ type: "varchar", length: 500, nullable: true })
  contestReason: string | null;

  /** The moderation queue's report a contest filed before contests had their own list (closed with the decision). */
  @Column({ type: "uuid", nullable: true })
  moderationReportId: string | null;

  @Column({ type: "timestamptz", nullable: true })
  decidedAt: Date | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
