import { z } from "zod";
import { formatPKR } from "./money";
import { NOTE_MAX_LENGTH } from "./limits";

import { stripBidi } from "./text";

export { formatPKR } from "./money";
export { stripBidi } from "./text";
export * from "./deals";
export * from "./limits";
export * from "./limit-rules";

// Field rules that the server enforces and the web forms check before sending, with one wording.
// The server stays the authority; the forms only spare a round trip.

/** Username: registration and profile edits. */
export const usernameRule = z
  .string()
  .trim()
  .min(3, "Username must be 3 to 40 characters.")
  .max(40, "Username must be 3 to 40 characters.")
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may use letters, digits, '.', '_' and '-' only.");

/** A Pakistani or international phone number as students type it: digits, spaces, dashes, an optional leading +. */
export const contactNumberRule = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{6,18}$/, "Enter a valid contact number, e.g. 03001234567.");

/** The contact number where it is required (registration, checkout). */
export const requiredContactNumberRule = z
  .string({ message: "Contact number is required." })
  .trim()
  .min(1, "Contact number is required.")
  .pipe(contactNumberRule);

export const emailRule = z.string().trim().toLowerCase().max(254, "Email is too long.").pipe(z.email("Enter a valid email address."));

export const passwordRule = z
  .string()
  .min(8, "Password must be at least 8 characters.")
  .max(128, "Password must be at most 128 characters.");

export const nameRule = z.string().overwrite(stripBidi).trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters.");

export const storeNameRule = z.string().overwrite(stripBidi).trim().max(80, "Store name must be at most 80 characters.");
export const storeDescriptionRule = z.string().overwrite(stripBidi).trim().max(1000, "Store description must be at most 1000 characters.");

const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `Use at most ${max} characters.`);

/** The shipping block of an order. */
export const shippingRules = z.object({
  address: requiredText("Address is required.", 200),
  city: requiredText("City is required.", 80),
  postalCode: requiredText("Postal code is required.", 20),
  country: requiredText("Country is required.", 60),
});

export const MAX_PRICE_PKR = 10_000_000;

/** True when a rupee amount has at most two decimals (so it converts to whole paisa exactly). */
export const hasAtMostTwoDecimals = (rupees: number): boolean => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/** A price in PKR (the API's unit; stored as paisa). */
export const priceRule = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .positive(`${label} must be more than 0.`)
    // a positive float below one paisa (e.g. 5e-324) would be stored as 0
    .min(0.01, `${label} must be at least ${formatPKR(0.01)}.`)
    .max(MAX_PRICE_PKR, `${label} must be at most ${formatPKR(MAX_PRICE_PKR)}.`)
    .refine(hasAtMostTwoDecimals, `${label} may have at most 2 decimals.`);

/** Photos per listing: the main one and the gallery after it. */
export const MAX_PRODUCT_PHOTOS = 6;

export type SellerFields = {
  /** registering as a seller */
  seller: boolean;
  sellerType?: string | null;
  /** a business seller (the sellerType says so) */
  business: boolean;
  storeName?: string | null;
  storeDescription?: string | null;
};

/** Registration's seller part: a seller says which kind; a business seller names and describes the store. */
export function sellerFieldIssues(v: SellerFields): Array<{ path: "sellerType" | "storeName" | "storeDescription"; message: string }> {
  if (!v.seller) return [];
  const issues: ReturnType<typeof sellerFieldIssues> = [];
  if (!v.sellerType) issues.push({ path: "sellerType", message: "Seller type is required for sellers." });
  if (v.business) {
    if (!v.storeName?.trim()) issues.push({ path: "storeName", message: "Store name is required for business sellers." });
    if (!v.storeDescription?.trim())
      issues.push({ path: "storeDescription", message: "Store description is required for business sellers." });
  }
  return issues;
}

/** Sign-in: only presence is checked (a wrong password is the server's answer, never a format hint). */
export const loginRules = z.object({
  email: z.string().trim().toLowerCase().min(1, "Email is required.").max(254, "Email must be at most 254 characters."),
  password: z.string().min(1, "Password is required."),
});

/** Why a listing or a user is reported: the fixed list both the report dialog and the server use. */
export const REPORT_REASONS = [
  { value: "SCAM", label: "Scam or fraud" },
  { value: "PROHIBITED", label: "Prohibited or dangerous item" },
  { value: "MISLEADING", label: "Misleading or wrong description" },
  { value: "OFFENSIVE", label: "Offensive or inappropriate" },
  { value: "HARASSMENT", label: "Harassment or abuse" },
  { value: "SPAM", label: "Spam or duplicate" },
  { value: "OTHER", label: "Something else" },
] as const;
export const REPORT_DETAILS_MAX = NOTE_MAX_LENGTH;

/** A report's optional details; "Something else" needs them (the reason alone says nothing). */
export const reportDetailsRule = z
  .string()
  .trim()
  .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters.`)
  .nullish()
  .transform((v) => v || null);

export {
  DISPUTE_REASONS,
  disputeTextRule,
  payoutDestinationRule,
  payoutMethodOf,
  payoutReferenceRule,
  payoutRefusalRule,
  ibanChecksumValid,
} from "./payments";
/** A review's comment: the server keeps at most this many characters, the web's box allows no more. */
export const REVIEW_COMMENT_MAX = 1000;

const reviewPart = (label: string) =>
  z
    .number({ error: `Rate ${label}.` })
    .int(`Rate ${label} in whole stars.`)
    .min(1, `Rate ${label} from 1 to 5 stars.`)
    .max(5, `Rate ${label} from 1 to 5 stars.`);

/** The three parts of a review of a completed order (their average is its stars) and its comment. */
export const dealReviewRule = z.object({
  asDescribed: reviewPart("how the item matched its description"),
  communication: reviewPart("communication"),
  punctuality: reviewPart("punctuality"),
  comment: z
    .string({ error: "Comment is required." })
    .overwrite(stripBidi)
    .trim()
    .min(1, "Comment is required.")
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters.`),
});

/** Days after an order completes during which its buyer and seller may review each other. */
export const REVIEW_WINDOW_DAYS = 14;
/** Hours the other party has to contest a no-show report. */
export const NO_SHOW_CONTEST_HOURS = 48;
