import { formatPKR } from "@unibazaar/rules";

/** Money is stored and computed in integer paisa (1 PKR = 100 paisa): no float drift. */
export const toPaisa = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paisa: number): number => paisa / 100;

/** Half-up percentage of a paisa amount. Exact: an integer product and one division (no 0.29-style float drift). */
export const percentOf = (paisa: number, percent: number): number => Math.round((paisa * percent) / 100);

/** A paisa amount as people read it (Rs 2,450.00): the one money format of server-written text. */
export const rupees = (paisa: number): string => formatPKR(toRupees(paisa));
