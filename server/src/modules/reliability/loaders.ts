import DataLoader from "dataloader";
import { In, type DataSource } from "typeorm";
import { NoShowReport } from "./entity";
import { reliabilityRecords, type ReliabilityView } from "./service";

/** Per-request loaders of the deal records: one query per kind for a whole page of users or orders. */
export function createDealLoaders(dataSource: DataSource) {
  return {
    reliabilityByUser: new DataLoader<string, ReliabilityView>((ids) => reliabilityRecords(dataSource, ids)),
    noShowByOrder: new DataLoader<string, NoShowReport | null>(async (ids) => {
      const rows = await dataSource.getRepository(NoShowReport).findBy({ orderId: In([...ids]) });
      return ids.map((id) => rows.find((r) => r.orderId === id) ?? null);
    }),
  };
}
