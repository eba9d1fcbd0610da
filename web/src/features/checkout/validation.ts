/** The shipping form of the cart panel. */
export type ShippingForm = { address: string; city: string; postalCode: string; country: string; contactNumber: string };

export type CheckoutProblems = {
  /** A problem with the order as a whole (spec: 'No products found.'). */
  form?: string;
  fields: Partial<Record<keyof ShippingForm, string>>;
};

const LABELS: Record<keyof ShippingForm, string> = {
  address: "Address",
  city: "City",
  postalCode: "Postal code",
  country: "Country",
  contactNumber: "Contact number",
};

/**
 * Client checks before placeOrder, with the spec's words: an empty cart is 'No products found.',
 * a missing contact number 'Contact number is required.'; the other shipping fields are required too.
 * Returns null when the order may be sent. (The server checks the same again.)
 */
export function validateCheckout(lineCount: number, form: ShippingForm): CheckoutProblems | null {
  if (lineCount === 0) return { form: "No products found.", fields: {} };
  const fields: CheckoutProblems["fields"] = {};
  for (const key of Object.keys(LABELS) as Array<keyof ShippingForm>) {
    if (!form[key].trim()) fields[key] = `${LABELS[key]} is required.`;
  }
  if (!fields.contactNumber && !/^\+?[\d\s-]{7,20}$/.test(form.contactNumber.trim())) {
    fields.contactNumber = "Enter a phone number, e.g. 03001234567.";
  }
  if (Object.keys(fields).length === 0) return null;
  // the contact number is the one the spec names: its message leads
  return { form: fields.contactNumber === "Contact number is required." ? "Contact number is required." : undefined, fields };
}

/** Maps server field paths ("shipping.city", "contactNumber") to the form's fields. */
export function serverFieldProblems(fields: Record<string, string>): CheckoutProblems["fields"] {
  const result: CheckoutProblems["fields"] = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.split(".").pop() as keyof ShippingForm;
    if (key in LABELS) result[key] = message;
  }
  return result;
}

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
