const pkr = new Intl.NumberFormat("en-PK", { style: "currency", currency: "PKR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat("en-PK", { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat("en-PK", { dateStyle: "medium", timeStyle: "short" });

/** PKR with two decimals everywhere money is shown, e.g. "Rs 2,450.00". */
export const formatPKR = (amount: number): string => pkr.format(amount);
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
