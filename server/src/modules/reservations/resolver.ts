import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { OfferObject } from "../conversations";
import { Product } from "../products";
import { HeldReservationObject } from "./types";

@Resolver()
export class ReservationsResolver {
  @Allow()
  @Mutation(() => Boolean, {
    description:
      "Lets a reservation go before its end, and the unit is for sale again at once: its buyer lets their own go (no `buyerId`), the listing's seller a buyer's. The other party is told.",
  })
  async releaseReservation(
    @Arg("productId", () => ID, { description: "The reserved listing." }) productId: string,
    @Arg("buyerId", () => ID, { nullable: true, description: "For the seller: the buyer whose reservation ends." }) buyerId: string | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.reservations.release(caller, { productId, buyerId });
    return true;
  }
}

@Resolver(() => Product)
export class ProductReservationFieldsResolver {
  @FieldResolver(() => [HeldReservationObject], {
    description: "For the listing's seller: who holds a reservation of it and until when (empty for anyone else).",
  })
  async heldReservations(@Root() product: Product, @Ctx() ctx: Context): Promise<HeldReservationObject[]> {
    if (!ctx.user || product.sellerId !== ctx.user.id) return [];
    const active = await ctx.loaders.activeReservationsByProduct.load(product.id);
    const buyers = await Promise.all(active.map((r) => ctx.loaders.userById.load(r.buyerId)));
    return active.map((r, i) => ({ buyerId: r.buyerId, buyerName: buyers[i]?.username ?? null, expiresAt: r.expiresAt }));
  }

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
