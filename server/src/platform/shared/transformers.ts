import type { ValueTransformer } from "typeorm";

/** pg returns `numeric` as a string; averages are small, so a JS number is exact enough. */
export const numericTransformer: ValueTransformer = {
  to: (value?: number | null) => value,
  from: (value?: string | null) => (value == null ? value : Number(value)),
};
