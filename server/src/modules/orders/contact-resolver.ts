import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { Context } from "../../platform/graphql/context";
import { buyerEmailFor, buyerPhoneFor } from "./buyer-contact";
import { OrderParty, OrderView } from "./types";

/**
 * The buyer's personal data on an order, as little as the deal needs (the rule is buyer-contact.ts's,
 * which REST uses too): the seller gets the phone once they confirm the order, never the e-mail;
 * the buyer and admins see all.
 */
@Resolver(() => OrderView)
export class OrderContactResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Phone number for the delivery: for the buyer and admins; for the seller only once the order is confirmed (null while pending, rejected or cancelled).",
  })
  contactNumber(@Root() order: OrderView, @Ctx() ctx: Context): string | null {
    return buyerPhoneFor(order, ctx.user);
  }
}

@Resolver(() => OrderParty)
export class OrderPartyContactResolver {
  @FieldResolver(() => String, { nullable: true, description: "E-mail address: for the buyer themselves and admins; null for the seller." })
  email(@Root() party: OrderParty, @Ctx() ctx: Context): string | null {
    return buyerEmailFor(party, ctx.user);
  }
}
