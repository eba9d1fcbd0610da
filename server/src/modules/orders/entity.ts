import {
  Column,
  CreateDateColumn,
  Entity,
  Generated,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from "typeorm";
import { Product } from "../products";
import { User } from "../users";
import { Role } from "../../platform/auth/roles";
import { numericTransformer } from "../../platform/shared/transformers";
import { MeetupState, OrderStatus } from "../../platform/shared/order-statuses";

export { OrderStatus };

export enum PaymentMethod {
  CASH_ON_DELIVERY = "cod",
  CARD = "card",
  /** Cash handed to the seller at a campus meetup (meetup orders only). */
  CASH_ON_MEETUP = "cash_on_meetup",
  /** A JazzCash mobile account, on JazzCash's hosted checkout. */
  JAZZCASH = "jazzcash",
  /** An Easypaisa mobile account, on Easypaisa's hosted checkout. */
  EASYPAISA = "easypaisa",
}

/** Paid in cash when the goods are handed over: the order is paid once it is completed. */
export const isCashPayment = (method: PaymentMethod) =>
  method === PaymentMethod.CASH_ON_DELIVERY || method === PaymentMethod.CASH_ON_MEETUP;

/** How the goods reach the buyer. */
export enum Fulfilment {
  ADDRESS = "address",
  MEETUP = "meetup",
}

export { MeetupState };

export enum MeetupParty {
  BUYER = "buyer",
  SELLER = "seller",
}

/** Once an order is completed: the buyer's receipt confirmed, awaited (until `handoverDueAt`), or objected to. */
export enum HandoverState {
  AWAITING_BUYER = "awaiting_buyer",
  CONFIRMED = "confirmed",
  OBJECTED = "objected",
}

/** How a handover was confirmed (the values of the `order.handover-confirmed` event's `how`). */
export enum HandoverHow {
  CODE = "code",
  BUYER = "buyer",
  AUTO = "auto",
}

export enum PaymentStatus {
  UNPAID = "unpaid",
  PAID = "paid",
}

/**
 * One checkout: the buyer's cart as placed, split into one order per seller, paid once.
 * Its id is the payment session id of the hosted-checkout flow (`/success?session_id=`).
 */
@Entity({ name: "checkout_sessions" })
@Unique("checkout_sessions_buyer_idempotency_key", ["buyerId", "idempotencyKey"])
export class CheckoutSession {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", nullable: true })
  buyerId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "buyerId" })
  buyer?: User | null;

  /** Sent by the client once per checkout attempt, so a retry returns the same checkout. */
  @Column({ type: "varchar", length: 100 })
  idempotencyKey: string;

  @Column({ type: "enum", enum: PaymentMethod, enumName: "payment_method" })
  paymentMethod: PaymentMethod;

  @Column({ type: "enum", enum: PaymentStatus, enumName: "payment_status", default: PaymentStatus.UNPAID })
  paymentStatus: PaymentStatus;

  @Column({ type: "varchar", length: 40, nullable: true })
  couponCode: string | null;

  @Column({ type: "bigint", transformer: numericTransformer })
  subtotalPaisa: number;

  @Column({ type: "bigint", transformer: numericTransformer })
  taxPaisa: number;

  @Column({ type: "bigint", transformer: numericTransformer })
  discountPaisa: number;

  @Column({ type: "bigint", transformer: numericTransformer })
  totalPaisa: number;

  @OneToMany(() => Order, (order) => order.checkoutSession)
  orders?: Order[];

  /** Set by the sandbox card page when the card was accepted; `confirmPayment` then marks the orders paid. */
  @Column({ type: "timestamptz", nullable: true })
  paymentAuthorizedAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  paidAt: Date | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

/** The part of a checkout that one seller fulfils. */
@Entity({ name: "orders" })
@Index("orders_checkout_idx", ["checkoutSessionId"])
@Index("orders_buyer_created_idx", ["buyerId", "createdAt"])
@Index("orders_seller_created_idx", ["sellerId", "createdAt"])
@Index("orders_status_idx", ["status"])
export class Order {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  /** Short human-facing number (shown as UB-000123). */
  @Column({ type: "int", unique: true })
  @Generated("increment")
  orderNumber: number;

  @Column({ type: "uuid" })
  checkoutSessionId: string;

  @ManyToOne(() => CheckoutSession, (session) => session.orders, { onDelete: "CASCADE" })
  @JoinColumn({ name: "checkoutSessionId" })
  checkoutSession?: CheckoutSession;

