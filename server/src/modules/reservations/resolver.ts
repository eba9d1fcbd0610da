import { Ctx, FieldResolver, Int, Resolver, Root } from "type-graphql";
import type { Context } from "../../platform/graphql/context";
import { OfferObject } from "../conversations/types";
import { Product } from "../products/entity";

@Resolver(() => Product)
export class ProductReservationFieldsResolver {
  @FieldResolver(() => Int, {
    description: "Units held for buyers of accepted offers: taken for everyone but their holders until bought or lapsed.",
  })
  async reservedUnits(@Root() product: Product, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.activeReservationsByProduct.load(product.id)).length;
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      "Set when every unit left is reserved for other buyers (shown as Reserved, not buyable): when the first reservation ends. Null otherwise.",
  })
  async reservedUntil(@Root() product: Product, @Ctx() ctx: Context): Promise<Date | null> {
    const others = (await ctx.loaders.activeReservationsByProduct.load(product.id)).filter((r) => r.buyerId !== ctx.user?.id);
    return others.length && product.quantityAvailable - others.length <= 0 ? others[0].expiresAt : null;
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description: "When the caller's own reservation of this listing ends; null when they hold none.",
  })
  async myReservationEndsAt(@Root() product: Product, @Ctx() ctx: Context): Promise<Date | null> {
    const mine = (await ctx.loaders.activeReservationsByProduct.load(product.id)).find((r) => r.buyerId === ctx.user?.id);
    return mine?.expiresAt ?? null;
  }
}

@Resolver(() => OfferObject)
export class OfferReservationFieldsResolver {
  @FieldResolver(() => Date, {
    nullable: true,
    description: "While the accepted offer holds a unit for the buyer: when the reservation lapses. Null otherwise.",
  })
  async reservedUntil(@Root() offer: OfferObject, @Ctx() ctx: Context): Promise<Date | null> {
    const [reservation] = await ctx.loaders.activeReservationByOffer.load(offer.id);
    return reservation?.expiresAt ?? null;
  }
}
