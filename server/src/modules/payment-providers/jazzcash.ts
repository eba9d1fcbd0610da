import { createHmac } from "node:crypto";
import {
  documentedFields,
  fieldText,
  pakistanTimestamp,
  paymentExpiry,
  paisaFromDigits,
  REFERENCE,
  sameSignature,
  type CallbackFields,
  type Inquiry,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderApi,
  type RefundRequest,
  RefundRefused,
  REFUND_TIME_LIMIT_MS,
} from "./provider";

/** A JazzCash merchant account: the hosted checkout, the status inquiry and the mobile-wallet refund. */
export type JazzCashAccount = {
  merchantId: string;
  password: string;
  integritySalt: string;
  /** Signs refunds. */
  merchantMpin: string;
  checkoutUrl: string;
  inquiryUrl: string;
  refundUrl: string;
};

/** JazzCash's answer for a successful request (a payment on the return and IPN, an inquiry or refund that worked). */
export const JAZZCASH_OK = "000";
/** The inquiry's payment code of a completed payment. */
export const JAZZCASH_COMPLETED = "121";
/** The inquiry's payment code of a payment still waiting for the customer. */
export const JAZZCASH_PENDING = "157";

/**
 * `pp_SecureHash`, as JazzCash defines it: the values of the non-empty fields whose names start with
 * `pp` (the hash itself excepted), sorted by field name, joined with `&` behind the integrity salt,
 * then HMAC-SHA256 keyed with the salt, in upper-case hex. The same rule signs the merchant's
 * requests and JazzCash's answers.
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

const TEXT = /^[\w .,:'()/-]{1,300}$/;
const DIGITS = (max: number) => new RegExp(`^\\d{1,${max}}$`);

/**
 * The fields JazzCash sends to the return URL and the IPN, each with the values it may hold. No
 * value can carry `&` (the hash's separator), so values cannot be re-cut into other fields.
 */
const CALLBACK_RULES: Record<string, RegExp> = {
  pp_Amount: DIGITS(15),
  pp_AuthCode: /^[A-Za-z0-9]{1,20}$/,
  pp_BankID: /^[A-Za-z0-9]{1,20}$/,
  pp_BillReference: REFERENCE,
  pp_Language: /^(EN|UR)$/,
  pp_MerchantID: /^[A-Za-z0-9]{1,20}$/,
  pp_ResponseCode: /^\d{3}$/,
  pp_ResponseMessage: TEXT,
  pp_RetreivalReferenceNo: /^[A-Za-z0-9]{1,30}$/,
  pp_SubMerchantId: /^[A-Za-z0-9]{1,20}$/,
  pp_TxnCurrency: /^PKR$/,
  pp_TxnDateTime: /^\d{14}$/,
  pp_TxnRefNo: REFERENCE,
  pp_TxnType: /^MWALLET$/,
  pp_Version: /^1\.1$/,
  pp_SettlementExpiry: /^\d{14}$/,
  ppmpf_1: /^[\w-]{1,50}$/,
  ppmpf_2: /^[\w-]{1,50}$/,
  ppmpf_3: /^[\w-]{1,50}$/,
  ppmpf_4: /^[\w-]{1,50}$/,
  ppmpf_5: /^[\w-]{1,50}$/,
  pp_SecureHash: /^[0-9A-Fa-f]{64}$/,
};

/** JazzCash mobile-account payments (`pp_TxnType` MWALLET) on its hosted checkout, settled by its status inquiry. */
export class JazzCashProvider implements PaymentProvider {
  readonly name = "jazzcash";

  constructor(
    private readonly account: JazzCashAccount,
    private readonly api: ProviderApi,
    readonly sandbox: boolean,
  ) {}

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

  callbackReference(form: CallbackFields): string | null {
    const fields = documentedFields(form, CALLBACK_RULES);
    if (!fields?.pp_SecureHash || !fields.pp_TxnRefNo) return null;
    if (!sameSignature(jazzcashSecureHash(fields, this.account.integritySalt), fields.pp_SecureHash.toUpperCase())) return null;
    return fields.pp_MerchantID === this.account.merchantId ? fields.pp_TxnRefNo : null;
  }

  /** JazzCash's status inquiry (PaymentInquiry/Inquire): its answer must carry our merchant's hash. */
  async inquire(reference: string): Promise<Inquiry> {
    const request = this.signed({ pp_TxnRefNo: reference, pp_MerchantID: this.account.merchantId, pp_Password: this.account.password });
    const answer = this.verified(await this.api(this.account.inquiryUrl, request));
    const text = (name: string) => fieldText(answer, name);
    const base = {
      reference: text("pp_TxnRefNo") || null,
      amountPaisa: paisaFromDigits(text("pp_Amount")),
      transactionId: text("pp_RetreivalReferenceNo").slice(0, 64) || null,
      message: (text("pp_PaymentResponseMessage") || text("pp_ResponseMessage")).slice(0, 300),
    };
    if (text("pp_ResponseCode") !== JAZZCASH_OK) throw new Error(`JazzCash's inquiry failed: ${text("pp_ResponseCode")} ${base.message}`);
    const code = text("pp_PaymentResponseCode");
    if (code === JAZZCASH_COMPLETED && text("pp_Status") === "Completed") return { ...base, status: "paid" };
    if (code === JAZZCASH_PENDING || text("pp_Status") === "Pending") return { ...base, status: "pending" };
    return { ...base, status: "failed" };
  }

  /** JazzCash's mobile-wallet refund (domwalletrefundtransaction), signed with the merchant MPIN. */
  async refund(request: RefundRequest): Promise<string> {
    const body = this.signed({
      pp_TxnRefNo: request.reference,
      pp_Amount: String(request.amountPaisa),
      pp_TxnCurrency: "PKR",
      pp_MerchantID: this.account.merchantId,
      pp_Password: this.account.password,
      pp_MerchantMPIN: this.account.merchantMpin,
    });
    // an unsigned answer is not JazzCash's word: the refund is then in doubt, not refused
    const answer = this.verified(await this.api(this.account.refundUrl, body, {}, REFUND_TIME_LIMIT_MS));
    if (fieldText(answer, "pp_ResponseCode") !== JAZZCASH_OK)
      throw new RefundRefused(
        `JazzCash refused the refund: ${fieldText(answer, "pp_ResponseCode")} ${fieldText(answer, "pp_ResponseMessage")}`,
      );
    return (fieldText(answer, "pp_RetreivalReferenceNo") || `${request.reference}-refund`).slice(0, 64);
  }

  /** What the IPN endpoint answers JazzCash: received, signed. */
  ipnReceipt(): Record<string, string> {
    return this.signed({ pp_ResponseCode: JAZZCASH_OK, pp_ResponseMessage: "IPN received", pp_MerchantID: this.account.merchantId });
  }

  private signed(fields: Record<string, string>): Record<string, string> {
    return { ...fields, pp_SecureHash: jazzcashSecureHash(fields, this.account.integritySalt) };
  }

  /** An API answer whose hash is the merchant's own; anything else is an error (retried later, never believed). */
  private verified(answer: Record<string, unknown>): Record<string, unknown> {
    const fields = Object.fromEntries(Object.keys(answer).map((name) => [name, fieldText(answer, name)]));
    const given = (fields.pp_SecureHash ?? "").toUpperCase();
    if (!given || !sameSignature(jazzcashSecureHash(fields, this.account.integritySalt), given))
      throw new Error("JazzCash's answer is not signed with the merchant's integrity salt");
    return answer;
  }
}
