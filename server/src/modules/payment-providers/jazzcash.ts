import { createHmac } from "node:crypto";
import type { JazzCashAccount } from "../../platform/config";
import { PaymentMethod } from "../orders/entity";
import {
  fieldText,
  pakistanTimestamp,
  paymentExpiry,
  paisaFromDigits,
  sameSignature,
  type CallbackFields,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderCallback,
} from "./provider";

/** JazzCash's answer for a successful payment; any other code is a failure. */
export const JAZZCASH_PAID = "000";

/**
 * `pp_SecureHash`, as JazzCash's hosted checkout ("page redirection") defines it: the values of the
 * non-empty fields whose names start with `pp` (the hash itself excepted), sorted by field name,
 * joined with `&` behind the integrity salt, then HMAC-SHA256 keyed with the salt, in upper-case hex.
 * The same rule signs the merchant's request and JazzCash's callback.
 */
export function jazzcashSecureHash(fields: Record<string, string>, integritySalt: string): string {
  const values = Object.keys(fields)
    .filter((name) => name.startsWith("pp") && name !== "pp_SecureHash" && fields[name] !== "")
    .sort()
    .map((name) => fields[name]);
  return createHmac("sha256", integritySalt)
    .update([integritySalt, ...values].join("&"))
    .digest("hex")
    .toUpperCase();
}

/** The `pp` fields of a form, as strings (anything else is dropped). */
export function jazzcashFields(form: CallbackFields): Record<string, string> {
  return Object.fromEntries(Object.keys(form).flatMap((name) => (name.startsWith("pp") ? [[name, fieldText(form, name)]] : [])));
}

/** JazzCash mobile-account payments (`pp_TxnType` MWALLET) on its hosted checkout. */
export class JazzCashProvider implements PaymentProvider {
  readonly method = PaymentMethod.JAZZCASH;

  constructor(private readonly account: JazzCashAccount) {}

  start(payment: PaymentRequest) {
    const fields: Record<string, string> = {
      pp_Version: "1.1",
      pp_TxnType: "MWALLET",
      pp_Language: "EN",
      pp_MerchantID: this.account.merchantId,
      pp_SubMerchantID: "",
      pp_Password: this.account.password,
      pp_BankID: "",
      pp_ProductID: "",
      pp_TxnRefNo: payment.reference,
      // in paisa: JazzCash reads the last two digits as the decimals
      pp_Amount: String(payment.amountPaisa),
      pp_TxnCurrency: "PKR",
      pp_TxnDateTime: pakistanTimestamp(payment.now),
      pp_BillReference: payment.reference,
      pp_Description: payment.description,
      pp_TxnExpiryDateTime: pakistanTimestamp(paymentExpiry(payment.now)),
      pp_ReturnURL: payment.returnUrl,
      ppmpf_1: "",
      ppmpf_2: "",
      ppmpf_3: "",
      ppmpf_4: "",
      ppmpf_5: "",
    };
    fields.pp_SecureHash = jazzcashSecureHash(fields, this.account.integritySalt);
    return { action: this.account.checkoutUrl, method: "post" as const, fields };
  }

  /** Verifies `pp_SecureHash` and the merchant id; the amount, currency, reference and state are the caller's checks. */
  readCallback(form: CallbackFields): ProviderCallback | null {
    const fields = jazzcashFields(form);
    const given = (fields.pp_SecureHash ?? "").toUpperCase();
    if (!given || !sameSignature(jazzcashSecureHash(fields, this.account.integritySalt), given)) return null;
    if (fields.pp_MerchantID !== this.account.merchantId) return null;
    return {
      reference: fields.pp_TxnRefNo ?? "",
      amountPaisa: paisaFromDigits(fields.pp_Amount ?? ""),
      currency: fields.pp_TxnCurrency ?? "",
      paid: fields.pp_ResponseCode === JAZZCASH_PAID,
      providerTransactionId: fields.pp_RetreivalReferenceNo || null,
      message: (fields.pp_ResponseMessage ?? "").slice(0, 300),
    };
  }
}
