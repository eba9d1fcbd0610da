import { Initial1763700000000 } from "./1763700000000-initial";
import { OrderPayments1763800000000 } from "./1763800000000-order-payments";
import { CatalogueScale1763950000000 } from "./1763950000000-catalogue-scale";
import { MoneyBigint1764100000000 } from "./1764100000000-money-bigint";

/** Applied in order by `runMigrations`; add new ones at the end. */
export const migrations = [Initial1763700000000, OrderPayments1763800000000, CatalogueScale1763950000000, MoneyBigint1764100000000];
