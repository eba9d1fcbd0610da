import type { EntityManager } from "typeorm";
import { conflict } from "../../platform/shared/errors";
import { Product } from "../products";
import type { PricedCart } from "./pricing";

/** Units on sale: taken by a checkout under row locks, given back when an order is cancelled or rejected. */

export const soldOut = (product: Product) => (product.quantityAvailable === 0 ? `"${product.name}" is sold.` : null);
export const onlyLeft = (product: Product) => `Only ${product.quantityAvailable} of "${product.name}" left.`;

/**
 * Takes the ordered units off each listing with a conditional UPDATE: the row lock it takes makes
 * concurrent checkouts of the last unit queue, and each re-checks the quantity once the one before
 * it commits, so exactly one gets it. Rows are taken in id order so two multi-line checkouts
 * cannot deadlock. A refusal rolls back the whole checkout. True when a listing sold its last unit.
 */
export async function reserveUnits(manager: EntityManager, cart: PricedCart): Promise<boolean> {
  const lines = cart.groups.flatMap((group) => group.lines).sort((a, b) => a.productId.localeCompare(b.productId));
  let soldOut = false;
  for (const line of lines) {
    const { affected, raw } = await manager
      .createQueryBuilder()
      .update(Product)
      .set({
        quantityAvailable: () => `"quantityAvailable" - :quantity`,
        soldOutAt: () => `CASE WHEN "quantityAvailable" = :quantity THEN now() ELSE "soldOutAt" END`,
      })
      .where(`id = :id AND "quantityAvailable" >= :quantity AND "deletedAt" IS NULL`, { id: line.productId, quantity: line.quantity })
      .returning(`"quantityAvailable"`)
      .execute();
    if (!affected) {
      const now = await manager.findOneBy(Product, { id: line.productId });
      throw conflict(
        now?.quantityAvailable
          ? onlyLeft(now)
          : `Sorry, "${line.product!.name}" has just been sold. Remove it from your cart and try again.`,
      );
    }
    if ((raw as Array<{ quantityAvailable: number }>)[0]?.quantityAvailable === 0) soldOut = true;
  }
  return soldOut;
}

/** A cancelled or rejected order gives its units back: the listing is for sale again. */
export async function releaseUnits(manager: EntityManager, orderId: string): Promise<void> {
  await manager.query(
    `UPDATE "products" p SET "quantityAvailable" = p."quantityAvailable" + l."quantity", "soldOutAt" = NULL
       FROM "order_lines" l WHERE l."orderId" = $1 AND l."productId" = p."id"`,
    [orderId],
  );
}
