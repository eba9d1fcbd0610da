import type { EntityManager } from "typeorm";
import { Product } from "./entity";

/** A listing's units on sale, as orders take and give them back, in the order's transaction. */

/**
 * Takes `quantity` units off the listing with a conditional UPDATE: the row lock it takes makes a
 * concurrent checkout of the last unit wait, then re-check the quantity once this one commits, so
 * exactly one gets it. Answers the units left, or null when fewer than `quantity` (or none: a
 * deleted listing) were on sale, and nothing changed.
 */
export async function takeUnits(manager: EntityManager, productId: string, quantity: number): Promise<number | null> {
  const { affected, raw } = await manager
    .createQueryBuilder()
    .update(Product)
    .set({
      quantityAvailable: () => `"quantityAvailable" - :quantity`,
      soldOutAt: () => `CASE WHEN "quantityAvailable" = :quantity THEN now() ELSE "soldOutAt" END`,
    })
    .where(`id = :id AND "quantityAvailable" >= :quantity AND "deletedAt" IS NULL`, { id: productId, quantity })
    .returning(`"quantityAvailable"`)
    .execute();
  return affected ? ((raw as Array<{ quantityAvailable: number }>)[0]?.quantityAvailable ?? null) : null;
}

/** Units come back (a cancelled or rejected order's lines): each listing is for sale again. */
export async function giveBackUnits(manager: EntityManager, lines: Array<{ productId: string; quantity: number }>): Promise<void> {
  if (!lines.length) return;
  await manager.query(
    `UPDATE "products" p SET "quantityAvailable" = p."quantityAvailable" + l."quantity", "soldOutAt" = NULL
       FROM unnest($1::uuid[], $2::int[]) AS l("productId", "quantity") WHERE l."productId" = p."id"`,
    [lines.map((l) => l.productId), lines.map((l) => l.quantity)],
  );
}
