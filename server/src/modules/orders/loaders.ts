import DataLoader from "dataloader";
import { batchGroups } from "../../platform/db/batch-groups";
import { In, type DataSource } from "typeorm";
import { Order, OrderLine, OrderStatusEvent } from "./entity";

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
    /** Units of each listing in orders not finished yet (not completed, rejected or cancelled). */
    pendingOrderUnitsByProduct: new DataLoader<string, number>(async (ids) => {
      const rows: Array<{ productId: string; units: number }> = await dataSource.query(
        `SELECT l."productId", sum(l.quantity)::int AS units FROM order_lines l JOIN orders o ON o.id = l."orderId"
          WHERE l."productId" = ANY($1::uuid[]) AND o.status NOT IN ('completed', 'rejected', 'cancelled') GROUP BY l."productId"`,
        [ids],
      );
      return ids.map((id) => rows.find((r) => r.productId === id)?.units ?? 0);
    }),
    ordersByCheckout: batchGroups(
      (ids) => dataSource.getRepository(Order).find({ where: { checkoutSessionId: In(ids) }, order: { orderNumber: "ASC" } }),
      (order) => order.checkoutSessionId,
    ),
  };
}
