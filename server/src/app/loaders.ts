import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { createEscrowLoaders } from "../modules/escrow";
import { createOrderLoaders } from "../modules/orders";
import { createReservationLoaders } from "../modules/reservations";
import { Product } from "../modules/products";
import { createOrderReviewLoaders, createReviewPageLoader } from "../modules/reviews";
import { createDealLoaders } from "../modules/reliability";
import { User } from "../modules/users";

/** Batches many `load(id)` calls of one request into one query, keeping the order of the ids. */
export function batchById<T extends { id: string }>(fetch: (ids: readonly string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await fetch(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/**
 * Per-request loaders, so resolving a relation on every item of a list costs one query, not one
 * per item (no N+1). Created fresh for each request: nothing is cached across callers.
 */
export function createLoaders(dataSource: DataSource) {
  return {
    userById: batchById((ids) => dataSource.getRepository(User).findBy({ id: In([...ids]) })),
    /** Listed products only: a deleted product loads as null. */
    productById: batchById((ids) => dataSource.getRepository(Product).findBy({ id: In([...ids]) })),
    /** `reviewPage(page, pageSize).load(productId)`: that page of the product's reviews. */
    reviewPage: createReviewPageLoader(dataSource),
    ...createOrderLoaders(dataSource),
    ...createEscrowLoaders(dataSource),
    ...createDealLoaders(dataSource),
    ...createOrderReviewLoaders(dataSource),
    ...createReservationLoaders(dataSource),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

declare module "../platform/request" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: platform code sees the app's loaders
  interface RequestLoaders extends Loaders {}
}
