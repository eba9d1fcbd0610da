import { createCipheriv } from "node:crypto";
import type { EasypaisaAccount } from "../../platform/config";
import { PaymentMethod } from "../orders/entity";
import {
  fieldText,
  pakistanTimestamp,
  paymentExpiry,
  sameSignature,
  type CallbackFields,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderCallback,
} from "./provider";

/** Easypaisa's status for a paid transaction; any other is a failure. */
export const EASYPAISA_PAID = "0000";

/** The fields of the post-back that its hash covers. */
export const EASYPAISA_POSTBACK_FIELDS = ["amount", "desc", "orderRefNumber", "status", "storeId", "transactionRefNumber"] as const;

/**
 * Easypaisa's hashed request: the non-empty fields as `name=value`, sorted by name and joined with
 * `&`, encrypted with AES-128-ECB under the store's 16-character hash key, in base64. The post-back
 * is checked with the same rule over its own fields.
 */
export function easypaisaHash(fields: Record<string, string>, hashKey: string): string {
  const text = Object.keys(fields)
    .filter((name) => fields[name] !== "")
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join("&");
  const cipher = createCipheriv("aes-128-ecb", Buffer.from(hashKey, "utf8"), null);
  return Buffer.concat([cipher.update(text, "utf8"), cipher.final()]).toString("base64");
}

/** Rupees with two decimals, as Easypaisa writes amounts ("2592.45"). */
export const easypaisaAmount = (paisa: number) => `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, "0")}`;

/** Paisa from Easypaisa's rupee amount ("2592.45", "10.0", "10"), else null. */
export function paisaFromRupees(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
}

/** The post-back's fields the hash covers, as strings. */
export const easypaisaPostBack = (form: CallbackFields): Record<string, string> =>
  Object.fromEntries(EASYPAISA_POSTBACK_FIELDS.map((name) => [name, fieldText(form, name)]));

/** Easypaisa mobile-account payments (MA_PAYMENT_METHOD) on its hosted checkout. */
export class EasypaisaProvider implements PaymentProvider {
  readonly method = PaymentMethod.EASYPAISA;

  constructor(private readonly account: EasypaisaAccount) {}

  start(payment: PaymentRequest) {
    const expiry = pakistanTimestamp(paymentExpiry(payment.now));
    const fields: Record<string, string> = {
      storeId: this.account.storeId,
      amount: easypaisaAmount(payment.amountPaisa),
      postBackURL: payment.returnUrl,
      orderRefNum: payment.reference,
      expiryDate: `${expiry.slice(0, 8)} ${expiry.slice(8)}`,
      autoRedirect: "1",
      paymentMethod: "MA_PAYMENT_METHOD",
      emailAddr: "",
      mobileNum: "",
    };
    fields.merchantHashedReq = easypaisaHash(fields, this.account.hashKey);
    return { action: this.account.checkoutUrl, method: "post" as const, fields };
  }

  /** Verifies the post-back's hash and store; the amount, reference and state are the caller's checks. */
  readCallback(form: CallbackFields): ProviderCallback | null {
    const fields = easypaisaPostBack(form);
    const given = fieldText(form, "merchantHashedReq");
    if (!given || !sameSignature(easypaisaHash(fields, this.account.hashKey), given)) return null;
    if (fields.storeId !== this.account.storeId) return null;
    return {
      reference: fields.orderRefNumber,
      amountPaisa: paisaFromRupees(fields.amount),
      // Easypaisa settles in rupees only
      currency: "PKR",
      paid: fields.status === EASYPAISA_PAID,
      providerTransactionId: fields.transactionRefNumber || null,
      message: fields.desc.slice(0, 300),
    };
  }
}
