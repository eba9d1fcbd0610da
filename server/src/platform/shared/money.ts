/** Money is stored and computed in integer paisa (1 PKR = 100 paisa): no float drift. */
export const toPaisa = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paisa: number): number => paisa / 100;

/** Half-up percentage of a paisa amount. Exact: an integer product and one division (no 0.29-style float drift). */
export const percentOf = (paisa: number, percent: number): number => Math.round((paisa * percent) / 100);

/** True when a rupee amount has at most two decimals (so it converts to whole paisa exactly). */
export const hasAtMostTwoDecimals = (rupees: number): boolean => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
