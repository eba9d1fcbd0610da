import type { GraphQLResolveInfo } from "graphql";
import { Arg, Ctx, FieldResolver, Float, ID, Info, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { selectedFields } from "../../platform/graphql/selection";
import { absoluteImageUrl } from "../../platform/http/public-url";
import { toRupees } from "../../platform/shared/money";
import type { Page } from "../../platform/shared/pagination";
import { type PublicProfile, SellerProfile } from "../users";
import { CAMPUSES, CONDITIONS, labelOf } from "./catalog";
import { Product } from "./entity";
import { ProductSort } from "./listing";
import { CatalogOptions, ProductFilter, ProductInput, ProductPage, ProductUpdateInput } from "./types";
import { Role, type AuthUser } from "../../platform/auth/roles";

@Resolver(() => Product)
export class ProductResolver {
  @Query(() => ProductPage, { description: "The shop: listed products, filtered, searched, sorted and paginated (pageSize at most 50)." })
  async products(
    @Arg("filter", () => ProductFilter, { nullable: true, description: "Filters; omit for every product." }) filter: ProductFilter | null,
    @Arg("sort", () => ProductSort, { nullable: true, defaultValue: ProductSort.NEWEST, description: "Order of the list." })
    sort: ProductSort | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 8, description: "Products per page, 1 to 50." }) pageSize: number | null,
    @Arg("after", () => String, {
      nullable: true,
      description:
        "Cursor: the `endCursor` of the previous page with the same filter and sort; `page` is then ignored. Reaches past 10,000 products.",
    })
    after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ProductPage> {
    return ctx.services.catalog.list({ filter, sort, page: page ?? undefined, pageSize: pageSize ?? undefined, after });
  }

  @Query(() => Product, {
    nullable: true,
    description:
      "One listed product; null when the id is unknown, the product was deleted, or it is hidden by moderation (except for its seller and admins).",
  })
  async product(
    @Arg("id", () => ID, { description: "The product's id." }) id: string,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Product | null> {
    // what the page shows of its reviews and reservations is read in the listing's statement
    return ctx.services.catalog.byId(id, ctx.user, { fields: selectedFields(info), loaders: ctx.loaders });
  }

  @Query(() => [Product], {
    description:
      "Products selling best lately: 2 x units ordered in the last 30 days (orders not rejected or cancelled) + rating x ln(1 + number of reviews); newest first on ties.",
  })
  trendingProducts(
    @Arg("limit", () => Int, { nullable: true, defaultValue: 10, description: "How many, 1 to 50." }) limit: number | null,
    @Ctx() ctx: Context,
  ): Promise<Product[]> {
    return ctx.services.catalog.trending({ limit });
  }

  @Query(() => CatalogOptions, {
    description: "The categories, colours and price bands used by the shop filters and the add-product form.",
  })
  catalogOptions(@Ctx() ctx: Context): Promise<CatalogOptions> {
    return ctx.services.catalog.catalogOptions();
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Query(() => ProductPage, { description: "The caller's own listings, newest first." })
  myProducts(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Products per page, 1 to 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<Product>> {
    return ctx.services.catalog.mine(caller, { page: page ?? undefined, pageSize: pageSize ?? undefined });
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Mutation(() => Product, { description: "Lists a new product sold by the caller." })
  createProduct(
    @Arg("input", () => ProductInput, { description: "The product." }) input: ProductInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Product> {
    return ctx.services.products.create(input, caller);
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Mutation(() => Product, { description: "Edits a product: its seller or an admin only." })
  updateProduct(
    @Arg("id", () => ID, { description: "The product's id." }) id: string,
    @Arg("input", () => ProductUpdateInput, { description: "The fields to change." }) input: ProductUpdateInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Product> {
    return ctx.services.products.update(id, input, caller);
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Mutation(() => Boolean, { description: "Removes a product from the shop (its seller or an admin); past orders keep their copy of it." })
  async deleteProduct(
    @Arg("id", () => ID, { description: "The product's id." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.products.remove(id, caller);
    return true;
  }

  @FieldResolver(() => String)
  image(@Root() product: Product, @Ctx() ctx: Context): string {
    return absoluteImageUrl(product.image, ctx.publicBase);
  }

  @FieldResolver(() => [String], { description: "Absolute URLs of every picture of the product, `image` first (at least one)." })
  images(@Root() product: Product, @Ctx() ctx: Context): string[] {
    return [product.image, ...(product.gallery ?? [])].map((url) => absoluteImageUrl(url, ctx.publicBase));
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "A warning when the price is far below similar listings (same category, a title word in common): shown to buyers, and to the seller on listing it. One query per product: ask it of one product, not in lists.",
  })
  priceNote(@Root() product: Product, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<string | null> {
    return ctx.services.screening.priceNote(product, inMutation(info));
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description:
      "What similar listings usually cost in PKR, given only when this listing is priced far below it (the `priceNote` warning, for clients that word it themselves); null for most. One query per product: ask it of one product, not in lists.",
  })
  async usualPrice(@Root() product: Product, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<number | null> {
    const paisa = await ctx.services.screening.usualPriceIfTooGood(product, inMutation(info));
    return paisa === null ? null : toRupees(paisa);
  }

  @FieldResolver(() => Int, {
    description:
      "For its seller (and admins): units of this listing in orders that may still give them back (pending or confirmed). A listing whose units are all in such orders is in a pending order, not sold out (nothing to relist yet). 0 for anyone else.",
  })
  async pendingOrderUnits(@Root() product: Product, @Ctx() ctx: Context): Promise<number> {
    if (!ctx.user || (ctx.user.id !== product.sellerId && ctx.user.role !== Role.ADMIN)) return 0;
    return ctx.loaders.pendingOrderUnitsByProduct.load(product.id);
  }

  @FieldResolver(() => String, { description: "The condition as shown, e.g. 'Like new'." })
  conditionLabel(@Root() product: Product): string {
    return labelOf(CONDITIONS, product.condition) ?? product.condition;
  }

  @FieldResolver(() => String, { nullable: true, description: "The campus as shown, e.g. 'LUMS Lahore'; null when not given." })
  campusName(@Root() product: Product): string | null {
    return labelOf(CAMPUSES, product.campus);
  }

  @FieldResolver(() => Boolean, { description: "No unit left: shown as Sold for a while, never addable to a cart." })
  sold(@Root() product: Product): boolean {
    return product.quantityAvailable === 0;
  }

  @FieldResolver(() => SellerProfile, { nullable: true, description: "Who sells it; null when the seller's account was deleted." })
  seller(@Root() product: Product, @Ctx() ctx: Context): Promise<PublicProfile | null> | PublicProfile | null {
    // read with its seller's public profile (CatalogService): answered as it is, without a loader's promise per row
    if (product.seller !== undefined) return product.seller;
    return product.sellerId ? ctx.loaders.userById.load(product.sellerId) : null;
  }
}

@Resolver(() => SellerProfile)
export class SellerProfileFieldsResolver {
  @FieldResolver(() => String, { nullable: true })
  profileImage(@Root() seller: PublicProfile, @Ctx() ctx: Context): string | null {
    return absoluteImageUrl(seller.profileImage, ctx.publicBase);
  }
}

/** A field of a mutation's answer reads on the primary, where the mutation just wrote. */
const inMutation = (info: GraphQLResolveInfo) => info.operation.operation === "mutation";
