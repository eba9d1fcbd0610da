import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { SavedItem } from "./entity";
import { noticeOf } from "./service";
import { SavedNotice } from "./types";

@Resolver(() => SavedItem)
export class SavedResolver {
  @Allow()
  @Query(() => [SavedItem], { description: "The caller's saved listings, newest first (at most 200)." })
  savedItems(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<SavedItem[]> {
    return ctx.services.saved.list(caller);
  }

  @Allow()
  @Query(() => [ID], { description: "Ids of the caller's saved listings (for the hearts on cards)." })
  savedProductIds(@Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<string[]> {
    return ctx.services.saved.savedIds(caller);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Saves a listing at its current price; saving it again changes nothing." })
  async saveProduct(
    @Arg("productId", () => ID, { description: "The listing." }) productId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.saved.save(productId, caller);
    return true;
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Removes a listing from the caller's saved items (nothing happens if it was not saved)." })
  async unsaveProduct(
    @Arg("productId", () => ID, { description: "The listing." }) productId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.saved.unsave(productId, caller);
    return true;
  }

  @FieldResolver(() => SavedNotice, { nullable: true, description: "What changed since saving: SOLD, PRICE_DROP, or null." })
  notice(@Root() item: SavedItem): SavedNotice | null {
    return noticeOf(item);
  }
}
