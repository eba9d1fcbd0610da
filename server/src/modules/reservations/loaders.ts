import type { DataSource } from "typeorm";
import { batchGroups } from "../../platform/db/batch-groups";
import { plainRows, type PlainRows } from "../../platform/db/plain-rows";
import { preparedQuery } from "../../platform/db/prepared";
import type { CompanionSource } from "../products";
import { Reservation, ReservationStatus } from "./entity";

/** What the listing's and the offer's reservation fields read of a reservation in force. */
type ActiveReservation = Pick<Reservation, "id" | "offerId" | "productId" | "buyerId" | "expiresAt">;

/** Those columns, read from the entity's metadata by the first request's loaders. */
let activeRows: PlainRows<ActiveReservation> | undefined;

/** The reservations in force matching `condition` (SQL over `r`), unordered. */
const activeSql = (rows: PlainRows<ActiveReservation>, condition: string) =>
  `SELECT ${rows.columns("r")} FROM reservations r WHERE ${condition} AND r.status = '${ReservationStatus.ACTIVE}'`;

/**
 * Per-request loaders: the reservations in force on a page of listings or offers cost one query.
 * Every product page asks for its listing's, so it is a prepared statement read as plain rows
 * (no query building, no planning, no entities); the status is written into the text, not passed,
 * so the plan PostgreSQL keeps still uses the index of the active reservations.
 */
export function createReservationLoaders(dataSource: DataSource) {
  const rows = (activeRows ??= plainRows(dataSource, Reservation, ["id", "offerId", "productId", "buyerId", "expiresAt"]));
  const active = (column: "productId" | "offerId") => async (ids: string[]) => {
    // one listing's or offer's (a product page) has a text of its own, whose plan PostgreSQL keeps:
    // for an array of unknown length the kept plan guesses many ids, so it is planned anew each time
    const one = ids.length === 1;
    const found = await preparedQuery<Record<string, unknown>>(
      dataSource,
      `${activeSql(rows, `r."${column}" ${one ? "= $1" : "= ANY($1::uuid[])"}`)} ORDER BY r."expiresAt"`,
      [one ? ids[0] : ids],
    );
    return found.map((row) => rows.from(row));
  };
  return {
    /** A listing's active reservations, the first to end first. */
    activeReservationsByProduct: batchGroups(active("productId"), (r) => r.productId),
    /** An offer's active reservation (a list of at most one). */
    activeReservationByOffer: batchGroups(active("offerId"), (r) => r.offerId),
  };
}

/** The product fields that read the listing's reservations in force. */
const RESERVATION_FIELDS = ["heldReservations", "reservedUnits", "reservedUntil", "myReservationEndsAt"];

/** A product page's reservations in force, read in the listing's own statement (ProductCompanion). */
export const activeReservationsCompanion: CompanionSource = ({ fields, loaders }) => {
  const rows = activeRows;
  if (!rows || !RESERVATION_FIELDS.some((name) => fields.has(name))) return null;
  return {
    key: "reservations",
    sql: () => `SELECT json_agg(a ORDER BY a."expiresAt") FROM (${activeSql(rows, `r."productId" = p.id`)}) a`,
    values: [],
    take: (value, productId) => {
      const active = ((value ?? []) as ActiveReservation[]).map((row) => rows.revive(row));
      loaders.activeReservationsByProduct.clear(productId).prime(productId, active);
    },
  };
};
