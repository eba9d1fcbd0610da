/**
 * What the server writes to people (notifications, pushes, e-mails), in English: each a template
 * whose `{{name}}` placeholders the message's parameters fill in the reader's language (./index.ts).
 * Every key must also be in ./ur.ts (its type says so).
 */
export const en = {
  // an old notification, written as a sentence before messages had keys
  legacy: "{{text}}",

  "message.new": "{{sender}}: {{preview}}",
  "message.photo": "{{sender}}: Photo",

  "offer.new": "New offer: {{amountPaisa}}.",
  "offer.accepted": "Your offer of {{amountPaisa}} was accepted.",
  "offer.declined": "Your offer of {{amountPaisa}} was declined.",
  "offer.withdrawn": "The offer of {{amountPaisa}} was withdrawn.",
  "offer.expired": "The offer of {{amountPaisa}} has expired.",

  "reservation.ending": 'Your reservation of "{{product}}" ends at {{endsAt}}: buy it before then, or it goes back on sale.',
  "reservation.lapsed": 'Your reservation of "{{product}}" has lapsed: it is for sale to everyone again.',
  "reservation.lapsedSeller": '{{buyer}}\'s reservation of "{{product}}" has lapsed: it is for sale again.',
  "reservation.releasedByBuyer": '{{buyer}} let their reservation of "{{product}}" go: it is for sale again.',
  "reservation.releasedBySeller": 'The seller let your reservation of "{{product}}" go: it is for sale to everyone again.',

  "order.placed": "New order {{order}} from {{buyer}}.",
  "order.cancelledBy": "{{who}} cancelled order {{order}}.",
  "order.cancelledByAdmin": "An admin cancelled order {{order}}.",
  "order.setBy": "{{who}} set order {{order}} to {{status}}.",
  "order.setByAdmin": "An admin set order {{order}} to {{status}}.",
  "order.nowStatus": "Your order {{order}} is now {{status}}.",
  "order.unpaidBuyer": "Order {{order}} was not paid in time, so it is cancelled and its items are back on sale. Order again to buy them.",
  "order.unpaidSeller": "Order {{order}} was cancelled: the buyer did not pay in time. Its items are back on sale.",
  "order.meetupProposed": "{{who}} proposed a new meetup for order {{order}}: {{place}}, {{meetupAt}}.",
  "order.meetupConfirmed": "{{who}} confirmed the meetup for order {{order}}: {{place}}, {{meetupAt}}.",
  "order.deliveredAsk":
    "{{seller}} marked order {{order}} delivered. Did you get it? Confirm, or object if something is wrong, by {{dueAt}}; after that it is confirmed for you.",
  "order.handedOverCode": "Order {{order}} was handed over: confirmed with your code.",
  "order.buyerConfirmed": "The buyer confirmed receiving order {{order}}.",
  "order.autoConfirmed": "Order {{order}} is confirmed: the buyer did not object within 48 hours.",
  "order.objected": '{{buyer}} objects to the handover of order {{order}}: "{{reason}}"',
  "order.noShow":
    "{{reporter}} reported that you did not come to the meetup for order {{order}}. You can contest it within {{hours}} hours.",
  "noShow.upheldReporter": "An admin upheld your no-show report on order {{order}}: it stays on the other party's record.",
  "noShow.upheldAccused": "An admin upheld the no-show report on order {{order}}: it stays on your record.",
  "noShow.droppedReporter": "An admin dropped your no-show report on order {{order}}: it is not on the other party's record.",
  "noShow.droppedAccused": "An admin dropped the no-show report on order {{order}}: it is off your record.",
  "noShow.droppedOnHandoverReporter": "Order {{order}} was handed over, so your no-show report on it is dropped.",
  "noShow.droppedOnHandoverAccused": "Order {{order}} was handed over, so the no-show report on it is dropped: it is not on your record.",
  "heldListing.released": 'An admin checked "{{product}}" and released it: it is in the shop again.',
  "heldListing.keptNOT_OWN_PHOTO": 'An admin checked "{{product}}" and kept it hidden: its photo is another seller\'s listing photo.',
  "heldListing.keptSAME_ITEM": 'An admin checked "{{product}}" and kept it hidden: the same item is already listed by another seller.',
  "heldListing.keptOTHER": 'An admin checked "{{product}}" and kept it hidden: {{reason}}',
  "order.reviewBuyer":
    "Order {{order}} is complete. Review the seller and the item by {{by}}. Reviews show once you both have written yours.",
  "order.reviewSeller": "Order {{order}} is complete. Review the buyer by {{by}}. Reviews show once you both have written yours.",
  "order.reviewsVisible": "The reviews of order {{order}} are now visible.",

  "meetup.soon": "Meetup soon for order {{order}}: {{meetupAt}} at {{place}}.",
  "meetup.soonBuyer": "Meetup soon for order {{order}}: {{meetupAt}} at {{place}}. Show the seller your handover code from the order page.",
  "meetup.soonSeller":
    "Meetup soon for order {{order}}: {{meetupAt}} at {{place}}. Ask the buyer for their handover code and enter it on the order page, from {{minutes}} minutes before.",

  "saved.priceDrop": 'Price drop: "{{product}}" is now {{pricePaisa}}.',
  "saved.sold": 'Sold: "{{product}}" is no longer available.',

  "alert.wanted": 'Just listed, for your wanted post "{{title}}": "{{product}}" for {{pricePaisa}}.',
  "alert.search": 'Just listed, for your saved search {{search}}: "{{product}}" for {{pricePaisa}}.',

  "payment.heldBuyer": "Your payment of {{amountPaisa}} for order {{order}} is held until you receive the item.",
  "payment.heldSeller": "{{amountPaisa}} for order {{order}} is paid and held: it is yours once the buyer has the item.",
  "payment.refunded": "{{amountPaisa}} of order {{order}} is refunded to the buyer.",
  "payment.released": "{{amountPaisa}} of order {{order}} is released to your balance.",
  "payment.releasedLessFee": "{{amountPaisa}} of order {{order}} is released to your balance (less the fee of {{feePaisa}}).",
  "payment.refused": "Your {{provider}} payment of {{amountPaisa}} could not be accepted: {{reason}} It is being refunded to you in full.",
  "payment.mismatch": "Payments: {{provider}} {{reference}} {{detail}}.",

  "dispute.openedSeller": "The buyer opened a dispute on order {{order}}: answer within 3 days.",
  "dispute.openedBuyer": "Your dispute on order {{order}} is open: the payment stays held until it is decided.",
  "dispute.answered": "The seller answered the dispute on order {{order}}: an admin will decide.",
  "dispute.ready": "Dispute on order {{order}} is ready for a decision.",
  "dispute.decidedRelease": "The dispute on order {{order}} is decided: the payment goes to the seller.",
  "dispute.decidedRefund": "The dispute on order {{order}} is decided: {{amountPaisa}} is refunded to the buyer.",
  "dispute.decidedPartial":
    "The dispute on order {{order}} is decided: {{amountPaisa}} is refunded to the buyer, the rest goes to the seller.",
  "dispute.unanswered": "The seller did not answer the dispute on order {{order}} in time: an admin will decide.",
  "dispute.readyUnanswered": "Dispute on order {{order}} is ready for a decision (no answer from the seller).",
  "dispute.reminder": "Reminder: the dispute on order {{order}} waits for a decision.",

  "payout.sent": "Your payout of {{amountPaisa}} was sent (reference {{reference}}).",
  "payout.refused": "Your payout of {{amountPaisa}} was refused: {{reason}} The amount is back in your balance.",

  // push titles, by push kind
  "push.MESSAGES": "New message",
  "push.OFFERS": "Offer update",
  "push.ORDERS": "Order update",
  "push.SAVED_SEARCHES": "New listing for you",
  "push.MEETUPS": "Meetup soon",

  // order statuses inside a sentence
  "status.pending": "pending",
  "status.confirmed": "confirmed",
  "status.processing": "processing",
  "status.shipped": "shipped",
  "status.completed": "completed",
  "status.rejected": "rejected",
  "status.cancelled": "cancelled",

  // the morning e-mail of saved-search matches
  "mail.digest.subject_one": "UniBazaar: 1 new listing for your saved searches",
  "mail.digest.subject": "UniBazaar: {{count}} new listings for your saved searches",
  "mail.digest.body":
    "Hello {{name}},\n\nNew on UniBazaar for your saved searches:\n\n{{lines}}\n\nTurn this e-mail off on your saved searches page.\n",
  "mail.digest.line": "- {{product}}, {{pricePaisa}}: {{link}}",

  // the verification code e-mail
  "mail.verify.subject": "{{code}} is your UniBazaar verification code",
  "mail.verify.body":
    "Hello {{name}},\n\nYour code to verify {{email}} as your university e-mail on UniBazaar:\n\n    {{code}}\n\nIt works once, within {{minutes}} minutes. If you did not ask for it, ignore this e-mail.",

  // the password reset code e-mail
  "mail.reset.subject": "{{code}} is your UniBazaar password reset code",
  "mail.reset.body":
    "Hello {{name}},\n\nSomeone (we hope you) asked to reset the password of your UniBazaar account. Your code:\n\n    {{code}}\n\nIt works once, within {{minutes}} minutes. Setting a new password signs you out on every device.\nIf you did not ask for it, ignore this e-mail: your password stays as it is.",
} as const;

export type MessageKey = keyof typeof en;
