import { randomInt, randomUUID } from "node:crypto";
import type { DataSource } from "typeorm";
import { easypaisaAmount, easypaisaCredentials, EASYPAISA_OK, paisaFromRupees, type EasypaisaAccount } from "./easypaisa";
import { JAZZCASH_COMPLETED, JAZZCASH_OK, JAZZCASH_PENDING, jazzcashSecureHash, type JazzCashAccount } from "./jazzcash";
import { fieldText, paisaFromDigits, pakistanTimestamp, RefundRefused, sameSignature, type ProviderName } from "./provider";

/** One transaction in a simulator's books, as the provider would keep it. */
export type SimulatedTransaction = {
  provider: ProviderName;
  reference: string;
  amountPaisa: number;
  status: "paid" | "failed";
  transactionId: string;
  /** The provider's words on a failed payment. */
  message: string;
  refundedPaisa: number;
};

const transactionId = () => String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999));

/**
 * The books of the built-in providers (the wallets' simulators and the card sandbox), kept as a
 * provider keeps its own: what the buyer paid or failed to pay at its hosted page, and each refund.
 * Their inquiry and refund APIs answer from here with the real providers' protocols (signed
 * requests and answers), so the app settles a sandbox payment exactly as it settles a live one.
 */
export class SimulatorBank {
  constructor(private readonly dataSource: DataSource) {}

  /** The buyer's outcome at the hosted page; a reference is paid at most once (the first outcome stands). */
  async record(provider: ProviderName, reference: string, amountPaisa: number, paid: boolean, message = ""): Promise<SimulatedTransaction> {
    await this.dataSource.query(
      `INSERT INTO payment_simulator_transactions (provider, reference, "amountPaisa", status, "transactionId", message)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (provider, reference) DO NOTHING`,
      [provider, reference, amountPaisa, paid ? "paid" : "failed", transactionId(), message],
    );
    return (await this.find(provider, reference))!;
  }

  async find(provider: ProviderName, reference: string): Promise<SimulatedTransaction | null> {
    const [row] = await this.dataSource.query(
      `SELECT provider, reference, "amountPaisa", status, "transactionId", message, "refundedPaisa" FROM payment_simulator_transactions
        WHERE provider = $1 AND reference = $2`,
      [provider, reference],
    );
    return row ? { ...row, amountPaisa: Number(row.amountPaisa), refundedPaisa: Number(row.refundedPaisa) } : null;
  }

