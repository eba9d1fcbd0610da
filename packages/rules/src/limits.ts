// Limits the server enforces and the web's boxes, steppers and pickers show, written once.

/** A chat message's text. */
export const MESSAGE_MAX_LENGTH = 2000;

/** A short free text: a report's details or reason, a moderator's note, a contest or an objection. */
export const NOTE_MAX_LENGTH = 500;

/** A dispute's account of what happened (and the seller's answer to it), and the photos the buyer adds. */
export const DISPUTE_TEXT_MIN_LENGTH = 10;
export const DISPUTE_TEXT_MAX_LENGTH = 2000;
export const MAX_DISPUTE_PHOTOS = 4;

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
