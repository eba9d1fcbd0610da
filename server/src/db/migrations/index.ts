import { Initial1763700000000 } from "./1763700000000-initial";

/** Applied in order by `runMigrations`; add new ones at the end. */
export const migrations = [Initial1763700000000];
