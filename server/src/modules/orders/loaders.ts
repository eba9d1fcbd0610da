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
    ordersByCheckout: batchGroups(
      (ids) => dataSource.getRepository(Order).find({ where: { checkoutSessionId: In(ids) }, order: { orderNumber: "ASC" } }),
      (order) => order.checkoutSessionId,
    ),
  };
}