  @Column({ type: "uuid", nullable: true })
  buyerId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "buyerId" })
  buyer?: User | null;

  @Column({ type: "uuid", nullable: true })
  sellerId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "sellerId" })
  seller?: User | null;

  @Column({ type: "enum", enum: OrderStatus, enumName: "order_status", default: OrderStatus.PENDING })
  status: OrderStatus;

  @Column({ type: "enum", enum: PaymentMethod, enumName: "payment_method" })
  paymentMethod: PaymentMethod;

  @Column({ type: "enum", enum: PaymentStatus, enumName: "payment_status", default: PaymentStatus.UNPAID })
  paymentStatus: PaymentStatus;

  @Column({ type: "bigint", transformer: numericTransformer })
  subtotalPaisa: number;

  @Column({ type: "bigint", transformer: numericTransformer })
  taxPaisa: number;

  @Column({ type: "bigint", transformer: numericTransformer })
  discountPaisa: number;

  @Column({ type: "bigint", transformer: numericTransformer })
  totalPaisa: number;

  @Column({ type: "varchar", length: 200 })
  shippingAddress: string;

  @Column({ type: "varchar", length: 80 })
  shippingCity: string;

  @Column({ type: "varchar", length: 20 })
  shippingPostalCode: string;

  @Column({ type: "varchar", length: 60 })
  shippingCountry: string;

  @Column({ type: "varchar", length: 20 })
  contactNumber: string;

  /** Address delivery (the shipping fields) or a campus meetup (the meetup fields; shipping fields empty). */
  @Column({ type: "enum", enum: Fulfilment, enumName: "order_fulfilment", default: Fulfilment.ADDRESS })
  fulfilment: Fulfilment;

  /** Campus slug of the listings (meetup orders). */
  @Column({ type: "varchar", length: 40, nullable: true })
  meetupCampus: string | null;

  /** Meetup point slug (modules/meetups/points.ts) on that campus. */
  @Column({ type: "varchar", length: 60, nullable: true })
  meetupPoint: string | null;

  @Column({ type: "timestamptz", nullable: true })
  meetupAt: Date | null;

  @Column({ type: "enum", enum: MeetupState, enumName: "meetup_state", nullable: true })
  meetupState: MeetupState | null;

  /** Who made the current proposal: the other party confirms it. */
  @Column({ type: "enum", enum: MeetupParty, enumName: "meetup_party", nullable: true })
  meetupProposedBy: MeetupParty | null;

  /** The last agreed meetup time that passed before another time was proposed: a no-show may still be reported on it. */
  @Column({ type: "timestamptz", nullable: true })
  missedMeetupAt: Date | null;

  /** The 6 digits only the buyer sees; the seller types or scans them at the handover. Drawn by the database when the order is inserted. */
  @Column({ type: "varchar", length: 6, insert: false, update: false })
  handoverCode: string;

  /** Wrong codes typed so far (the code path locks at HANDOVER_CODE_TRIES). */
  @Column({ type: "smallint", default: 0 })
  handoverCodeTries: number;

  /** Null until the order is completed. */
  @Column({ type: "enum", enum: HandoverState, enumName: "order_handover_state", nullable: true })
  handoverState: HandoverState | null;

  @Column({ type: "enum", enum: HandoverHow, enumName: "order_handover_how", nullable: true })
  handoverHow: HandoverHow | null;

  /** While awaiting the buyer: when the handover is confirmed automatically without an objection. */
  @Column({ type: "timestamptz", nullable: true })
  handoverDueAt: Date | null;

  @Column({ type: "varchar", length: 500, nullable: true })
  handoverObjection: string | null;

  /** When the handover was confirmed or objected to. */
  @Column({ type: "timestamptz", nullable: true })
  handoverSettledAt: Date | null;

  @OneToMany(() => OrderLine, (line) => line.order)
  lines?: OrderLine[];

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}

/** A line keeps a snapshot of what was bought, so later product edits or deletes change nothing. */
@Entity({ name: "order_lines" })
export class OrderLine {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Index("order_lines_order_idx")
  @Column({ type: "uuid" })
  orderId: string;

  @ManyToOne(() => Order, (order) => order.lines, { onDelete: "CASCADE" })
  @JoinColumn({ name: "orderId" })
  order?: Order;

  @Index("order_lines_product_idx")
  @Column({ type: "uuid", nullable: true })
  productId: string | null;

  @ManyToOne(() => Product, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "productId" })
  product?: Product | null;

  @Column({ type: "varchar", length: 120 })
  productName: string;

  @Column({ type: "int" })
  unitPricePaisa: number;

  @Column({ type: "varchar", length: 500 })
  productImage: string;

  @Column({ type: "int" })
  quantity: number;

  @Column({ type: "bigint", transformer: numericTransformer })
  lineTotalPaisa: number;

  /** The accepted offer's price for one unit of this line (the others at unitPricePaisa), if an offer priced it. */
  @Column({ type: "bigint", nullable: true, transformer: numericTransformer })
  offerPricePaisa: number | null;
}

/** Every status change, with who made it and when: the order timeline. */
@Entity({ name: "order_status_events" })
@Index("order_status_events_order_idx", ["orderId", "createdAt"])
export class OrderStatusEvent {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid" })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: "CASCADE" })
  @JoinColumn({ name: "orderId" })
  order?: Order;

  @Column({ type: "enum", enum: OrderStatus, enumName: "order_status", nullable: true })
  fromStatus: OrderStatus | null;

  @Column({ type: "enum", enum: OrderStatus, enumName: "order_status" })
  toStatus: OrderStatus;

  @Column({ type: "uuid", nullable: true })
  actorId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "actorId" })
  actor?: User | null;

  /** The capacity the actor acted in (buyer = user, the order's seller, or admin), kept even if their role changes later. */
  @Column({ type: "enum", enum: Role, enumName: "user_role", nullable: true })
  actorRole: Role | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

export { formatOrderNumber } from "../../platform/shared/order-number";
