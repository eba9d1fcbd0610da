import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentMethod } from "../orders/entity";

/** One payment to start at a provider: a checkout's total under this attempt's reference. */
export type PaymentRequest = {
  /** The attempt's reference (20 letters and digits): the provider echoes it in its callback. */
  reference: string;
  amountPaisa: number;
  /** Absolute URL the provider sends the buyer's browser back to, with the signed callback. */
  returnUrl: string;
  description: string;
  now: Date;
};

/** Where the buyer's browser goes to pay: the provider's hosted checkout and the signed fields it is sent. */
export type PaymentRedirect = { action: string; method: "get" | "post"; fields: Record<string, string> };

/** A callback whose signature was verified, in the provider-neutral shape the checks read. */
export type ProviderCallback = {
  reference: string;
  /** null when the amount is not a whole number of paisa. */
  amountPaisa: number | null;
  currency: string;
  paid: boolean;
  /** The provider's own id of the transaction (its retrieval or transaction reference). */
  providerTransactionId: string | null;
  /** The provider's words on the outcome, shown to the buyer when the payment failed. */
  message: string;
};

export type CallbackFields = Record<string, unknown>;

/**
 * A payment provider: it starts a payment (the redirect to its hosted checkout, with its signed
 * request) and verifies what comes back. The card sandbox processes in this server, so only the
 * wallets' hosted checkouts have a callback to verify (`readCallback`).
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  start(payment: PaymentRequest): PaymentRedirect;
  /** The callback's content when its signature is the merchant's own; null when it is not. */
  readCallback?(fields: CallbackFields): ProviderCallback | null;
}

/** Form fields as strings: anything else (arrays, objects, absent) reads as "". */
export const fieldText = (fields: CallbackFields, name: string): string => {
  const value = fields[name];
  return typeof value === "string" ? value : "";
};

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
