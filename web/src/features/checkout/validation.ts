import { requiredContactNumberRule, shippingRules } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { z } from "zod";
import { inReadersWords, type RuleProblem } from "../../lib/ruleProblems";

type ShippingField = keyof typeof shippingRules.shape | "contactNumber";

/** A shipping field's problem in the reader's words: required, too long, or not a phone number. */
function shippingProblem(t: TFunction<"checkout">, field: ShippingField) {
  return (problem: RuleProblem) => {
    if (problem.code === "too_big") return t("shipping.tooLong", { count: Number(problem.maximum) });
    if (problem.code === "invalid_format") return t("shipping.invalidContactNumber");
    return t(`shipping.required.${field}`);
  };
}

/**
 * The cart panel's shipping form, checked with the server's own rules (@unibazaar/rules): every
 * shipping field is required, the contact number too ('Contact number is required.') and must look
 * like a phone number. The server checks the same again.
 */
export const shippingFormSchemaFor = (t: TFunction<"checkout">) =>
  z.object({
    address: inReadersWords(shippingRules.shape.address, shippingProblem(t, "address")),
    city: inReadersWords(shippingRules.shape.city, shippingProblem(t, "city")),
    postalCode: inReadersWords(shippingRules.shape.postalCode, shippingProblem(t, "postalCode")),
    country: inReadersWords(shippingRules.shape.country, shippingProblem(t, "country")),
    contactNumber: inReadersWords(requiredContactNumberRule, shippingProblem(t, "contactNumber")),
  });

export type ShippingForm = z.input<ReturnType<typeof shippingFormSchemaFor>>;

/** A campus meetup needs no address: only the contact number is checked. */
export const meetupFormSchemaFor = (t: TFunction<"checkout">) =>
  shippingFormSchemaFor(t).extend({
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  });

export const SHIPPING_FIELDS = ["address", "city", "postalCode", "country", "contactNumber"] as const satisfies ReadonlyArray<
  keyof ShippingForm
>;

/** A fresh idempotency key for one checkout attempt (crypto.randomUUID where the browser has it). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
