import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { MoneyField } from "../../platform/graphql/money";

/** Where a refund is, as admins read it. */
export enum RefundProgress {
  PENDING = "PENDING",
  FAILED = "FAILED",
  IN_DOUBT = "IN_DOUBT",
  SENT = "SENT",
}
registerEnumType(RefundProgress, {
  name: "RefundProgress",
  description: "Where a refund through a payment provider is.",
  valuesConfig: {
    PENDING: { description: "Asked of the provider, not yet confirmed." },
    FAILED: { description: "The provider refused it at its last try: it is tried again (see lastError)." },
    IN_DOUBT: {
      description:
        "Sent, and the provider's answer never came: it may have made it. Nothing sends it again until an admin, having checked with the provider, confirms it (confirmRefundSent) or sends it again (sendRefundAgain).",
    },
    SENT: { description: "The provider confirmed it: the money is back with the buyer." },
  },
});

@ObjectType("PaymentRefund", { description: "Money going back to a buyer through the provider that took it (admins)." })
export class PaymentRefundObject {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => String, { description: "The provider: card, jazzcash or easypaisa." })
  provider: string;

  @Field(() => String, { description: "The payment's reference at the provider." })
  attemptReference: string;

  @MoneyField({ name: "amount", description: "What goes back, in PKR." })
  amountPaisa: number;

  @Field(() => String, { description: "Why it is refunded." })
  reason: string;

  @Field(() => RefundProgress, { description: "Where it is." })
  progress: RefundProgress;

  @Field(() => Int, { description: "How often it was sent to the provider." })
  tries: number;

  @Field(() => String, { nullable: true, description: "Why the last try failed, or why it is in doubt." })
  lastError: string | null;

  @Field(() => Boolean, { description: "Test money (the card sandbox or a wallet's simulator)." })
  sandbox: boolean;

  @Field(() => ID, { nullable: true, description: "The order refunded, if any (a refused payment has none)." })
  orderId: string | null;

  @Field(() => Date, { description: "When it was asked for." })
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "The provider's id of the refund, once confirmed." })
  providerRefundId: string | null;

  @Field(() => Date, { nullable: true, description: "When the provider (or an admin who checked with it) confirmed it." })
  confirmedAt: Date | null;
}

@ObjectType({ description: "A payment the provider took that the checkout could not take: refused and refunded (admins)." })
export class RefusedPayment {
  @Field(() => ID, { description: "Unique id (the payment attempt's)." })
  id: string;

  @Field(() => String, { description: "The payment's reference at the provider." })
  reference: string;

  @Field(() => String, { description: "The provider: card, jazzcash or easypaisa." })
  provider: string;

  @MoneyField({ name: "amount", description: "What the checkout asked for, in PKR." })
  amountPaisa: number;

  @Field(() => String, { description: "Why it was refused." })
  refusedReason: string;

  @Field(() => Boolean, { description: "Test money (the card sandbox or a wallet's simulator)." })
  sandbox: boolean;

  @Field(() => Date, { description: "When it was refused." })
  settledAt: Date;

  @Field(() => PaymentRefundObject, { nullable: true, description: "Its refund." })
  refund: PaymentRefundObject | null;
}

@ObjectType("PaymentMismatch", { description: "A difference reconciliation found between a provider's records and ours (admins)." })
export class PaymentMismatchObject {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => String, { description: "The provider." })
  provider: string;

  @Field(() => String, { nullable: true, description: "The payment's reference, if the mismatch is about one." })
  reference: string | null;

  @Field(() => String, { description: "What differs." })
  detail: string;

  @Field(() => Date, { description: "When it was found." })
  createdAt: Date;
}

@ObjectType({ description: "What needs an admin's eye in online payments: the latest 100 of each." })
export class PaymentProblems {
  @Field(() => [RefusedPayment], { description: "Payments taken but refused (and refunded), newest first." })
  refused: RefusedPayment[];

  @Field(() => [PaymentRefundObject], { description: "Refunds to send or being retried, newest first." })
  refundsWaiting: PaymentRefundObject[];

  @Field(() => [PaymentRefundObject], {
    description: "Refunds in doubt (the provider may have made them), newest first: each waits for an admin.",
  })
  refundsInDoubt: PaymentRefundObject[];

  @Field(() => [PaymentMismatchObject], { description: "Reconciliation's mismatches, newest first." })
  mismatches: PaymentMismatchObject[];
}
