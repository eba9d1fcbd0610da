import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { RequestLoaders } from "../../platform/request";
import { iso, ownEmail } from "../../platform/http/legacy";
import { absoluteImageUrl } from "../../platform/http/public-url";
import { toRupees } from "../../platform/shared/money";
import type { User } from "../users";
import type { Product } from "./entity";

/**
 * A seller as legacy product documents populate `sellerId`; null once the account was deleted.
 * `email` is filled only when the seller reads their own product (empty for anyone else).
 */
const sellerRefSchema = z.object({ _id: z.string(), email: z.string(), username: z.string() }).nullable();

/** The product document legacy clients read: `_id`, prices in PKR, `sellerId` populated. */
export const legacyProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  color: z.string(),
  price: z.number(),
  oldPrice: z.number().optional(),
  rating: z.number(),
  image: z.string(),
  sellerId: sellerRefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type LegacyProduct = z.infer<typeof legacyProductSchema>;

export const legacyProductListSchema = z.object({
  products: z.array(legacyProductSchema),
  totalPages: z.number(),
  totalProducts: z.number(),
});

function legacyProduct(p: Product, seller: User | null, publicBase: string, viewer: AuthUser | null): LegacyProduct {
  return {
    _id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    // legacy clients read a string: "" when the item has no colour
    color: p.color ?? "",
    price: toRupees(p.pricePaisa),
    ...(p.oldPricePaisa != null ? { oldPrice: toRupees(p.oldPricePaisa) } : {}),
    rating: p.ratingAverage,
    image: absoluteImageUrl(p.image, publicBase),
    sellerId: seller ? { _id: seller.id, email: ownEmail(seller, viewer), username: seller.username } : null,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

/**
 * Shapes products with their sellers, loaded in one batch, as `viewer` may see them; `publicBase`
 * makes image addresses absolute.
 */
export async function legacyProducts(
  loaders: RequestLoaders,
  products: Product[],
  publicBase: string,
  viewer: AuthUser | null,
): Promise<LegacyProduct[]> {
  const sellers = await Promise.all(products.map((p) => (p.sellerId ? loaders.userById.load(p.sellerId) : Promise.resolve(null))));
  return products.map((p, i) => legacyProduct(p, sellers[i], publicBase, viewer));
}
