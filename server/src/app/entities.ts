import { OneTimeCode } from "../modules/codes";
import { Conversation, Message, Offer, UserBlock } from "../modules/conversations";
import { Dispute, HeldPayment } from "../modules/escrow";
import { LedgerEntry, LedgerMovement } from "../modules/ledger";
import { Payout } from "../modules/payouts";
import { ModerationAction, Report } from "../modules/moderation";
import { Notification } from "../modules/notifications";
import { CheckoutSession, Coupon, CouponUse, Order, OrderLine, OrderStatusEvent } from "../modules/orders";
import { PaymentAttempt, PaymentMismatch, PaymentRefund } from "../modules/payment-providers";
import { Product } from "../modules/products";
import { Reservation } from "../modules/reservations";
import { DealReview, Review, ReviewWindow } from "../modules/reviews";
import { NoShowReport, UserReliability } from "../modules/reliability";
import { SavedItem } from "../modules/saved";
import { Image } from "../modules/uploads";
import { User } from "../modules/users";
import { PushSubscription } from "../modules/push";
import { SavedSearch } from "../modules/alerts";
import { WantedPost } from "../modules/wanted";

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
