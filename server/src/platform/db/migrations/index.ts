import { Initial1763700000000 } from "./1763700000000-initial";
import { OrderPayments1763800000000 } from "./1763800000000-order-payments";
import { CatalogueScale1763950000000 } from "./1763950000000-catalogue-scale";
import { MoneyBigint1764100000000 } from "./1764100000000-money-bigint";
import { Conversations1764500000000 } from "./1764500000000-conversations";
import { ListingQuantity1764600000000 } from "./1764600000000-listing-quantity";
import { ListingConditionCampus1764600000001 } from "./1764600000001-listing-condition-campus";
import { SavedItems1764600000002 } from "./1764600000002-saved-items";

/** Applied in order by `runMigrations`; add new ones at the end. */
export const migrations = [
  Initial1763700000000,
  OrderPayments1763800000000,
  CatalogueScale1763950000000,
  MoneyBigint1764100000000,
  Conversations1764500000000,
  ListingQuantity1764600000000,
  ListingConditionCampus1764600000001,
  SavedItems1764600000002,
];
