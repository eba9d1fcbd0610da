/**
 * The orders module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { OrderAction, orderActions } from "./actions";
export { formatOrderNumber, Fulfilment, isCashPayment, MeetupState, Order, OrderStatus, PaymentStatus } from "./entity";
export { type OrderHandoverConfirmed, type OrderHandoverObjected, type OrderPlaced, type OrderStatusChanged } from "./events";
export { lockOrder } from "./service";
export { ACCEPTED_STATUSES, type OrderMoney, type OrderMoneyReader, PURCHASE_EXCLUDED_STATUSES } from "./transitions";
export { OrderParty, OrderView } from "./types";
