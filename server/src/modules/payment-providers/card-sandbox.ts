import type { FieldErrors } from "../../platform/shared/errors";
import type { Inquiry, PaymentProvider, PaymentRequest, RefundRequest } from "./provider";
import type { SimulatorBank } from "./simulator-bank";

/** A checkout's payment page (Checkout.paymentUrl): the card sandbox's form, or the wallet hand-off. */
export const paymentPath = (checkoutId: string): string => `/pay/${checkoutId}`;

export type CardForm = { cardNumber?: unknown; expiry?: unknown; cvc?: unknown };

export type CardCheck = { outcome: "approved" } | { outcome: "invalid"; fields: FieldErrors } | { outcome: "declined"; message: string };

export const CARD_DECLINED = "Your card was declined. Please use a different card.";
export const NOT_A_TEST_CARD = "This is a sandbox: no real card can be charged. Use the test card 4242 4242 4242 4242.";

/** Test cards, as in common payment sandboxes. */
const TEST_CARDS: Record<string, "approved" | "declined"> = {
  "4242424242424242": "approved",
  "5555555555554444": "approved",
  "4000000000000002": "declined",
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Valid through the last day of its month; "12/28", "12 / 28" and "1228" (a phone's number pad has no "/") are all December 2028. */
function expiryError(expiry: string, now: Date): string | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return "Enter the expiry date as MM/YY.";
  const year = 2000 + Number(match[2]);
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? "This card has expired." : null;
}

/** The sandbox card check at `now` (the clock's time: a card is valid through the last day of its expiry month). */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const digits = text(form.cardNumber).replace(/[\s-]/g, "");
  const fields: FieldErrors = {};
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) fields.cardNumber = "Enter a valid card number.";
  const expiry = expiryError(text(form.expiry), now);
  if (expiry) fields.expiry = expiry;
  if (!/^\d{3,4}$/.test(text(form.cvc))) fields.cvc = "Enter the 3 or 4 digit security code (CVC).";
  if (Object.keys(fields).length) return { outcome: "invalid", fields };
  const verdict = TEST_CARDS[digits];
  if (verdict === "approved") return { outcome: "approved" };
  return { outcome: "declined", message: verdict === "declined" ? CARD_DECLINED : NOT_A_TEST_CARD };
}

/**
 * The card sandbox: a card processor inside this server. Its hosted page is the checkout's payment
 * page; it checks the card the way a real processor would (Luhn, expiry, CVC) and answers from a
 * list of test cards, charging nothing and keeping no card data. Its books are the simulators'
 * (`SimulatorBank`), so its payments are inquired and refunded like a wallet's.
 */
export class CardSandbox implements PaymentProvider {
  readonly name = "card";
  readonly sandbox = true;

  constructor(private readonly bank: SimulatorBank) {}

  start(payment: PaymentRequest) {
    return { action: paymentPath(payment.checkoutId), method: "get" as const, fields: {} };
  }

  /** The card has no callback: its page posts the card here. */
  callbackReference(): string | null {
    return null;
  }

  /** The card page's submit: the card checked, and an approved or declined charge kept in the sandbox's books. */
  async charge(reference: string, amountPaisa: number, card: CardForm, now: Date): Promise<CardCheck> {
    const result = checkCard(card, now);
    if (result.outcome !== "invalid")
      await this.bank.record(
        "card",
        reference,
        amountPaisa,
        result.outcome === "approved",
        result.outcome === "declined" ? result.message : "",
      );
    return result;
  }

  async inquire(reference: string): Promise<Inquiry> {
    const found = await this.bank.find("card", reference);
    if (!found) return { status: "pending", reference, amountPaisa: null, transactionId: null, message: "" };
    return {
      status: found.status,
      reference: found.reference,
      amountPaisa: found.amountPaisa,
      transactionId: found.transactionId,
      message: found.status === "paid" ? "" : found.message || CARD_DECLINED,
    };
  }

  refund(request: RefundRequest): Promise<string> {
    return this.bank.refund("card", request.reference, request.amountPaisa, request.key);
  }
}
