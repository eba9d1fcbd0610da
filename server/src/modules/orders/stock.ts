import type { EntityManager } from "typeorm";
import { said } from "../../platform/i18n/errors";
import { conflict } from "../../platform/shared/errors";
import { giveBackUnits, Product, takeUnits } from "../products";
import type { PricedCart } from "./pricing";

/** Units on sale: taken by a checkout under row locks, given back when an order is cancelled or rejected. */

export const soldOut = (product: Product) => (product.quantityAvailable === 0 ? said("checkout.sold", { product: product.name }) : null);
export const onlyLeft = (product: Product) => said("checkout.onlyLeft", { count: product.quantityAvailable, product: product.name });

/**
 * Takes the ordered units off each listing (`takeUnits`: a conditional UPDATE whose row lock makes
 * concurrent checkouts of the last unit queue, each re-checking the quantity once the one before it
 * commits, so exactly one gets it). Rows are taken in id order so two multi-line checkouts cannot
 * deadlock. A refusal rolls back the whole checkout. True when a listing sold its last unit.
 */
export async function reserveUnits(manager: EntityManager, cart: PricedCart): Promise<boolean> {
  const lines = cart.groups.flatMap((group) => group.lines).sort((a, b) => a.productId.localeCompare(b.productId));
  let soldOut = false;
  for (const line of lines) {
    const left = await takeUnits(manager, line.productId, line.quantity);
    if (left === null) {
      const now = await manager.findOneBy(Product, { id: line.productId });
      throw conflict(now?.quantityAvailable ? onlyLeft(now) : said("checkout.justSold", { product: line.product!.name }));
    }
    if (left === 0) soldOut = true;
  }
  return soldOut;
}

/** A cancelled or rejected order gives its units back: the listing is for sale again. */
export async function releaseUnits(manager: EntityManager, orderId: string): Promise<void> {
  const lines: Array<{ productId: string; quantity: number }> = await manager.query(
    `SELECT "productId", quantity FROM order_lines WHERE "orderId" = $1 AND "productId" IS NOT NULL`,
    [orderId],
  );
  await giveBackUnits(manager, lines);
}
