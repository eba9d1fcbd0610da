import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from "typeorm";
import { Product } from "../products/entity";
import { User } from "../users/entity";

/**
 * One conversation per buyer and product (the product names its seller). Each party has their own
 * read mark and archive flag; a report by either party opens it to admins.
 */
@Entity({ name: "conversations" })
@Unique("conversations_product_buyer_key", ["productId", "buyerId"])
@Index("conversations_buyer_last_idx", ["buyerId", "lastMessageAt"])
@Index("conversations_seller_last_idx", ["sellerId", "lastMessageAt"])
export class Conversation {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  productId: string;

  @ManyToOne(() => Product, { onDelete: "CASCADE" })
  @JoinColumn({ name: "productId" })
  product?: Product;

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
