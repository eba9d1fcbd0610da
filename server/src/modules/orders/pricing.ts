import { In, type EntityManager } from "typeorm";
import { z } from "zod";
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from "@unibazaar/rules";
import { percentOf } from "../../platform/shared/money";
import { ruleSaid } from "../../platform/shared/validation";
import { usableOffers } from "../conversations";
import { isListed, Product } from "../products";
import { findCoupon, type CouponResult } from "./coupons";

/** Sales tax, charged on what the buyer pays for the goods (subtotal after the coupon). */
export const TAX_PERCENT = 5;
export const TAX_RATE = TAX_PERCENT / 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

const LINE_QUANTITY = ruleSaid("listing.quantityRange", { min: 1, max: MAX_QUANTITY_PER_LINE });

export const cartLinesSchema = z
  .array(
    z.object({
      productId: z.string().trim().toLowerCase().min(1, ruleSaid("listing.chooseProduct")),
      quantity: z.number({ message: LINE_QUANTITY }).int(LINE_QUANTITY).min(1, LINE_QUANTITY).max(MAX_QUANTITY_PER_LINE, LINE_QUANTITY),
    }),
    { message: ruleSaid("checkout.noProducts") },
  )
  .max(MAX_CART_LINES, ruleSaid("checkout.cartTooBig", { count: MAX_CART_LINES }))
  .superRefine((lines, ctx) => {
    // duplicate lines of one product are merged, so the limit applies to their sum
    const totals = new Map<string, number>();
    lines.forEach((line, i) => {
      const total = (totals.get(line.productId) ?? 0) + line.quantity;
      totals.set(line.productId, total);
      if (total > MAX_QUANTITY_PER_LINE)
        ctx.addIssue({
          code: "custom",
          path: [i, "quantity"],
          message: ruleSaid("checkout.quantityPerProduct", { count: MAX_QUANTITY_PER_LINE }),
        });
    });
  });

export const couponCodeSchema = z
  .string()
  .trim()
  .max(40, ruleSaid("coupon.tooLong"))
  .transform((code) => code.toLowerCase() || null)
  .nullish();

export type CartLine = { productId: string; quantity: number };

export type PricedLine = {
  productId: string;
  quantity: number;
  /** False for an unknown, deleted, sold or seller-less product: shown in the cart, left out of the totals. */
  available: boolean;
  product: Product | null;
  /** The listed price of one unit. */
  unitPricePaisa: number;
  /**
   * The buyer's accepted offer this line uses up, if any: it prices one unit when below the listed
   * price (`offerPricePaisa`), and is spent by the checkout either way, as its reservation is.
   */
  offerId: string | null;
  offerPricePaisa: number | null;
  lineTotalPaisa: number;
};

export type Amounts = { subtotalPaisa: number; discountPaisa: number; taxPaisa: number; totalPaisa: number };

/** The part of the cart one seller fulfils, priced on its own: it becomes one order. */
export type SellerGroup = Amounts & { sellerId: string; lines: PricedLine[] };

export type PricedCart = Amounts & { lines: PricedLine[]; groups: SellerGroup[]; itemCount: number; coupon: CouponResult };

/** Merges lines of the same product, keeping the order in which products first appear. */
export function mergeLines(lines: CartLine[]): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    const existing = merged.get(line.productId);
    if (existing) existing.quantity += line.quantity;
    else merged.set(line.productId, { productId: line.productId, quantity: line.quantity });
  }
  return [...merged.values()];
}

/** Discount, tax and total of one seller's part; rounded half-up per order so the orders add up to the checkout. */
export function priceGroup(subtotalPaisa: number, percentOff: number): Amounts {
  const discountPaisa = percentOf(subtotalPaisa, percentOff);
  const taxPaisa = percentOf(subtotalPaisa - discountPaisa, TAX_PERCENT);
  return { subtotalPaisa, discountPaisa, taxPaisa, totalPaisa: subtotalPaisa - discountPaisa + taxPaisa };
}

/**
 * The one pricing rule, used by the cart quote and by placing an order: unit prices come from the
 * database, the cart is split per seller, each seller's part gets the coupon and tax, and the
 * checkout amounts are the sums of the parts. `lines` must already be merged and validated.
 */
export async function priceCart(
  manager: EntityManager,
  lines: CartLine[],
  couponCode: string | null | undefined,
  now: Date,
  buyerId?: string | null,
): Promise<PricedCart> {
  const ids = lines.map((l) => l.productId).filter(isUuid);
  // one after another: at checkout `manager` is a transaction's, whose one connection takes one
  // statement at a time (sent at once, the driver queues them, which pg 9 refuses)
  // deleted products are read too, so the cart can still name them
  const products = ids.length ? await manager.getRepository(Product).find({ where: { id: In(ids) }, withDeleted: true }) : [];
  const coupon = await findCoupon(manager, couponCode, now, buyerId);
  const offers = buyerId ? await usableOffers(manager, buyerId, ids, now) : new Map<string, never>();
  // a listing that is not listed does not exist for a buyer: no name, picture or price in the quote
  const byId = new Map(products.filter(isListed).map((p) => [p.id, p]));

  const priced: PricedLine[] = lines.map((line) => {
    const product = byId.get(line.productId) ?? null;
    const available = Boolean(product && !product.deletedAt && product.sellerId && product.quantityAvailable > 0);
    const unitPricePaisa = product?.pricePaisa ?? 0;
    // an accepted offer is for one unit; further units cost the listed price (a later price cut below
    // it wins, and the offer is spent all the same: a price raised again does not bring it back)
    const offer = available ? offers.get(line.productId) : undefined;
    const offerPricePaisa = offer && offer.amountPaisa < unitPricePaisa ? offer.amountPaisa : null;
    const lineTotalPaisa = !available ? 0 : (offerPricePaisa ?? unitPricePaisa) + unitPricePaisa * (line.quantity - 1);
    return {
      ...line,
      product,
      available,
      unitPricePaisa,
      offerId: offer?.id ?? null,
      offerPricePaisa,
      lineTotalPaisa,
    };
  });

  const bySeller = new Map<string, PricedLine[]>();
  for (const line of priced) {
    if (!line.available) continue;
    const sellerId = line.product!.sellerId!;
    bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), line]);
  }
  const groups: SellerGroup[] = [...bySeller].map(([sellerId, groupLines]) => ({
    sellerId,
    lines: groupLines,
    ...priceGroup(
      groupLines.reduce((sum, l) => sum + l.lineTotalPaisa, 0),
      coupon.percentOff,
    ),
  }));

  const sum = (key: keyof Amounts) => groups.reduce((total, g) => total + g[key], 0);
  return {
    lines: priced,
    groups,
    itemCount: priced.reduce((n, l) => n + (l.available ? l.quantity : 0), 0),
    coupon,
    subtotalPaisa: sum("subtotalPaisa"),
    discountPaisa: sum("discountPaisa"),
    taxPaisa: sum("taxPaisa"),
    totalPaisa: sum("totalPaisa"),
  };
}
