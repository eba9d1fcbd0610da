import { Arg, Ctx, FieldResolver, Float, ID, Mutation, Query, Resolver, Root, registerEnumType } from "type-graphql";
import { Allow } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { toRupees } from "../../platform/shared/money";
import { SavedItem } from "./entity";
import { noticeOf, SavedNotice } from "./service";

registerEnumType(SavedNotice, {
  name: "SavedNotice",
  description: "What changed about a saved listing since it was saved.",
  valuesConfig: {
    PRICE_DROP: { description: "It is cheaper now than when saved (`savedPrice`)." },
    SOLD: { description: "No unit is left." },
  },
});

@Resolver(() => SavedItem)
export class SavedResolver {
  @Allow()
  @Query(() => [SavedItem], { description: "The caller's saved listings, newest first (at most 200)." })
  savedItems(@Ctx() ctx: Context): Promise<SavedItem[]> {
    return ctx.services.saved.list(ctx.user);
  }

  @Allow()
  @Query(() => [ID], { description: "Ids of the caller's saved listings (for the hearts on cards)." })
  savedProductIds(@Ctx() ctx: Context): Promise<string[]> {
    return ctx.services.saved.savedIds(ctx.user);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Saves a listing at its current price; saving it again changes nothing." })
  async saveProduct(@Arg("productId", () => ID, { description: "The listing." }) productId: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.saved.save(productId, ctx.user);
    return true;
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Removes a listing from the caller's saved items (nothing happens if it was not saved)." })
  async unsaveProduct(
    @Arg("productId", () => ID, { description: "The listing." }) productId: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.saved.unsave(productId, ctx.user);
    return true;
  }

  @FieldResolver(() => Float, { description: "Price in PKR when it was saved." })
  savedPrice(@Root() item: SavedItem): number {
    return toRupees(item.savedPricePaisa);
  }

  @FieldResolver(() => SavedNotice, { nullable: true, description: "What changed since saving: SOLD, PRICE_DROP, or null." })
  notice(@Root() item: SavedItem): SavedNotice | null {
    return noticeOf(item);
  }
}
