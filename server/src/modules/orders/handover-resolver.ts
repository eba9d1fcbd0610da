import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from "type-graphql";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { HandoverState, type Order } from "./entity";
import { codeIsOpen, codeTriesLeft } from "./handover-rules";
import { capacityOn, handoverOpensAt } from "./transitions";
import { OrderView } from "./types";
import { OrderHandover } from "./handover-types";

@Resolver(() => OrderView)
export class HandoverFieldsResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The 6-digit code the buyer gives the seller at the handover (digits or QR). Only the buyer sees it, and only until the order is finished.",
  })
  handoverCode(@Root() order: Order, @Ctx() ctx: Context): string | null {
    return order.buyerId !== null && order.buyerId === ctx.user?.id && codeIsOpen(order) ? order.handoverCode : null;
  }

  @FieldResolver(() => OrderHandover, { description: "The handover: confirmed by code, awaiting the buyer, confirmed, or objected to." })
  handover(@Root() order: Order): OrderHandover {
    return {
      state: order.handoverState,
      confirmedBy: order.handoverHow,
      confirmDueAt: order.handoverDueAt,
      objection: order.handoverObjection,
      settledAt: order.handoverSettledAt,
      opensAt: codeIsOpen(order) ? handoverOpensAt(order) : null,
      codeTriesLeft: codeTriesLeft(order),
    };
  }

  @FieldResolver(() => Boolean, { description: "The caller is this order's buyer and may confirm or object to the handover now." })
  canAnswerHandover(@Root() order: Order, @Ctx() ctx: Context): boolean {
    return order.handoverState === HandoverState.AWAITING_BUYER && order.buyerId === ctx.user?.id;
  }

  @FieldResolver(() => Boolean, { description: "The caller is this order's seller and may still complete it with the buyer's code." })
  canEnterHandoverCode(@Root() order: Order, @Ctx() ctx: Context): boolean {
    return capacityOn(order, ctx.user) === Role.SELLER && codeIsOpen(order) && codeTriesLeft(order) > 0;
  }
}

@Resolver()
export class HandoverResolver {
  @Allow(Role.SELLER)
  @Mutation(() => OrderView, {
    description:
      "The order's seller completes it with the buyer's 6-digit code (typed or scanned): confirmed by code. 5 wrong codes per order lock this path.",
  })
  async completeHandover(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Arg("code", () => String, { description: "The buyer's 6-digit code." }) code: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return await ctx.services.handover.completeWithCode(id, code, caller);
  }

  @Allow()
  @Mutation(() => OrderView, { description: "The order's buyer confirms receiving an order the seller marked delivered without the code." })
  async confirmHandover(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return await ctx.services.handover.confirmReceipt(id, caller);
  }

  @Allow()
  @Mutation(() => OrderView, {
    description:
      "The order's buyer objects to a handover the seller recorded without the code, saying why (then no automatic confirmation).",
  })
  async objectToHandover(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Arg("reason", () => String, { description: "What went wrong (5 to 500 characters)." }) reason: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return await ctx.services.handover.objectToHandover(id, reason, caller);
  }
}
