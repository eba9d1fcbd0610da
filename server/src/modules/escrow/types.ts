import { DISPUTE_TEXT_MAX_LENGTH, DISPUTE_TEXT_MIN_LENGTH, MAX_DISPUTE_PHOTOS } from "@unibazaar/rules";
import { Field, Float, ID, InputType, ObjectType, registerEnumType } from "type-graphql";
import { MoneyField } from "../../platform/graphql/money";
import { PageOf } from "../../platform/graphql/page";
import { DisputeOutcome, DisputeReason, DisputeState, HeldPaymentState } from "./entity";
import type { DisputeView } from "./disputes";

registerEnumType(HeldPaymentState, {
  name: "HeldPaymentState",
  description: "Where an online payment is: held until the handover, disputed, released to the seller, refunded, or partly refunded.",
  valuesConfig: {
    HELD: { description: "Paid and held until the buyer has the item." },
    DISPUTED: { description: "Held while a dispute is open." },
    RELEASED: { description: "Released to the seller's balance." },
    REFUNDED: { description: "Refunded to the buyer in full." },
    PARTLY_REFUNDED: { description: "Part refunded to the buyer, the rest released to the seller (a dispute's decision)." },
  },
});
registerEnumType(DisputeReason, {
  name: "DisputeReason",
  description: "Why the buyer disputes: the item never came, or is not as described.",
});
registerEnumType(DisputeState, {
  name: "DisputeState",
  description: "AWAITING_SELLER (the seller has 3 days to answer), AWAITING_ADMIN (answered or out of time), DECIDED.",
});
registerEnumType(DisputeOutcome, {
  name: "DisputeOutcome",
  description: "An admin's decision: RELEASE to the seller, REFUND the buyer in full, or PARTIAL_REFUND (the rest to the seller).",
});

@ObjectType("HeldPayment", { description: "An order's online payment as the platform holds it (buyer, seller and admins see it)." })
export class HeldPaymentObject {
  @Field(() => HeldPaymentState, { description: "Where the money is." })
  state: HeldPaymentState;

  @MoneyField({ name: "amount", description: "What the buyer paid for this order, in PKR." })
  amountPaisa: number;

  @MoneyField({ name: "refunded", description: "What went back to the buyer, in PKR." })
  refundedPaisa: number;

  @Field(() => String, { description: "The payment provider (card, a wallet)." })
  provider: string;

  @Field(() => Boolean, {
    description:
      "Test money: paid through the card sandbox or a wallet's simulator. Shown as such; never paid out where payouts move real money.",
  })
  testMoney: boolean;

  @Field(() => Date, { nullable: true, description: "When it was released or refunded." })
  settledAt: Date | null;
}

@ObjectType("Dispute", { description: "A buyer's dispute over an order's held payment." })
export class DisputeObject {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, { description: "The disputed order." })
  orderId: string;

  @MoneyField({ name: "amount", description: "The held amount in dispute, in PKR." })
  amountPaisa: number;

  @Field(() => DisputeReason, { description: "Why." })
  reason: DisputeReason;

  @Field(() => String, { description: "What the buyer says happened." })
  text: string;

  @Field(() => DisputeState, { description: "Where it is." })
  state: DisputeState;

  @Field(() => String, { nullable: true, description: "The seller's answer." })
  sellerAnswer: string | null;

  @Field(() => Date, { nullable: true, description: "When the seller answered." })
  answeredAt: Date | null;

  @Field(() => Date, { description: "Until when the seller may answer." })
  answerDueAt: Date;

  @Field(() => DisputeOutcome, { nullable: true, description: "The decision." })
  outcome: DisputeOutcome | null;

  @MoneyField({ name: "refundAmount", nullable: true, description: "What the decision refunded, in PKR." })
  refundPaisa: number | null;

  @Field(() => String, { nullable: true, description: "The admin's note on the decision." })
  decisionNote: string | null;

  @Field(() => Date, { nullable: true, description: "When it was decided." })
  decidedAt: Date | null;

  @Field(() => Date, { description: "When it was opened." })
  createdAt: Date;

  // orderLabel and photos (as absolute addresses) are shown by resolver.ts
}

@ObjectType({ description: "A page of disputes, oldest first." })
export class DisputePage extends PageOf<DisputeView>(DisputeObject, {
  items: "The disputes on this page.",
  totalItems: "Disputes in all.",
}) {}

@InputType({ description: "A buyer's dispute over an order's held payment." })
export class OpenDisputeInput {
  @Field(() => ID, { description: "The order (the caller's, accepted by the seller, paid online and not yet released)." })
  orderId: string;

  @Field(() => DisputeReason, { description: "Why." })
  reason: DisputeReason;

  @Field(() => String, { description: `What happened, ${DISPUTE_TEXT_MIN_LENGTH} to ${DISPUTE_TEXT_MAX_LENGTH} characters.` })
  text: string;

  @Field(() => [String], {
    nullable: true,
    description: `Up to ${MAX_DISPUTE_PHOTOS} photos uploaded first (uploadImage), by the addresses it answered.`,
  })
  photos?: string[] | null;
}

@InputType({ description: "An admin's decision on a dispute." })
export class DecideDisputeInput {
  @Field(() => DisputeOutcome, { description: "Release, refund, or partial refund." })
  outcome: DisputeOutcome;

  @Field(() => Float, { nullable: true, description: "For PARTIAL_REFUND: the PKR refunded, more than 0 and less than the amount." })
  refundAmount?: number | null;

  @Field(() => String, { nullable: true, description: "A note both sides see, at most 1000 characters." })
  note?: string | null;
}
