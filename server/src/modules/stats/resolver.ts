import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { SalesInterval } from "./service";
import { AdminStats, SalesPoint, SellerRevenue, SellerStats, UserStats } from "./types";
import { Role, type AuthUser } from "../../platform/auth/roles";

@Resolver()
export class StatsResolver {
  @Allow()
  @Query(() => UserStats, { description: "A buyer's figures: the caller's own, or (admins only) another user's." })
  userStats(
    @Arg("idOrEmail", () => String, { nullable: true, description: "User id or e-mail (any case); defaults to the caller." })
    idOrEmail: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<UserStats> {
    return ctx.services.stats.userStats(caller, idOrEmail);
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Query(() => SellerStats, { description: "A seller's figures: the caller's own, or (admins only) another seller's." })
  sellerStats(
    @Arg("sellerId", () => ID, { nullable: true, description: "The seller's user id; defaults to the caller." }) sellerId: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<SellerStats> {
    return ctx.services.stats.sellerStats(caller, sellerId);
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Query(() => [SalesPoint], {
    description:
      "A seller's revenue over time: the caller's own, or (admins only) another seller's. Oldest first; empty days or months show 0.",
  })
  sellerSales(
    @Arg("interval", () => SalesInterval, { description: "DAY: the last 30 days; MONTH: the last 12 months." }) interval: SalesInterval,
    @Arg("sellerId", () => ID, { nullable: true, description: "The seller's user id; defaults to the caller." }) sellerId: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<SalesPoint[]> {
    return ctx.services.stats.sellerSales(caller, interval, sellerId);
  }

  @Allow(Role.ADMIN)
  @Query(() => AdminStats, { description: "Marketplace totals and the last 12 months' earnings." })
  adminStats(@Ctx() ctx: Context): Promise<AdminStats> {
    return ctx.services.stats.adminStats();
  }

  @Allow(Role.ADMIN)
  @Query(() => [SellerRevenue], {
    description: "Every seller (role SELLER) with their revenue, highest first; sellers without sales show 0.",
  })
  sellerRevenue(@Ctx() ctx: Context): Promise<SellerRevenue[]> {
    return ctx.services.stats.sellerRevenue();
  }
}
