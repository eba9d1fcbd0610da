import { z } from "zod";
import { CODE_DIGITS, isCodeShaped, NOTE_MAX_LENGTH } from "./limits";

// How a deal finishes: the buyer's handover code and the reservation an accepted offer makes.

/** The buyer's code: 6 digits; the seller has this many wrong tries per order before the code path locks. */
export const HANDOVER_CODE_TRIES = 5;
export const handoverCodeRule = z
  .string({ error: `Enter the buyer's ${CODE_DIGITS}-digit code.` })
  .trim()
  .refine(isCodeShaped, `Enter the buyer's ${CODE_DIGITS}-digit code.`);

/** Without the code, the buyer has this long to confirm or object before the handover is confirmed for them. */
export const HANDOVER_CONFIRM_HOURS = 48;

export const HANDOVER_OBJECTION_MAX = NOTE_MAX_LENGTH;
export const handoverObjectionRule = z
  .string({ error: "Say what went wrong." })
  .trim()
  .min(5, "Say what went wrong (at least 5 characters).")
  .max(HANDOVER_OBJECTION_MAX, `At most ${HANDOVER_OBJECTION_MAX} characters.`);

/** How long an accepted offer holds its unit for the buyer, chosen by the seller when accepting. */
export const RESERVATION_MIN_HOURS = 2;
export const RESERVATION_MAX_HOURS = 72;
export const RESERVATION_DEFAULT_HOURS = 24;
const HOURS_MESSAGE = `Reserve it for ${RESERVATION_MIN_HOURS} to ${RESERVATION_MAX_HOURS} hours.`;
export const reservationHoursRule = z
  .number({ error: HOURS_MESSAGE })
  .int(HOURS_MESSAGE)
  .min(RESERVATION_MIN_HOURS, HOURS_MESSAGE)
  .max(RESERVATION_MAX_HOURS, HOURS_MESSAGE);

/** Reservations one buyer may hold at once. */
export const MAX_RESERVATIONS_PER_BUYER = 3;
