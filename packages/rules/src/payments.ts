import { z } from "zod";
import { DISPUTE_TEXT_MAX_LENGTH, DISPUTE_TEXT_MIN_LENGTH, NOTE_MAX_LENGTH } from "./limits";
import { stripBidi } from "./text";

/** Why a buyer disputes a held payment: the fixed list the dispute form and the server share. */
export const DISPUTE_REASONS = [
  { value: "NOT_RECEIVED", label: "I did not receive the item" },
  { value: "NOT_AS_DESCRIBED", label: "The item is not as described" },
] as const;

/** What the buyer says happened, and the seller's answer. */
export const disputeTextRule = z
  .string({ message: "Say what happened." })
  .overwrite(stripBidi)
  .trim()
  .min(DISPUTE_TEXT_MIN_LENGTH, `Say what happened in at least ${DISPUTE_TEXT_MIN_LENGTH} characters.`)
  .max(DISPUTE_TEXT_MAX_LENGTH, `Use at most ${DISPUTE_TEXT_MAX_LENGTH} characters.`);

/** A JazzCash or Easypaisa wallet: a Pakistani mobile number, 03XXXXXXXXX. */
export const WALLET_NUMBER = /^03\d{9}$/;

/** ISO 13616 check: the country and check digits moved to the end, letters as 10..35, the number mod 97 is 1. */
export function ibanChecksumValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = parseInt(char, 36);
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}

/** A Pakistani IBAN: PK, 2 check digits, a 4-letter bank code and 16 digits (24 characters), with a valid checksum. */
export const PK_IBAN = /^PK\d{2}[A-Z]{4}\d{16}$/;

/**
 * Where a payout goes: a wallet number or a Pakistani IBAN, as people type them (spaces and dashes
 * are dropped, letters upper-cased).
 */
export const payoutDestinationRule = z
  .string({ message: "Enter a wallet number or an IBAN." })
  .transform((value) => value.replace(/[\s-]/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .min(1, "Enter a wallet number or an IBAN.")
      .superRefine((value, ctx) => {
        if (WALLET_NUMBER.test(value) || (PK_IBAN.test(value) && ibanChecksumValid(value))) return;
        ctx.addIssue({
          code: "custom",
          message: value.startsWith("PK")
            ? "This IBAN is not valid: a Pakistani IBAN is PK and 22 more characters, e.g. PK36SCBL0000001123456702."
            : "Enter a mobile wallet number (03XXXXXXXXX) or a Pakistani IBAN (PK...).",
        });
      }),
  );

export const payoutMethodOf = (destination: string): "WALLET" | "IBAN" => (WALLET_NUMBER.test(destination) ? "WALLET" : "IBAN");

/** The reference of the transfer an admin made for a payout. */
export const payoutReferenceRule = z
  .string({ message: "Enter the transfer's reference." })
  .trim()
  .min(3, "Enter the transfer's reference.")
  .max(100, "Use at most 100 characters.")
  .regex(/^[\w\-./ ]+$/, "Letters, digits, spaces and - . / _ only.");

/** Why an admin refuses a payout (the seller reads it). */
export const payoutRefusalRule = z
  .string({ message: "Say why." })
  .trim()
  .min(3, "Say why the payout is refused.")
  .max(NOTE_MAX_LENGTH, `Use at most ${NOTE_MAX_LENGTH} characters.`);
