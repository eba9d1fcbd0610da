import DataLoader from "dataloader";
import { batchGroups } from "../../platform/db/batch-groups";
import { In, type DataSource } from "typeorm";
import { Order, OrderLine, OrderStatusEvent } from "./entity";
import { RETURNABLE_STATUSES } from "../../platform/shared/order-statuses";

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
    /**
     * Units of each listing in orders that may still give them back (pending or confirmed): the same
     * set the relist guard refuses on, so the page offers Relist exactly when the server takes it.
     */
    pendingOrderUnitsByProduct: new DataLoader<string, number>(async (ids) => {
      const rows: Array<{ productId: string; units: number }> = await dataSource.query(
        `SELECT l."productId", sum(l.quantity)::int AS units FROM order_lines l JOIN orders o ON o.id = l."orderId"
          WHERE l."productId" = ANY($1::uuid[]) AND o.status = ANY($2) GROUP BY l."productId"`,
        [ids, RETURNABLE_STATUSES],
      );
      return ids.map((id) => rows.find((r) => r.productId === id)?.units ?? 0);
    }),
    ordersByCheckout: batchGroups(
      (ids) => dataSource.getRepository(Order).find({ where: { checkoutSessionId: In(ids) }, order: { orderNumber: "ASC" } }),
      (order) => order.checkoutSessionId,
    ),
  };
}
