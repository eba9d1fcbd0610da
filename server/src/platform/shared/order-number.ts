/** An order's short number as people quote it: UB-000123. */
export const formatOrderNumber = (n: number): string => `UB-${String(n).padStart(6, "0")}`;
