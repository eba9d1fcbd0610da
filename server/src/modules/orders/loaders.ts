import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { Order, OrderLine, OrderStatusEvent } from "./entity";

/** Loads the rows of many parents in one query and hands each parent its own (possibly empty) list. */
export function batchGroups<T>(fetch: (keys: string[]) => Promise<T[]>, keyOf: (row: T) => string) {
  return new DataLoader<string, T[]>(async (keys) => {
    const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
    for (const row of await fetch([...keys])) groups.get(keyOf(row))?.push(row);
    return keys.map((key) => groups.get(key)!);
  });
}

/** Per-request loaders of an order's relations: a list of 50 orders costs one query per relation. */
export function createOrderLoaders(dataSource: DataSource) {
  return {
    orderLinesByOrder: batchGroups(
      (ids) => dataSource.getRepository(OrderLine).find({ where: { orderId: In(ids) }, order: { productName: "ASC", id: "ASC" } }),
      (line) => line.orderId,
    ),
    /** The timeline, oldest step first. */
    statusEventsByOrder: batchGroups(
      (ids) => dataSource.getRepository(OrderStatusEvent).find({ where: { orderId: In(ids) }, order: { createdAt: "ASC", id: "ASC" } }),
      (event) => event.orderId,
    ),
    ordersByCheckout: batchGroups(
      (ids) => dataSource.getRepository(Order).find({ where: { checkoutSessionId: In(ids) }, order: { orderNumber: "ASC" } }),
      (order) => order.checkoutSessionId,
    ),
  };
}