  /** Refunds part of a paid transaction, once per key; refuses more than was paid (`RefundRefused`). Answers the refund id. */
  async refund(provider: ProviderName, reference: string, amountPaisa: number, key: string): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const [earlier] = await manager.query(`SELECT "refundId" FROM payment_simulator_refunds WHERE key = $1`, [key]);
      if (earlier) return earlier.refundId as string;
      const [, updated] = await manager.query(
        `UPDATE payment_simulator_transactions SET "refundedPaisa" = "refundedPaisa" + $3
          WHERE provider = $1 AND reference = $2 AND status = 'paid' AND "refundedPaisa" + $3 <= "amountPaisa"`,
        [provider, reference, amountPaisa],
      );
      if (!updated)
        throw new RefundRefused(`the ${provider} simulator has no paid transaction ${reference} with ${amountPaisa} paisa left to refund`);
      const refundId = `R${transactionId()}`;
      await manager.query(
        `INSERT INTO payment_simulator_refunds (key, provider, reference, "amountPaisa", "refundId") VALUES ($1, $2, $3, $4, $5)`,
        [key, provider, reference, amountPaisa, refundId],
      );
      return refundId;
    });
  }

  /** Every transaction and refund of one provider since `since`, for reconciliation. */
  async transactionsSince(provider: ProviderName, since: Date): Promise<SimulatedTransaction[]> {
    const rows: SimulatedTransaction[] = await this.dataSource.query(
      `SELECT provider, reference, "amountPaisa", status, "transactionId", message, "refundedPaisa" FROM payment_simulator_transactions
        WHERE provider = $1 AND "createdAt" >= $2`,
      [provider, since],
    );
    return rows.map((row) => ({ ...row, amountPaisa: Number(row.amountPaisa), refundedPaisa: Number(row.refundedPaisa) }));
  }

  /** JazzCash's status inquiry, as JazzCash answers it: the merchant's signed request, a signed answer. */
  async jazzcashInquire(account: JazzCashAccount, body: Record<string, unknown>): Promise<Record<string, string>> {
    const refused = jazzcashRefusal(account, body);
    if (refused) return signJazzCash(account, refused);
    const reference = fieldText(body, "pp_TxnRefNo");
    const found = await this.find("jazzcash", reference);
    // nothing paid yet: the customer may still be on the wallet's page
    if (!found)
      return signJazzCash(account, {
        pp_ResponseCode: JAZZCASH_OK,
        pp_ResponseMessage: "Successful",
        pp_TxnRefNo: reference,
        pp_Status: "Pending",
        pp_PaymentResponseCode: JAZZCASH_PENDING,
        pp_PaymentResponseMessage: "Transaction is pending.",
      });
    return signJazzCash(account, {
      pp_ResponseCode: JAZZCASH_OK,
      pp_ResponseMessage: "Successful",
      pp_TxnRefNo: found.reference,
      pp_Amount: String(found.amountPaisa),
      pp_TxnCurrency: "PKR",
      pp_Status: found.status === "paid" ? "Completed" : "Failed",
      pp_PaymentResponseCode: found.status === "paid" ? JAZZCASH_COMPLETED : "124",
      pp_PaymentResponseMessage:
        found.status === "paid" ? "Transaction has been completed." : found.message || "Transaction has been rejected.",
      pp_RetreivalReferenceNo: found.transactionId,
    });
  }

  /** JazzCash's mobile-wallet refund: the merchant's request signed with its salt and carrying its MPIN. */
  async jazzcashRefund(account: JazzCashAccount, body: Record<string, unknown>): Promise<Record<string, string>> {
    const refused = jazzcashRefusal(account, body);
    if (refused) return signJazzCash(account, refused);
    if (fieldText(body, "pp_MerchantMPIN") !== account.merchantMpin)
      return signJazzCash(account, { pp_ResponseCode: "401", pp_ResponseMessage: "Invalid merchant MPIN." });
    const amount = paisaFromDigits(fieldText(body, "pp_Amount"));
    const reference = fieldText(body, "pp_TxnRefNo");
    if (!amount) return signJazzCash(account, { pp_ResponseCode: "110", pp_ResponseMessage: "Invalid amount." });
    try {
      // JazzCash takes no refund key: each request is a refund of its own (a key counted from the
      // earlier refunds was shared by two at once, and one of them refused or answered as the other)
      const refundId = await this.refund("jazzcash", reference, amount, `jazzcash:${reference}:${randomUUID()}`);
      return signJazzCash(account, {
        pp_ResponseCode: JAZZCASH_OK,
        pp_ResponseMessage: "Refund successful.",
        pp_TxnRefNo: reference,
        pp_RetreivalReferenceNo: refundId,
        pp_TxnDateTime: pakistanTimestamp(new Date()),
      });
    } catch (error) {
      // only the books' refusal is answered; anything else fails the call, as a provider's outage would
      if (!(error instanceof RefundRefused)) throw error;
      return signJazzCash(account, { pp_ResponseCode: "199", pp_ResponseMessage: "Refund not possible for this transaction." });
    }
  }

  /** Easypaisa's inquire-transaction: the API user's credentials, the store and its account number. */
  async easypaisaInquire(account: EasypaisaAccount, body: Record<string, unknown>, credentials: string): Promise<Record<string, string>> {
    const refused = easypaisaRefusal(account, body, credentials);
    if (refused) return refused;
    const found = await this.find("easypaisa", fieldText(body, "orderId"));
    if (!found)
      return {
        responseCode: EASYPAISA_OK,
        responseDesc: "SUCCESS",
        orderId: fieldText(body, "orderId"),
        storeId: account.storeId,
        transactionStatus: "PENDING",
      };
    return {
      responseCode: EASYPAISA_OK,
      responseDesc: found.status === "paid" ? "SUCCESS" : found.message || "FAILED",
      orderId: found.reference,
      storeId: account.storeId,
      accountNum: account.accountNum,
      transactionStatus: found.status === "paid" ? "PAID" : "FAILED",
      transactionAmount: easypaisaAmount(found.amountPaisa),
      transactionId: found.transactionId,
    };
  }

  /** The Easypaisa simulator's refund (Easypaisa publishes none): the same credentials and shape as its inquiry. */
  async easypaisaRefund(account: EasypaisaAccount, body: Record<string, unknown>, credentials: string): Promise<Record<string, string>> {
    const refused = easypaisaRefusal(account, body, credentials);
    if (refused) return refused;
    const amount = paisaFromRupees(fieldText(body, "amount"));
    const key = fieldText(body, "refundKey");
    if (!amount || !key) return { responseCode: "0002", responseDesc: "Invalid amount or refund key" };
    try {
      return {
        responseCode: EASYPAISA_OK,
        responseDesc: "SUCCESS",
        refundId: await this.refund("easypaisa", fieldText(body, "orderId"), amount, key),
      };
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw error;
      return { responseCode: "0004", responseDesc: "Refund not possible for this order" };
    }
  }
}

/** Why JazzCash would refuse this API request (a hash or merchant that is not the account's), else null. */
function jazzcashRefusal(account: JazzCashAccount, body: Record<string, unknown>): Record<string, string> | null {
  const fields = Object.fromEntries(Object.keys(body).map((name) => [name, fieldText(body, name)]));
  const signed = sameSignature(jazzcashSecureHash(fields, account.integritySalt), (fields.pp_SecureHash ?? "").toUpperCase());
  if (!signed || fields.pp_MerchantID !== account.merchantId || fields.pp_Password !== account.password)
    return { pp_ResponseCode: "401", pp_ResponseMessage: "Invalid merchant credentials or secure hash." };
  return null;
}

const signJazzCash = (account: JazzCashAccount, fields: Record<string, string>) => ({
  ...fields,
  pp_SecureHash: jazzcashSecureHash(fields, account.integritySalt),
});

function easypaisaRefusal(account: EasypaisaAccount, body: Record<string, unknown>, credentials: string): Record<string, string> | null {
  if (!sameSignature(easypaisaCredentials(account), credentials)) return { responseCode: "0001", responseDesc: "Invalid credentials" };
  if (fieldText(body, "storeId") !== account.storeId) return { responseCode: "0001", responseDesc: "Invalid store" };
  return null;
}
