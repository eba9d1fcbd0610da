/**
 * The orders module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { OrderAction, orderActions } from "./actions";
export {
  formatOrderNumber,
  Fulfilment,
  isCashPayment,
  MeetupState,
  Order,
  OrderStatus,
  PaymentStatus,
  CheckoutSession,
  OrderLine,
  OrderStatusEvent,
  PaymentMethod,
  HandoverState,
} from "./entity";
export { type OrderHandoverConfirmed, type OrderHandoverObjected, type OrderPlaced, type OrderStatusChanged } from "./events";
export { missedMeetupAt } from "./meetup";
export { lockOrder, OrdersService } from "./service";
export { ACCEPTED_STATUSES, capacityOn, type OrderMoney, type OrderMoneyReader, PURCHASE_EXCLUDED_STATUSES } from "./transitions";
export { OrderParty, OrderView } from "./types";
export { CheckoutFieldsResolver, OrderFieldsResolver, OrderLineFieldsResolver, OrdersResolver, QuoteLineFieldsResolver } from "./resolver";
export { Coupon, CouponUse } from "./coupons";
export { HandoverFieldsResolver, HandoverResolver } from "./handover-resolver";
export { HandoverNotices } from "./handover-notices";
export { HandoverService } from "./handover";
export { OrderContactResolver, OrderPartyContactResolver } from "./contact-resolver";
export { OrderNotices } from "./notices";
export { PaymentClaims } from "./payment-claims";
export { UnpaidOrders } from "./unpaid";
export { createOrderLoaders } from "./loaders";
export { createPayPageRouter } from "./pay-page";
export { registerOrderRoutes } from "./rest";
