import { registerEnumType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import type { MessageKey, PhraseParams } from "../../platform/i18n";
import { User } from "../users";

export enum NotificationKind {
  NEW_MESSAGE = "NEW_MESSAGE",
  ORDER_PLACED = "ORDER_PLACED",
  ORDER_STATUS = "ORDER_STATUS",
  OFFER = "OFFER",
  SAVED_ITEM = "SAVED_ITEM",
  PAYMENT = "PAYMENT",
  LISTING_MATCH = "LISTING_MATCH",
  MEETUP_REMINDER = "MEETUP_REMINDER",
  LISTING_REVIEW = "LISTING_REVIEW",
}

registerEnumType(NotificationKind, {
  name: "NotificationKind",
  description:
    "What a notification is about: a new message, a new order (for its seller), an order's new status or meetup proposal, an offer's change, a saved listing that got cheaper or sold, money held, refunded or paid out and disputes, a new listing matching a saved search or wanted post, a meetup within the hour, an admin's decision on a listing held for review.",
});

/**
 * One thing a user should know about, with the app path that shows it. The recipient's list reads
 * (recipientId, createdAt, id) newest first; the unread count its partial index. An unread
 * NEW_MESSAGE is one per conversation (link): later messages update it (the unique partial index).
 */
@Entity({ name: "notifications" })
@Index("notifications_recipient_created_idx", ["recipientId", "createdAt", "id"])
export class Notification {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  recipientId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "recipientId" })
  recipient?: User;

  @Column({ type: "enum", enum: NotificationKind, enumName: "notification_kind" })
  kind: NotificationKind;

  /** What it says, as a message key of the server's catalogue (platform/i18n), rendered in the reader's language. */
  @Column({ type: "varchar", length: 60 })
  message: MessageKey;

  /** The message's parameters (amounts, order numbers, names); an old sentence is `legacy`'s `text`. */
  @Column({ type: "jsonb", default: {} })
  params: PhraseParams;

  /** An app path such as /orders/<id> or /messages/<id>. */
  @Column({ type: "varchar", length: 300 })
  link: string;

  @Column({ type: "timestamptz", nullable: true })
  readAt: Date | null;

  /** When it happened; a collapsed NEW_MESSAGE moves up to its latest message. */
  @CreateDateColumn({ type: "timestamptz", precision: 3 })
  createdAt: Date;
}
