import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { disputesOfOrders, type DisputeView } from "./disputes";
import type { OrderMoney } from "../orders";
import { HeldPayment } from "./entity";
import { orderMoneyOf } from "./transitions";

/** Per-request loaders: an order's held payment, its money and its dispute, one query for a whole page of orders. */
export function createEscrowLoaders(dataSource: DataSource) {
  const heldPaymentByOrder = new DataLoader<string, HeldPayment | null>(async (ids) => {
    const rows = await dataSource.getRepository(HeldPayment).findBy({ orderId: In([...ids]) });
    const byOrder = new Map(rows.map((row) => [row.orderId, row]));
    return ids.map((id) => byOrder.get(id) ?? null);
  });
  return {
    heldPaymentByOrder,
    /** What an order's money allows its lifecycle (the same rows as heldPaymentByOrder, one query for both). */
    orderMoneyByOrder: new DataLoader<string, OrderMoney>(async (ids) =>
      (await heldPaymentByOrder.loadMany(ids)).map((payment) => (payment instanceof Error ? payment : orderMoneyOf(payment))),
    ),
    disputeByOrder: new DataLoader<string, DisputeView | null>(async (ids) => {
      const byOrder = new Map((await disputesOfOrders(dataSource, ids)).map((row) => [row.orderId, row]));
      return ids.map((id) => byOrder.get(id) ?? null);
    }),
  };
}
