import { createCipheriv } from "node:crypto";
import {
  documentedFields,
  fieldText,
  pakistanTimestamp,
  paymentExpiry,
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

/**
 * An Easypaisa store: the hosted checkout (hashed with the store's key), the inquire-transaction API
 * (its API user and the store's account number) and the refund endpoint. Only the simulator has a
 * refund endpoint: Easypaisa publishes none, so a live store is refused at boot.
 */
export type EasypaisaAccount = {
  storeId: string;
  hashKey: string;
  checkoutUrl: string;
  username: string;
  password: string;
  accountNum: string;
  inquiryUrl: string;
  refundUrl: string;
};

/** Easypaisa's status for a paid transaction on the post-back; any other is a failure. */
export const EASYPAISA_PAID = "0000";
/** The API's code for a request it answered. */
export const EASYPAISA_OK = "0000";

/** The fields of the post-back that its hash covers. */
export const EASYPAISA_POSTBACK_FIELDS = ["amount", "desc", "orderRefNumber", "status", "storeId", "transactionRefNumber"] as const;

/** The post-back's documented fields and the values each may hold; `merchantHashedReq` is base64. */
const POSTBACK_RULES: Record<string, RegExp> = {
  amount: /^\d{1,13}(\.\d{1,2})?$/,
  desc: /^[\w .,:'()-]{1,100}$/,
  orderRefNumber: REFERENCE,
  status: /^\d{4}$/,
  storeId: /^\d{1,12}$/,
  transactionRefNumber: /^\d{1,20}$/,
  merchantHashedReq: /^[A-Za-z0-9+/]{1,500}={0,2}$/,
};

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

/** The API user's credentials, as Easypaisa's REST API takes them: base64 of `username:password` in a `Credentials` header. */
export const easypaisaCredentials = (account: Pick<EasypaisaAccount, "username" | "password">) =>
  Buffer.from(`${account.username}:${account.password}`).toString("base64");

/** Easypaisa mobile-account payments (MA_PAYMENT_METHOD) on its hosted checkout, settled by inquire-transaction. */
export class EasypaisaProvider implements PaymentProvider {
  readonly name = "easypaisa";

  constructor(
    private readonly account: EasypaisaAccount,
    private readonly api: ProviderApi,
    readonly sandbox: boolean,
  ) {}

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

  callbackReference(form: CallbackFields): string | null {
    const fields = documentedFields(form, POSTBACK_RULES);
    if (!fields?.merchantHashedReq || !fields.orderRefNumber) return null;
    const hashed = Object.fromEntries(EASYPAISA_POSTBACK_FIELDS.map((name) => [name, fields[name] ?? ""]));
    if (!sameSignature(easypaisaHash(hashed, this.account.hashKey), fields.merchantHashedReq)) return null;
    return fields.storeId === this.account.storeId ? fields.orderRefNumber : null;
  }

  /** Easypaisa's inquire-transaction: the order's status, amount and transaction id for this store. */
  async inquire(reference: string): Promise<Inquiry> {
    const answer = await this.api(
      this.account.inquiryUrl,
      { orderId: reference, storeId: this.account.storeId, accountNum: this.account.accountNum },
      { Credentials: easypaisaCredentials(this.account) },
    );
    const text = (name: string) => fieldText(answer, name);
    if (text("responseCode") !== EASYPAISA_OK)
      throw new Error(`Easypaisa's inquiry failed: ${text("responseCode")} ${text("responseDesc")}`);
    if (text("storeId") !== this.account.storeId) throw new Error("Easypaisa answered for another store");
    const base = {
      reference: text("orderId") || null,
      amountPaisa: paisaFromRupees(text("transactionAmount")),
      transactionId: text("transactionId").slice(0, 64) || null,
      message: text("responseDesc").slice(0, 300),
    };
    const status = text("transactionStatus").toUpperCase();
    if (status === "PAID") return { ...base, status: "paid" };
    if (status === "PENDING" || status === "INITIATED") return { ...base, status: "pending" };
    return { ...base, status: "failed" };
  }

  async refund(request: RefundRequest): Promise<string> {
    const answer = await this.api(
      this.account.refundUrl,
      { orderId: request.reference, storeId: this.account.storeId, amount: easypaisaAmount(request.amountPaisa), refundKey: request.key },
      { Credentials: easypaisaCredentials(this.account) },
      REFUND_TIME_LIMIT_MS,
    );
    if (fieldText(answer, "responseCode") !== EASYPAISA_OK)
      throw new RefundRefused(`Easypaisa refused the refund: ${fieldText(answer, "responseCode")} ${fieldText(answer, "responseDesc")}`);
    return fieldText(answer, "refundId").slice(0, 64) || `${request.reference}-refund`;
  }
}
