import type { ValueTransformer } from "typeorm";

/**
 * pg returns `numeric` and `bigint` as strings. Averages are small, and money totals in paisa stay
 * exact as JS numbers up to 2^53 (PKR 90 trillion), far beyond what the price and quantity limits allow.
 */
export const numericTransformer: ValueTransformer = {
  to: (value?: number | null) => value,
  from: (value?: string | null) => (value == null ? value : Number(value)),
};
