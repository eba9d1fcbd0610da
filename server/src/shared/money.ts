/** Money is stored and computed in integer paisa (1 PKR = 100 paisa): no float drift. */
export const toPaisa = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paisa: number): number => paisa / 100;

/** Rounds a paisa amount times a rate half-up to whole paisa. */
export const percentOf = (paisa: number, rate: number): number => Math.round(paisa * rate);

/** True when a rupee amount has at most two decimals (so it converts to whole paisa exactly). */
export const hasAtMostTwoDecimals = (rupees: number): boolean => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
