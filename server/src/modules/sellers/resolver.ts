import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { Context } from "../../platform/graphql/context";
import { SellerPage } from "./types";
import type { SellerPublicProfile } from "./service";

@Resolver(() => SellerPage)
export class SellersResolver {
  @Query(() => SellerPage, {
    nullable: true,
    description:
      "A seller's public page by username (any case); null when no seller has it. Their listings: `products(filter: { sellerId })`.",
  })
  sellerPage(
    @Arg("username", () => String, { description: "The seller's username." }) username: string,
    @Ctx() ctx: Context,
  ): Promise<SellerPublicProfile | null> {
    return ctx.services.sellers.profile(username);
  }
}
