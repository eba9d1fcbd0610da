import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { MoneyField } from "../../platform/graphql/money";
import { PageOf } from "../../platform/graphql/page";
import { Payout, PayoutMethod, PayoutState } from "./entity";

registerEnumType(PayoutMethod, {
  name: "PayoutMethod",
  description: "WALLET (a JazzCash or Easypaisa number) or IBAN (a Pakistani bank account).",
});
registerEnumType(PayoutState, {
  name: "PayoutState",
  description: "REQUESTED (waiting for an admin), PAID (transferred, with its reference), REFUSED (the amount returned to the balance).",
});

@ObjectType("Payout", { description: "A seller's payout from their available balance." })
export class PayoutObject {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, { nullable: true, description: "The seller (null once their account is deleted)." })
  sellerId: string | null;

  @MoneyField({ name: "amount", description: "In PKR." })
  amountPaisa: number;

  @Field(() => PayoutMethod, { description: "Wallet or IBAN." })
  method: PayoutMethod;

  @Field(() => String, { description: "The wallet number or IBAN." })
  destination: string;

  @Field(() => PayoutState, { description: "Where it is." })
  state: PayoutState;

  @Field(() => String, { nullable: true, description: "The transfer's reference, once paid." })
  reference: string | null;

  @Field(() => String, { nullable: true, description: "Why it was refused." })
  reason: string | null;

  @Field(() => Date, { nullable: true, description: "When an admin paid or refused it." })
  decidedAt: Date | null;

  @Field(() => Date, { description: "When it was asked for." })
  createdAt: Date;
}

@ObjectType({ description: "A page of payouts." })
export class PayoutPage extends PageOf<Payout>(PayoutObject, { items: "The payouts on this page.", totalItems: "Payouts in all." }) {}
