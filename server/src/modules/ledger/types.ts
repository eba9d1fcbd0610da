import { Field, ID, ObjectType, registerEnumType } from "type-graphql";
import { MoneyField } from "../../platform/graphql/money";
import { PageOf } from "../../platform/graphql/page";
import { MovementKind } from "./entity";
import type { SellerEntryView } from "./service";

registerEnumType(MovementKind, {
  name: "LedgerEntryKind",
  description: "What moved: HELD (a payment came in), RELEASED, FEE, REFUNDED, PAYOUT (asked or paid), PAYOUT_RETURNED (a refused payout).",
});

export enum BalanceKind {
  PENDING = "PENDING",
  AVAILABLE = "AVAILABLE",
}
registerEnumType(BalanceKind, {
  name: "BalanceKind",
  description: "PENDING: held for an order until its handover; AVAILABLE: the seller's to pay out.",
});

@ObjectType({ description: "A seller's money, derived from the ledger." })
export class SellerBalance {
  @MoneyField({ name: "pending", description: "Paid by buyers and held until their handovers, in PKR." })
  pendingPaisa: number;

  @MoneyField({ name: "available", description: "Released, less fees and payouts asked for: what may be paid out, in PKR." })
  availablePaisa: number;
}

@ObjectType({ description: "One ledger entry on a seller's held payments or balance." })
export class BalanceEntry {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => MovementKind, { description: "What moved." })
  kind: MovementKind;

  @Field(() => BalanceKind, { description: "Which balance it changed." })
  balance: BalanceKind;

  @MoneyField({ name: "amount", description: "Signed: positive adds to the balance, in PKR." })
  amountPaisa: number;

  @Field(() => ID, { nullable: true, description: "The order it is about." })
  orderId: string | null;

  @Field(() => ID, { nullable: true, description: "The payout it is about." })
  payoutId: string | null;

  @Field(() => Date, { description: "When." })
  createdAt: Date;

  // orderLabel is shown by resolver.ts
  orderNumber: number | null;
}

@ObjectType({ description: "A page of ledger entries, newest first." })
export class BalanceEntryPage extends PageOf<SellerEntryView>(BalanceEntry, {
  items: "The entries on this page.",
  totalItems: "Entries in all.",
}) {}
