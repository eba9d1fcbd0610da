import { randomInt } from "node:crypto";
import express, { type Router } from "express";
import type { EasypaisaAccount, JazzCashAccount } from "../../platform/config";
import { escapeHtml } from "../../platform/http/html";
import { badInput } from "../../platform/shared/errors";
import { answer, layout, pkr } from "../orders/hosted-page";
import { EASYPAISA_PAID, easypaisaHash, easypaisaPostBack, paisaFromRupees } from "./easypaisa";
import { JAZZCASH_PAID, jazzcashFields, jazzcashSecureHash } from "./jazzcash";
import { autoPostPage } from "./pages";
import { fieldText, paisaFromDigits, pakistanTimestamp, sameSignature, type CallbackFields, type PaymentRedirect } from "./provider";
import { SIMULATOR_PATHS } from "./wallets";

/** An MPIN of only zeros is declined, so a failed payment can be shown on demand. */
const DECLINING_MPIN = /^0+$/;

type Outcome = { paid: true } | { paid: false; code: "declined" | "cancelled" };

/** What one wallet's simulator needs: read the merchant's signed request, and sign the answer the way that wallet does. */
type SimulatedWallet = {
  label: string;
  path: string;
  mpinLength: number;
  /** The request's amount in paisa when its signature is the merchant's, else null. */
  verifyRequest(fields: Record<string, string>): number | null;
  /** The request's fields, as strings. */
  requestFields(form: CallbackFields): Record<string, string>;
  callback(request: Record<string, string>, outcome: Outcome, now: Date): PaymentRedirect;
};

const transactionId = () => String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999));

function jazzcashWallet(account: JazzCashAccount): SimulatedWallet {
  return {
    label: "JazzCash",
    path: SIMULATOR_PATHS.jazzcash,
    mpinLength: 4,
    requestFields: jazzcashFields,
    verifyRequest(fields) {
      const signed = sameSignature(jazzcashSecureHash(fields, account.integritySalt), (fields.pp_SecureHash ?? "").toUpperCase());
      const merchant = fields.pp_MerchantID === account.merchantId && fields.pp_Password === account.password;
      return signed && merchant && fields.pp_TxnCurrency === "PKR" ? paisaFromDigits(fields.pp_Amount ?? "") : null;
    },
    callback(request, outcome, now) {
      const [code, message] = outcome.paid
        ? [JAZZCASH_PAID, "Thank you for Using JazzCash, your transaction was successful."]
        : outcome.code === "declined"
          ? ["121", "Transaction has been rejected: insufficient balance."]
          : ["110", "Transaction cancelled by the customer."];
      const fields: Record<string, string> = {
        pp_Amount: request.pp_Amount,
        pp_AuthCode: outcome.paid ? String(randomInt(100_000, 999_999)) : "",
        pp_BankID: "",
        pp_BillReference: request.pp_BillReference,
        pp_Language: request.pp_Language,
        pp_MerchantID: request.pp_MerchantID,
        pp_ResponseCode: code,
        pp_ResponseMessage: message,
        pp_RetreivalReferenceNo: outcome.paid ? transactionId() : "",
        pp_SubMerchantId: "",
        pp_TxnCurrency: request.pp_TxnCurrency,
        pp_TxnDateTime: pakistanTimestamp(now),
        pp_TxnRefNo: request.pp_TxnRefNo,
        pp_TxnType: request.pp_TxnType,
        pp_Version: request.pp_Version,
        ppmpf_1: "",
      };
      fields.pp_SecureHash = jazzcashSecureHash(fields, account.integritySalt);
      return { action: request.pp_ReturnURL, method: "post", fields };
    },
  };
}

const EASYPAISA_REQUEST_FIELDS = [
  "storeId",
  "amount",
  "postBackURL",
  "orderRefNum",
  "expiryDate",
  "autoRedirect",
  "paymentMethod",
  "emailAddr",
  "mobileNum",
];

function easypaisaWallet(account: EasypaisaAccount): SimulatedWallet {
  return {
    label: "Easypaisa",
    path: SIMULATOR_PATHS.easypaisa,
    mpinLength: 5,
    requestFields: (form) =>
      Object.fromEntries([...EASYPAISA_REQUEST_FIELDS, "merchantHashedReq"].map((name) => [name, fieldText(form, name)])),
    verifyRequest(fields) {
      const { merchantHashedReq, ...hashed } = fields;
      const signed = sameSignature(easypaisaHash(hashed, account.hashKey), merchantHashedReq ?? "");
      return signed && fields.storeId === account.storeId ? paisaFromRupees(fields.amount) : null;
    },
    callback(request, outcome) {
      const fields = easypaisaPostBack({
        amount: request.amount,
        desc: outcome.paid ? "Transaction successful" : outcome.code === "declined" ? "Insufficient balance" : "Cancelled by the customer",
        orderRefNumber: request.orderRefNum,
        status: outcome.paid ? EASYPAISA_PAID : outcome.code === "declined" ? "0001" : "0002",
        storeId: request.storeId,
        transactionRefNumber: outcome.paid ? transactionId() : "",
      });
      return {
        action: request.postBackURL,
        method: "post",
        fields: { ...fields, merchantHashedReq: easypaisaHash(fields, account.hashKey) },
      };
    },
  };
}

