import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { ConversationParty } from "../conversations";
import { OrderParty, OrderView } from "../orders";
import { SellerProfile } from "../users";
import type { NoShowReport } from "./entity";
import type { ContestedNoShow, ReliabilityView } from "./service";
import type { Page } from "../../platform/shared/pagination";
import { ContestedNoShowPage, NoShowReportObject, ReliabilityObject } from "./types";

const toObject = (report: NoShowReport, caller: AuthUser | null): NoShowReportObject => ({
  ...report,
  byCaller: report.reporterId === caller?.id,
});

@Resolver()
export class NoShowResolver {
  @Allow()
  @Mutation(() => NoShowReportObject, {
    description:
      "The buyer or the seller of a meetup order reports that the other did not come: after the agreed time, while the order is open, once per order. The other party may contest it within 48 hours; uncontested, it counts on their record.",
  })
  async reportNoShow(
    @Arg("orderId", () => ID, { description: "The meetup order." }) orderId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<NoShowReportObject> {
    return toObject(await ctx.services.reliability.reportNoShow(orderId, caller), caller);
  }

  @Allow()
  @Mutation(() => NoShowReportObject, {
    description:
      "The party reported contests an open no-show report within 48 hours; an admin then upholds or drops it (`contestedNoShows`).",
  })
  async contestNoShow(
    @Arg("orderId", () => ID, { description: "The order reported." }) orderId: string,
    @Arg("reason", () => String, { description: "Why the report is wrong, 1 to 500 characters." }) reason: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<NoShowReportObject> {
    return toObject(await ctx.services.reliability.contestNoShow(orderId, { reason }, caller), caller);
  }

  @Allow(Role.ADMIN)
  @Query(() => ContestedNoShowPage, { description: "Contested no-shows waiting for a decision, the oldest report first." })
  contestedNoShows(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Reports per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<ContestedNoShow>> {
    return ctx.services.reliability.contested({ page: page ?? undefined, pageSize: pageSize ?? undefined });
  }

  @Allow(Role.ADMIN)
  @Mutation(() => NoShowReportObject, {
    description:
      "Decides a contested no-show report: upheld, it counts on the accused's record; dropped (false), it does not. Both parties are told.",
  })
  async decideNoShow(
    @Arg("orderId", () => ID, { description: "The order reported." }) orderId: string,
    @Arg("uphold", () => Boolean, { description: "True to uphold the report, false to drop it." }) uphold: boolean,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<NoShowReportObject> {
    return toObject(await ctx.services.reliability.decideNoShow(orderId, uphold), caller);
  }
}

const reliabilityOf = (user: { id: string }, ctx: Context): Promise<ReliabilityView> => ctx.loaders.reliabilityByUser.load(user.id);

@Resolver(() => SellerProfile)
export class SellerReliabilityResolver {
  @FieldResolver(() => ReliabilityObject, {
    description: "The seller's record in deals (completed, no-shows, cancellations, chat answers).",
  })
  reliability(@Root() seller: SellerProfile, @Ctx() ctx: Context): Promise<ReliabilityView> {
    return reliabilityOf(seller, ctx);
  }
}

@Resolver(() => ConversationParty)
export class PartyReliabilityResolver {
  @FieldResolver(() => ReliabilityObject, { description: "The party's record in deals, with their rating as a buyer." })
  reliability(@Root() party: ConversationParty, @Ctx() ctx: Context): Promise<ReliabilityView> {
    return reliabilityOf(party, ctx);
  }
}

@Resolver(() => OrderParty)
export class BuyerReliabilityResolver {
  @FieldResolver(() => ReliabilityObject, { description: "The buyer's record in deals, with their rating as a buyer." })
  reliability(@Root() buyer: OrderParty, @Ctx() ctx: Context): Promise<ReliabilityView> {
    return reliabilityOf(buyer, ctx);
  }
}

@Resolver(() => OrderView)
export class OrderNoShowResolver {
  @FieldResolver(() => NoShowReportObject, { nullable: true, description: "The order's no-show report, if either party made one." })
  async noShow(@Root() order: OrderView, @Ctx() ctx: Context): Promise<NoShowReportObject | null> {
    const report = await ctx.loaders.noShowByOrder.load(order.id);
    return report && toObject(report, ctx.user);
  }
}
