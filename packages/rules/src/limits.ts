import { z } from "zod";

// Limits the server enforces and the web's boxes, steppers and pickers show, written once.

/** A chat message's text. */
export const MESSAGE_MAX_LENGTH = 2000;

/** A short free text: a report's details or reason, a moderator's note, a contest or an objection. */
export const NOTE_MAX_LENGTH = 500;

/** Units one listing offers for sale. */
export const MAX_QUANTITY_AVAILABLE = 999;

/** Units of one product in one order (the cart's stepper stops there), and products in one cart. */
export const MAX_QUANTITY_PER_LINE = 20;
export const MAX_CART_LINES = 50;

/** The one-time codes: the e-mailed code (verification, password reset) and the buyer's handover code. */
export const CODE_DIGITS = 6;
export const isCodeShaped = (code: string): boolean => new RegExp(`^\\d{${CODE_DIGITS}}$`).test(code);

/** How long an offer stays open, in hours, and the choices a phone user picks from. */
export const OFFER_MIN_HOURS = 1;
export const OFFER_MAX_HOURS = 7 * 24;
export const OFFER_DEFAULT_HOURS = 24;
export const OFFER_EXPIRY_CHOICES = [
  { hours: OFFER_MIN_HOURS, label: "1 hour" },
  { hours: 6, label: "6 hours" },
  { hours: OFFER_DEFAULT_HOURS, label: "24 hours" },
  { hours: 72, label: "3 days" },
  { hours: OFFER_MAX_HOURS, label: "7 days" },
] as const;

const EXPIRY_MESSAGE = `Choose an expiry from ${OFFER_MIN_HOURS} to ${OFFER_MAX_HOURS} hours.`;
export const offerExpiryRule = z
  .number({ error: EXPIRY_MESSAGE })
  .int(EXPIRY_MESSAGE)
  .min(OFFER_MIN_HOURS, EXPIRY_MESSAGE)
  .max(OFFER_MAX_HOURS, EXPIRY_MESSAGE);

/** A required short text: `required` when it is blank, `tooLong` past the limit. */
export const noteRule = (required: string, tooLong = `At most ${NOTE_MAX_LENGTH} characters.`) =>
  z.string({ error: required }).trim().min(1, required).max(NOTE_MAX_LENGTH, tooLong);

/** Reporting a conversation to the admins: what is wrong with it. */
export const conversationReportRule = noteRule("Say what is wrong.", `A report must be at most ${NOTE_MAX_LENGTH} characters.`);

/** Contesting a no-show report: why it is wrong. */
export const noShowContestRule = noteRule("Say why the report is wrong.");

/** The code from a one-time e-mail (verification, password reset), as typed. */
export const EMAIL_CODE_FORMAT = `Enter the ${CODE_DIGITS}-digit code from the e-mail.`;
export const emailCodeRule = z.string().trim().refine(isCodeShaped, EMAIL_CODE_FORMAT);

/** A moderator's note on an action; warning and suspending need one (the user reads it). */
export const moderationNoteRule = z.string().trim().max(NOTE_MAX_LENGTH, `The note must be at most ${NOTE_MAX_LENGTH} characters.`);
export const MODERATION_NOTE_REQUIRED: Readonly<Record<string, string>> = {
  WARN_USER: "Write the warning the user will see.",
  SUSPEND_USER: "Give the reason for the suspension.",
};
