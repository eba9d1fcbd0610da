import { OneTimeCode } from "../modules/codes/entity";
import { Conversation, Message, Offer, UserBlock } from "../modules/conversations/entity";
import { Dispute, HeldPayment } from "../modules/escrow/entity";
import { LedgerEntry, LedgerMovement } from "../modules/ledger/entity";
import { Payout } from "../modules/payouts/entity";
import { ModerationAction, Report } from "../modules/moderation/entity";
import { Notification } from "../modules/notifications/entity";
import { CheckoutSession, Order, OrderLine, OrderStatusEvent } from "../modules/orders/entity";
import { Coupon, CouponUse } from "../modules/orders/coupons";
import { PaymentAttempt, PaymentMismatch, PaymentRefund } from "../modules/payment-providers";
import { Product } from "../modules/products/entity";
import { Reservation } from "../modules/reservations/entity";
import { Review } from "../modules/reviews/entity";
import { DealReview, ReviewWindow } from "../modules/reviews/deal-entity";
import { NoShowReport, UserReliability } from "../modules/reliability/entity";
import { SavedItem } from "../modules/saved/entity";
import { Image } from "../modules/uploads/entity";
import { User } from "../modules/users/entity";
import { PushSubscription } from "../modules/push/entity";
import { SavedSearch } from "../modules/alerts/entity";
import { WantedPost } from "../modules/wanted/entity";

export const entities = [
  User,
  Product,
  Review,
  CheckoutSession,
  Order,
  OrderLine,
  OrderStatusEvent,
  Coupon,
  CouponUse,
  Image,
  Conversation,
  Message,
  UserBlock,
  Offer,
  SavedItem,
  PushSubscription,
  SavedSearch,
  WantedPost,
  Report,
  ModerationAction,
  Notification,
  OneTimeCode,
  DealReview,
  ReviewWindow,
  NoShowReport,
  UserReliability,
  Reservation,
  PaymentAttempt,
  PaymentRefund,
  PaymentMismatch,
  LedgerMovement,
  LedgerEntry,
  HeldPayment,
  Dispute,
  Payout,
];
