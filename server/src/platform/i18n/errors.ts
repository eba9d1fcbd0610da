import { fill, pluralKey, type PhraseParams } from "./index";

/**
 * What the server answers when it refuses what a person asked for, in English, by key: a service
 * throws `said(key, params)`, the error's message is this sentence filled in, and GraphQL errors
 * carry the key and parameters too (`extensions.key`, `extensions.params`) so the web says it in
 * the reader's language (web/src/locales/<en|ur>/errors.json, whose English equals this list).
 * Parameters are named as in ./index.ts (`…Paisa` an amount, `order` an order number, `…At` a time,
 * `status` an order status, `count` picks the plural form).
 */
export const errorTexts = {
  "auth.signInFirst": "You must be signed in.",
  "auth.notAllowed": "You are not allowed to do this.",
  "auth.tooManyAttempts": "Too many attempts. Please try again later.",
  "auth.invalidLogin": "Invalid email or password.",
  "auth.suspended": "This account is suspended. Contact the UniBazaar team if you think this is a mistake.",
  "auth.suspendedFor": "This account is suspended: {{reason}}. Contact the UniBazaar team if you think this is a mistake.",
  "auth.duplicateAccount": "Email or username already registered.",
  "auth.wrongCurrentPassword": "Your current password is not right.",

  "code.format": "Enter the {{digits}}-digit code from the e-mail.",
  "code.wrong": "That code is wrong or has expired. Ask for a new code.",
  "code.expired": "That code has expired. Ask for a new code.",
  "code.spent": "Too many wrong codes. Ask for a new code.",
  "code.wrongTriesLeft_one": "That code is wrong. {{count}} try left.",
  "code.wrongTriesLeft_other": "That code is wrong. {{count}} tries left.",
  "code.sendsSpent": "You can ask for {{count}} codes an hour. Please try again later.",

  "verification.notAUniversity": "Use your university e-mail address, e.g. name@nust.edu.pk.",
  "verification.emailTaken": "This university e-mail is already verified on another account.",
  "verification.alreadyVerified": "This university e-mail is already verified on your account.",

  "order.notFound": "Order not found.",
  "order.notYours": "This order is not yours.",
  "order.onlyOwnOrders": "You can only manage your own orders.",
  "order.alreadyStatus": "The order is already {{status}}.",
  "order.cannotBecome": "An order that is {{fromStatus}} cannot become {{status}}.",
  "order.onlySellerSets": "Only the seller can set this order to {{status}}.",
  "order.onlyBuyerSets": "Only the buyer can set this order to {{status}}.",
  "order.settled": "Its payment is settled (released or refunded): the order can no longer be rejected or cancelled.",
  "order.cardNotPaid": "This card order is not paid yet.",
  "order.walletNotPaid": "This wallet order is not paid yet.",
  "order.waitForPayment": "Wait until the buyer has paid.",
  "order.meetupNotAgreed": "The meetup is not agreed yet.",
  "order.agreeMeetupFirst": "Agree on the meetup's time and place first.",
  "order.meetupNotDue": "The meetup has not happened yet.",
  "order.handoverFrom": "Mark it handed over from {{minutes}} minutes before the agreed meetup time.",

  "meetup.onlyParties": "Only the buyer and the seller of this order can arrange its meetup.",
  "meetup.notMeetupOrder": "This order is delivered to an address, not met on campus.",
  "meetup.closed": "The order is {{status}}: its meetup can no longer change.",
  "meetup.alreadyConfirmed": "The meetup is already confirmed.",
  "meetup.otherSideConfirms": "You proposed this meetup: the other side confirms it.",
  "meetup.timePassed": "This meetup time has passed: propose a new one.",
  "meetup.pointOffCampus": "Choose a meetup point on {{campus}}.",

  "handover.onlySellerEntersCode": "Only the order's seller enters the buyer's code.",
  "handover.codeLocked":
    "Too many wrong codes: the code no longer works for this order. Mark it delivered without the code and ask the buyer to confirm.",
  "handover.codeWrong_one": "That is not the buyer's code: {{count}} try left.",
  "handover.codeWrong_other": "That is not the buyer's code: {{count}} tries left.",
  "handover.codeWrongLocked":
    "That is not the buyer's code. Too many wrong codes: the code no longer works for this order. Mark it delivered without the code and ask the buyer to confirm.",
  "handover.onlyBuyerConfirms": "Only the buyer confirms a handover.",
  "handover.alreadyConfirmed": "This handover is already confirmed.",
  "handover.alreadyObjected": "You already objected to this handover.",
  "handover.notDelivered": "The seller has not marked this order delivered yet.",

  "checkout.notFound": "Checkout not found.",
  "checkout.notYours": "This checkout is not yours.",
  "checkout.abandoned": "The request was abandoned before the order was placed; nothing was ordered.",
  "checkout.keyReused": "This idempotency key was already used for a different checkout: send a new key for a new order.",
  "checkout.paymentNotOffered": "This payment method is not available: choose another.",
  "checkout.buyersMustVerify": "Only verified students can buy on UniBazaar. Verify your university e-mail on your profile page first.",
  "checkout.notPaid": "Payment has not been completed.",
  "checkout.payFirst": "Pay on the payment page first.",
  "checkout.noCampus": '"{{product}}" has no campus to meet on: choose delivery to an address.',
  "checkout.campusesDiffer":
    "Your cart has items on different campuses: meet on campus needs every item on one campus. Order them separately, or choose delivery.",
  "checkout.noSuchProduct": "This product does not exist.",
  "checkout.unavailable": '"{{product}}" is no longer available.',
  "checkout.someUnavailable": "Some products in your cart are no longer available. Remove them and try again.",
  "checkout.ownProduct": "You cannot buy your own product.",
  "checkout.sold": '"{{product}}" is sold.',
  "checkout.onlyLeft": 'Only {{count}} of "{{product}}" left.',
  "checkout.justSold": 'Sorry, "{{product}}" has just been sold. Remove it from your cart and try again.',
  "checkout.alreadyOrdered":
    'You already ordered "{{product}}": order {{order}} is paid and waiting for the seller. Open it from My Orders, or cancel it before ordering again.',
  "checkout.tooManyUnpaid":
    "You already have {{count}} online orders waiting for payment. Pay for one or cancel it in My Orders before placing another, or pay cash.",
  "checkout.offerUsed": "An accepted offer in your cart was just used or has expired. Check your cart and try again.",

  "coupon.applied": "{{percent}}% off the subtotal applied.",
  "coupon.invalid": 'Coupon code "{{code}}" is not valid.',
  "coupon.notYet": 'Coupon code "{{code}}" starts on {{startsAt}}.',
  "coupon.expired": 'Coupon code "{{code}}" has expired.',
  "coupon.usedUp": 'Coupon code "{{code}}" has been used up.',
  "coupon.oncePerAccount": 'You have already used coupon code "{{code}}": it is once per account.',
  "coupon.usedTimes": 'You have already used coupon code "{{code}}" {{count}} times, the most one account may.',

  "reservation.alreadyHeld": "This item is already reserved for the buyer.",
  "reservation.tooMany":
    "The buyer already holds {{count}} reservations, the most one buyer may hold at once: one of them must be bought or lapse first.",
  "reservation.noneLeft": "Every unit left is sold or reserved for another buyer.",
  "reservation.heldForAnother": '"{{product}}" is reserved for another buyer until {{untilAt}}.',
  "reservation.onlyParties": "Only the buyer or the seller can let this reservation go.",
  "reservation.notInForce": "No reservation of this item is in force.",

  "offer.notFound": "Offer not found.",
  "offer.onlyBuyerOffers": "Only the buyer can make an offer; answer theirs with a counter-offer.",
  "offer.onlySellerReserves": "Only the seller chooses how long the item is reserved.",
  "offer.onlySellerChooses": "Only the seller chooses this.",
  "offer.notForSale": "This product is no longer for sale.",
  "offer.onlyMakerWithdraws": "Only the party who made an offer can withdraw it.",
  "offer.notOwnOffer": "You cannot answer your own offer; you can withdraw it.",
  "offer.expired": "This offer has expired.",
  "offer.notOpen": "This offer is no longer open ({{state}}).",
  "offer.aboveThePrice": "An offer cannot be more than the price ({{pricePaisa}}).",
  "offer.alreadyOpen": "This conversation already has an open offer: answer or withdraw it first.",

  "chat.userNotFound": "User not found.",
  "chat.cannotBlockSelf": "You cannot block yourself.",
  "chat.youBlocked": "You blocked this user; unblock them to send messages.",
  "chat.notAccepted": "This user does not accept your messages.",
  "chat.productNotFound": "Product not found.",
  "chat.conversationNotFound": "Conversation not found.",
  "chat.onlySellerMessagesBuyers": "Only the product's seller can message its buyers.",
  "chat.buyerNotOrdered": "You can message a buyer only about a product they ordered from you.",
  "chat.ownProduct": "You cannot message yourself about your own product.",
  "chat.ownWantedPost": "You cannot answer your own wanted post.",
  "chat.tooManyConversations": "You have started too many conversations. Please try again later.",
  "chat.tooFast": "You are sending messages too fast. Please wait a minute.",

  "dispute.notFound": "Dispute not found.",
  "dispute.onlyBuyer": "Only the buyer of an order can dispute it.",
  "dispute.notAccepted": "Only an order the seller has accepted can be disputed; cancel a pending one instead.",
  "dispute.notPaidOnline": "This order was not paid online: there is no held payment to dispute.",
  "dispute.noLongerHeld": "This payment can no longer be disputed: it is already released, refunded or disputed.",
  "dispute.onlySeller": "Only the seller of the order can answer this dispute.",
  "dispute.alreadyAnswered": "This dispute has already been answered or decided.",
  "dispute.alreadyDecided": "This dispute has already been decided.",
  "dispute.paymentNotHeld": "This payment is no longer held.",
  "dispute.notYours": "This dispute is not yours.",
  "dispute.partialRefund": "A partial refund is more than {{minPaisa}} and less than the {{amountPaisa}} paid.",

  "listing.sellersMustVerify": "Only verified students can sell on UniBazaar. Verify your university e-mail on your profile page first.",
  "listing.oldPriceNotHigher": "Old price must be higher than the price.",
  "listing.notFound": "Product not found.",
  "listing.onlyOwn": "You can only change your own products.",
  "listing.openOrderHolds":
    'An open order still holds "{{product}}": it goes back on sale by itself if that order is cancelled or rejected. Relist it once the order is completed.',

  "payout.notFound": "Payout not found.",
  "payout.testMoney":
    "{{testPaisa}} of your balance is test money from sandbox payments and is never paid out: you can ask for at most {{availablePaisa}}.",
  "payout.moreThanAvailable": "You can ask for at most your available {{availablePaisa}}.",
  "payout.alreadyDecided": "This payout is already {{state}}.",

  "refund.notFound": "Refund not found.",
  "refund.notInDoubt": "This refund is no longer in doubt: another admin may have resolved it. Reload the page.",
  "refund.providerRefundId": "Enter the provider's refund id: up to 64 letters, digits and - . / _ (no spaces).",
} as const;

export type ErrorKey = keyof typeof errorTexts;
/** An error's key without its plural ending: what a service names ("code.wrongTriesLeft", not "code.wrongTriesLeft_one"). */
export type ErrorName = ErrorKey extends infer K ? (K extends `${infer Base}_${"one" | "other"}` ? Base : K) : never;

/** A refusal by key and parameters, with its English sentence. */
export type Said = { readonly key: ErrorName; readonly params: PhraseParams; readonly text: string };

/** The refusal `key` with `params`, its English sentence filled in (the plural form by `params.count`). */
export function said(key: ErrorName, params: PhraseParams = {}): Said {
  const texts: Record<string, string> = errorTexts;
  return { key, params, text: fill(texts[pluralKey(texts, key, params, "en")], params, "en") };
}
