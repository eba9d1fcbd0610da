import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { disputesOfOrders, type DisputeView } from "./disputes";
import { HeldPayment } from "./entity";

/** Per-request loaders: an order's held payment and dispute, one query for a whole page of orders. */
export function createEscrowLoaders(dataSource: DataSource) {
  return {
    heldPaymentByOrder: new DataLoader<string, HeldPayment | null>(async (ids) => {
      const rows = await dataSource.getRepository(HeldPayment).findBy({ orderId: In([...ids]) });
      const byOrder = new Map(rows.map((row) => [row.orderId, row]));
      return ids.map((id) => byOrder.get(id) ?? null);
    }),
    disputeByOrder: new DataLoader<string, DisputeView | null>(async (ids) => {
      const byOrder = new Map((await disputesOfOrders(dataSource, ids)).map((row) => [row.orderId, row]));
      return ids.map((id) => byOrder.get(id) ?? null);
    }),
  };
}
