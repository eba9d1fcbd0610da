import { createHmac, timingSafeEqual } from "node:crypto";
import { TRANSACTION_TIMEOUT_MS } from "../../platform/db/data-source";

/** The providers that take money online; the same names as the checkout's online payment methods. */
export type ProviderName = "card" | "jazzcash" | "easypaisa";

/** One payment to start at a provider: a checkout's total under this attempt's reference. */
export type PaymentRequest = {
  /** The attempt's reference (20 letters and digits): the provider echoes it. */
  reference: string;
  checkoutId: string;
  amountPaisa: number;
  /** Absolute URL (from PUBLIC_URL) or, for a simulator on this server, a path: never text from a request. */
  returnUrl: string;
  description: string;
  now: Date;
};

/** Where the buyer's browser goes to pay: the provider's hosted checkout and the signed fields it is sent. */
export type PaymentRedirect = { action: string; method: "get" | "post"; fields: Record<string, string> };

/** What the provider's own server says of a payment when asked: the only answer a capture believes. */
export type Inquiry = {
  status: "paid" | "failed" | "pending";
  /** The reference the provider answered for (it must be the one asked). */
  reference: string | null;
  /** What the provider took, in paisa; null when it did not say. */
  amountPaisa: number | null;
  /** The provider's own id of the transaction. */
  transactionId: string | null;
  /** The provider's words, shown to the buyer when the payment failed. */
  message: string;
};

/** A refund asked of the provider that took the money: part or all of one payment, keyed so a retry refunds once. */
export type RefundRequest = { reference: string; transactionId: string | null; amountPaisa: number; key: string };

/**
 * The provider answered a refund with a refusal (its own answer, read and, where it signs, verified):
 * no money moved, so the refund may be asked again. Any other error of `refund` (no answer in time,
 * a dropped connection, an HTTP error, an answer that cannot be read or is not signed) leaves the
 * refund in doubt: the provider may have made it.
 */
export class RefundRefused extends Error {
  override readonly name = "RefundRefused";
}

/**
 * How long a refund waits for the provider's answer: the `payments.refund` job asks inside its
 * transaction, which PostgreSQL 17+ ends at TRANSACTION_TIMEOUT_MS, and must still commit what the
 * provider said (or that it said nothing in time).
 */
export const REFUND_TIME_LIMIT_MS = TRANSACTION_TIMEOUT_MS - 2_000;

export type CallbackFields = Record<string, unknown>;

/**
 * A payment provider (the card sandbox, JazzCash, Easypaisa, or a wallet's simulator). A callback
 * is only a hint that names a reference: a payment counts as taken when `inquire`, asked server to
 * server, says it is paid for exactly the attempt's amount. Money goes back through `refund`.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Pretend money (a simulator or the card sandbox): marked as test money everywhere. */
  readonly sandbox: boolean;
  /** The hand-off to the provider's hosted checkout. */
  start(payment: PaymentRequest): PaymentRedirect;
  /** The reference a callback names when it carries only the provider's documented fields, valid, and signed by the merchant's key; else null. */
  callbackReference(fields: CallbackFields): string | null;
  /** The provider's status inquiry for one reference. */
  inquire(reference: string): Promise<Inquiry>;
  /**
   * Refunds through the provider within REFUND_TIME_LIMIT_MS; answers the provider's refund id.
   * Throws `RefundRefused` when the provider answered no; any other error means it may have made it.
   */
  refund(request: RefundRequest): Promise<string>;
}

/**
 * How a provider's API is called: a JSON POST answered with JSON, within `timeoutMs` (else the API's
 * own limit). Live accounts call the provider over HTTPS; a simulator's calls go straight to its
 * handlers on this server, with the same bodies.
 */
export type ProviderApi = (
  url: string,
  body: Record<string, string>,
  headers?: Record<string, string>,
  timeoutMs?: number,
) => Promise<Record<string, unknown>>;

/** A provider's API over HTTPS, with a time limit (15 s unless the call gives one): a provider that does not answer is an error. */
export const httpsApi: ProviderApi = async (url, body, headers = {}, timeoutMs = 15_000) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status}`);
  const answer: unknown = await response.json();
  if (!answer || typeof answer !== "object") throw new Error(`${new URL(url).host} answered no JSON object`);
  return answer as Record<string, unknown>;
};

/** Form or JSON fields as strings: anything else (arrays, objects, absent) reads as "". */
export const fieldText = (fields: CallbackFields, name: string): string => {
  const value = fields[name];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
};

/**
 * The fields of a provider's message when every name is one the provider documents and every value
 * fits its rule (absent or empty is allowed); null otherwise. What a signature covers is then
 * exactly what was checked: no separator or extra field can be slipped into it.
 */
export function documentedFields(form: CallbackFields, rules: Record<string, RegExp>): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const name of Object.keys(form)) {
    const rule = rules[name];
    const value = form[name];
    if (!rule || typeof value !== "string" || (value !== "" && !rule.test(value))) return null;
    fields[name] = value;
  }
  return fields;
}

/** Whole paisa from the digits a provider sends (at most 15 of them), else null. */
export function paisaFromDigits(text: string): number | null {
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** Equal signatures, compared in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A secret for a simulator, derived from the server's own secret: not guessable, stable across restarts. */
export const simulatorSecret = (serverSecret: string, name: string, length: number): string =>
  createHmac("sha256", serverSecret).update(`payment-simulator:${name}`).digest("hex").slice(0, length);

/** How long a started payment stays open at the provider (its expiry in the signed request). */
export const paymentExpiry = (now: Date) => new Date(now.getTime() + 24 * 3_600_000);

/** Pakistan's wall-clock time as yyyyMMddHHmmss (both wallets read their dates in PKT, UTC+5, no DST). */
export function pakistanTimestamp(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

/** Our attempts' references: "UB" and 18 letters and digits. */
export const REFERENCE = /^UB[A-Z2-9]{18}$/;
