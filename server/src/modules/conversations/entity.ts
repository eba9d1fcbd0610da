import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from "typeorm";
import { numericTransformer } from "../../platform/shared/transformers";
import { Product } from "../products";
import { User } from "../users";

/**
 * One conversation per buyer and product (the product names its seller), or per wanted post and
 * the seller who answered it. Each party has their own
 * read mark and archive flag; a report by either party opens it to admins.
 */
@Entity({ name: "conversations" })
@Unique("conversations_product_buyer_key", ["productId", "buyerId"])
@Index("conversations_buyer_last_idx", ["buyerId", "lastMessageAt"])
@Index("conversations_seller_last_idx", ["sellerId", "lastMessageAt"])
export class Conversation {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  /** The listing talked about; null when the conversation answers a wanted post. */
  @Column({ type: "uuid", nullable: true })
  productId: string | null;

  @ManyToOne(() => Product, { onDelete: "CASCADE" })
  @JoinColumn({ name: "productId" })
  product?: Product;

  /** The wanted post a seller answered (its author is the buyer); null for a listing's conversation. */
  @Column({ type: "uuid", nullable: true })
  wantedPostId: string | null;

  @Column({ type: "uuid" })
  buyerId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "buyerId" })
  buyer?: User;

  @Column({ type: "uuid" })
  sellerId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "sellerId" })
  seller?: User;

  /** Orders the inbox; the creation time until the first message. */
  @Column({ type: "timestamptz", default: () => "now()" })
  lastMessageAt: Date;

  /** Messages after these marks are unread for that party. */
  @Column({ type: "timestamptz", nullable: true })
  buyerReadAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  sellerReadAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  buyerArchivedAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  sellerArchivedAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  reportedAt: Date | null;

  @Column({ type: "uuid", nullable: true })
  reportedById: string | null;

  @Column({ type: "varchar", length: 500, nullable: true })
  reportReason: string | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

/** A plain-text message; shown as text everywhere (never as HTML). */
@Entity({ name: "messages" })
@Index("messages_conversation_created_idx", ["conversationId", "createdAt", "id"])
export class Message {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  conversationId: string;

  @ManyToOne(() => Conversation, { onDelete: "CASCADE" })
  @JoinColumn({ name: "conversationId" })
  conversation?: Conversation;

  @Column({ type: "uuid" })
  senderId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "senderId" })
  sender?: User;

  @Column({ type: "varchar", length: 2000 })
  body: string;

  /** A photo sent with (or instead of) the text: the /uploads/ address of a picture uploaded here. */
  @Column({ type: "varchar", length: 500, nullable: true })
  image: string | null;

  /** What screening found when it was sent (phone, messaging_app, ...): the recipient is shown a safety card. */
  @Column({ type: "varchar", length: 20, array: true, default: () => "'{}'" })
  flags: string[];

  /** Milliseconds, as JavaScript reads them: read marks copy it and compare exactly. */
  @CreateDateColumn({ type: "timestamptz", precision: 3 })
  createdAt: Date;
}

/** `blockerId` receives no more messages from `blockedId` (and cannot message them either). */
@Entity({ name: "user_blocks" })
export class UserBlock {
  @PrimaryColumn({ type: "uuid" })
  blockerId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "blockerId" })
  blocker?: User;

  @PrimaryColumn({ type: "uuid" })
  blockedId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "blockedId" })
  blocked?: User;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

/**
 * Stored states of an offer. EXPIRED is also what a PENDING or ACCEPTED offer reads as once its
 * `expiresAt` has passed: no job flips them, every read compares with the clock.
 */
export enum OfferStatus {
  PENDING = "PENDING",
  ACCEPTED = "ACCEPTED",
  DECLINED = "DECLINED",
  COUNTERED = "COUNTERED",
  EXPIRED = "EXPIRED",
  WITHDRAWN = "WITHDRAWN",
  USED = "USED",
}

/**
 * A price proposed in a conversation, by the buyer or (as a counter) by either party. At most one
 * is pending per conversation; an accepted one prices one unit of the product for its buyer, once.
 */
@Entity({ name: "offers" })
@Index("offers_conversation_created_idx", ["conversationId", "createdAt"])
@Index("offers_buyer_product_idx", ["buyerId", "productId"])
@Index("offers_one_pending_key", ["conversationId"], { unique: true, where: `"status" = 'PENDING'` })
export class Offer {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  conversationId: string;

  @ManyToOne(() => Conversation, { onDelete: "CASCADE" })
  @JoinColumn({ name: "conversationId" })
  conversation?: Conversation;

  @Column({ type: "uuid" })
  productId: string;

  @Column({ type: "uuid" })
  buyerId: string;

  @Column({ type: "uuid" })
  sellerId: string;

  /** The party who proposed this amount (the buyer, or either party for a counter). */
  @Column({ type: "uuid" })
  madeById: string;

  @Column({ type: "bigint", transformer: numericTransformer })
  amountPaisa: number;

  @Column({ type: "varchar", length: 20, default: OfferStatus.PENDING })
  status: OfferStatus;

  @Column({ type: "timestamptz" })
  expiresAt: Date;

  /** When it was accepted, declined, countered, withdrawn or used. */
  @Column({ type: "timestamptz", nullable: true })
  respondedAt: Date | null;

  /** The order that used an accepted offer. */
  @Column({ type: "uuid", nullable: true })
  usedOrderId: string | null;

  @CreateDateColumn({ type: "timestamptz", precision: 3 })
  createdAt: Date;
}
