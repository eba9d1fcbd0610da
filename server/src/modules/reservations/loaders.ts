import { In, type DataSource } from "typeorm";
import { batchGroups } from "../../platform/db/batch-groups";
import { Reservation, ReservationStatus } from "./entity";

/** Per-request loaders: the reservations in force on a page of listings or offers cost one query. */
export function createReservationLoaders(dataSource: DataSource) {
  const active = (column: "productId" | "offerId") => (ids: string[]) =>
    dataSource
      .getRepository(Reservation)
      .find({ where: { [column]: In(ids), status: ReservationStatus.ACTIVE }, order: { expiresAt: "ASC" } });
  return {
    /** A listing's active reservations, the first to end first. */
    activeReservationsByProduct: batchGroups(active("productId"), (r) => r.productId),
    /** An offer's active reservation (a list of at most one). */
    activeReservationByOffer: batchGroups(active("offerId"), (r) => r.offerId),
  };
}
