import { z } from "zod";
import { CODE_DIGITS, isCodeShaped, NOTE_MAX_LENGTH, OFFER_MAX_HOURS, OFFER_MIN_HOURS } from "./limits";

// The field rules built on the limits (kept apart from them: the limits alone carry no zod, so the
// web's first load can read them without the validation library).

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