/** The wallet's page: the amount, the wallet number and MPIN, Pay and Cancel; the merchant's signed request rides along unchanged. */
function walletForm(wallet: SimulatedWallet, request: Record<string, string>, amountPaisa: number, errors: Record<string, string> = {}) {
  const hidden = Object.entries(request)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const field = (name: string, label: string, attrs: string) => `<div class="field">
      <label for="${name}">${label}</label>
      <input id="${name}" name="${name}" ${attrs}${errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}>
      ${errors[name] ? `<p class="error" id="${name}-error">${escapeHtml(errors[name])}</p>` : ""}
    </div>`;
  return {
    status: Object.keys(errors).length ? 400 : 200,
    html: layout(
      `${wallet.label} (simulator)`,
      `<h1>${escapeHtml(wallet.label)}</h1>
      <p class="sandbox">Simulator: no real wallet is charged. Any mobile account number 03XXXXXXXXX and any ${wallet.mpinLength}-digit MPIN pay; an MPIN of zeros is declined.</p>
      <dl class="summary"><div class="total"><dt>Amount</dt><dd>${pkr(amountPaisa)}</dd></div></dl>
      <form method="post" action="${wallet.path}/confirm" novalidate>${hidden}
        ${field("mobileNumber", "Mobile account number", `type="tel" inputmode="numeric" autocomplete="tel" maxlength="11" placeholder="03XXXXXXXXX"`)}
        ${field("mpin", "MPIN", `type="password" inputmode="numeric" maxlength="${wallet.mpinLength}"`)}
        <button type="submit" name="action" value="pay">Pay ${pkr(amountPaisa)}</button>
        <p class="muted"><button type="submit" name="action" value="cancel" style="background: none; color: #0b5d4b; text-decoration: underline;">Cancel payment</button></p>
      </form>`,
    ),
  };
}

const NOT_SIGNED = "This payment request is not signed by the merchant.";

/**
 * The built-in stand-in of a wallet's hosted checkout, used while its merchant account is not
 * configured: it checks the merchant's signed request as the wallet does, takes a wallet number
 * and MPIN, and sends the browser back to the merchant's return URL with the signed callback.
 */
export function createWalletSimulatorRouter(
  accounts: { jazzcash?: JazzCashAccount; easypaisa?: EasypaisaAccount },
  now: () => Date,
): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 40 });
  const wallets = [accounts.jazzcash && jazzcashWallet(accounts.jazzcash), accounts.easypaisa && easypaisaWallet(accounts.easypaisa)];
  for (const wallet of wallets) {
    if (!wallet) continue;
    router.post(wallet.path, form, async (req, res) => {
      await answer(req, res, async () => {
        const request = wallet.requestFields(req.body ?? {});
        const amount = wallet.verifyRequest(request);
        if (amount === null) throw badInput(NOT_SIGNED);
        return walletForm(wallet, request, amount);
      });
    });
    router.post(`${wallet.path}/confirm`, form, async (req, res) => {
      await answer(req, res, async () => {
        const body = (req.body ?? {}) as CallbackFields;
        const request = wallet.requestFields(body);
        const amount = wallet.verifyRequest(request);
        if (amount === null) throw badInput(NOT_SIGNED);
        if (fieldText(body, "action") === "cancel") {
          return autoPostPage(
            "Payment cancelled",
            "Taking you back to the shop.",
            wallet.callback(request, { paid: false, code: "cancelled" }, now()),
          );
        }
        const mpin = fieldText(body, "mpin");
        const errors: Record<string, string> = {};
        if (!/^03\d{9}$/.test(fieldText(body, "mobileNumber")))
          errors.mobileNumber = "Enter your 11-digit mobile account number, e.g. 03001234567.";
        if (!new RegExp(`^\\d{${wallet.mpinLength}}$`).test(mpin)) errors.mpin = `Enter your ${wallet.mpinLength}-digit MPIN.`;
        if (Object.keys(errors).length) return walletForm(wallet, request, amount, errors);
        const outcome: Outcome = DECLINING_MPIN.test(mpin) ? { paid: false, code: "declined" } : { paid: true };
        return autoPostPage("Payment processed", "Taking you back to the shop.", wallet.callback(request, outcome, now()));
      });
    });
  }
  return router;
}
