import { registerEnumType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { User } from "../users";

/** What a device asked to be told about while the app is closed. */
export enum PushKind {
  MESSAGES = "MESSAGES",
  OFFERS = "OFFERS",
  ORDERS = "ORDERS",
  SAVED_SEARCHES = "SAVED_SEARCHES",
  MEETUPS = "MEETUPS",
}

registerEnumType(PushKind, {
  name: "PushKind",
  description: "Kinds of push notification a device opts into.",
  valuesConfig: {
    MESSAGES: { description: "A new chat message." },
    OFFERS: { description: "An offer made, answered or expired." },
    ORDERS: { description: "A new order (for its seller), an order's new status or a meetup proposal." },
    SAVED_SEARCHES: { description: "A new listing matching one of the user's saved searches or wanted posts." },
    MEETUPS: { description: "A reminder an hour before an agreed meetup." },
  },
});

/**
 * One browser's Web Push subscription (its push service's endpoint and the keys its payloads are
 * encrypted with, RFC 8291), owned by the user who signed in there last, with the kinds it wants.
 */
@Entity({ name: "push_subscriptions" })
@Index("push_subscriptions_user_idx", ["userId"])
@Index("push_subscriptions_endpoint_key", ["endpoint"], { unique: true })
export class PushSubscription {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "userId" })
  user?: User;

  /** The push service's URL for this browser: unique, a browser has one per app. */
  @Column({ type: "varchar", length: 1000 })
  endpoint: string;

  /** The browser's P-256 public key (URL-safe base64). */
  @Column({ type: "varchar", length: 100 })
  p256dh: string;

  /** The browser's 16-byte authentication secret (URL-safe base64). */
  @Column({ type: "varchar", length: 40 })
  auth: string;

  @Column({ type: "enum", enum: PushKind, enumName: "push_kind", array: true })
  kinds: PushKind[];

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  /** When the device last saved its choice: beyond the per-user cap, the stalest go first. */
  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}
