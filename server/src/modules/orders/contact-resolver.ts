import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { Role } from "../../platform/auth/roles";
import type { Context } from "../../platform/graphql/context";
import { OrderStatus } from "./entity";
import { OrderParty, OrderView } from "./types";

/** The statuses in which the seller has taken the order on: only then does the deal need the buyer's phone. */
const SELLER_SEES_PHONE = new Set([OrderStatus.CONFIRMED, OrderStatus.PROCESSING, OrderStatus.SHIPPED, OrderStatus.COMPLETED]);

/**
 * The buyer's personal data on an order, as little as the deal needs: the seller gets the phone
 * (and the public name) once they confirm the order, never the e-mail; the buyer and admins see all.
 */
@Resolver(() => OrderView)
export class OrderContactResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Phone number for the delivery: for the buyer and admins; for the seller only once the order is confirmed (null while pending, rejected or cancelled).",
  })
  contactNumber(@Root() order: OrderView, @Ctx() ctx: Context): string | null {
    const sellerOnly = ctx.user?.id !== order.buyerId && ctx.user?.role !== Role.ADMIN;
    return sellerOnly && !SELLER_SEES_PHONE.has(order.status) ? null : order.contactNumber;
  }
}

@Resolver(() => OrderParty)
export class OrderPartyContactResolver {
  @FieldResolver(() => String, { nullable: true, description: "E-mail address: for the buyer themselves and admins; null for the seller." })
  email(@Root() party: OrderParty, @Ctx() ctx: Context): string | null {
    return ctx.user?.id === party.id || ctx.user?.role === Role.ADMIN ? party.email : null;
  }
}
