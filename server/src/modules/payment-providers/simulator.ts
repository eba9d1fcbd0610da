import { randomInt } from "node:crypto";
import express, { type Router } from "express";
import { escapeHtml } from "../../platform/http/html";
import { answer, layout, pkr } from "../../platform/http/hosted-page";
import { badInput } from "../../platform/shared/errors";
import { EASYPAISA_PAID, EASYPAISA_POSTBACK_FIELDS, easypaisaHash, paisaFromRupees, type EasypaisaAccount } from "./easypaisa";
import { JAZZCASH_OK, jazzcashSecureHash, type JazzCashAccount } from "./jazzcash";
import { autoPostPage } from "./pages";
import {
  fieldText,
  paisaFromDigits,
  pakistanTimestamp,
  sameSignature,
  type CallbackFields,
  type PaymentRedirect,
  type ProviderName,
} from "./provider";
import type { SimulatorBank } from "./simulator-bank";
import { SIMULATOR_PATHS } from "./wallets";

/** An MPIN of only zeros is declined, so a failed payment can be shown on demand. */
const DECLINING_MPIN = /^0+$/;

type Outcome = { paid: true } | { paid: false; code: "declined" | "cancelled" };

/** What one wallet's simulator needs: read the merchant's signed request, and sign the answer the way that wallet does. */
type SimulatedWallet = {
  name: ProviderName;
  label: string;
  path: string;
  mpinLength: number;
  /** The request's amount in paisa when its signature is the merchant's, else null. */
  verifyRequest(fields: Record<string, string>): number | null;
  /** The request's fields, as strings. */
  requestFields(form: CallbackFields): Record<string, string>;
  /** The merchant's reference of the payment. */
  reference(request: Record<string, string>): string;
  callback(request: Record<string, string>, outcome: Outcome, transactionId: string, now: Date): PaymentRedirect;
};

/** The `pp` fields of a form, as strings (anything else is dropped). */
const jazzcashFields = (form: CallbackFields): Record<string, string> =>
  Object.fromEntries(Object.keys(form).flatMap((name) => (name.startsWith("pp") ? [[name, fieldText(form, name)]] : [])));

function jazzcashWallet(account: JazzCashAccount): SimulatedWallet {
  return {
    name: "jazzcash",
    label: "JazzCash",
    path: SIMULATOR_PATHS.jazzcash.checkout,
    mpinLength: 4,
    requestFields: jazzcashFields,
    reference: (request) => request.pp_TxnRefNo ?? "",
    verifyRequest(fields) {
      const signed = sameSignature(jazzcashSecureHash(fields, account.integritySalt), (fields.pp_SecureHash ?? "").toUpperCase());
      const merchant = fields.pp_MerchantID === account.merchantId && fields.pp_Password === account.password;
      return signed && merchant && fields.pp_TxnCurrency === "PKR" ? paisaFromDigits(fields.pp_Amount ?? "") : null;
    },
    callback(request, outcome, transactionId, now) {
      const [code, message] = outcome.paid
        ? [JAZZCASH_OK, "Thank you for Using JazzCash, your transaction was successful."]
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
        pp_RetreivalReferenceNo: outcome.paid ? transactionId : "",
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
    name: "easypaisa",
    label: "Easypaisa",
    path: SIMULATOR_PATHS.easypaisa.checkout,
    mpinLength: 5,
    reference: (request) => request.orderRefNum ?? "",
    requestFields: (form) =>
      Object.fromEntries([...EASYPAISA_REQUEST_FIELDS, "merchantHashedReq"].map((name) => [name, fieldText(form, name)])),
    verifyRequest(fields) {
      const { merchantHashedReq, ...hashed } = fields;
      const signed = sameSignature(easypaisaHash(hashed, account.hashKey), merchantHashedReq ?? "");
      return signed && fields.storeId === account.storeId ? paisaFromRupees(fields.amount) : null;
    },
    callback(request, outcome, transactionId) {
      const postBack: Record<string, string> = {
        amount: request.amount,
        desc: outcome.paid ? "Transaction successful" : outcome.code === "declined" ? "Insufficient balance" : "Cancelled by the customer",
        orderRefNumber: request.orderRefNum,
        status: outcome.paid ? EASYPAISA_PAID : outcome.code === "declined" ? "0001" : "0002",
        storeId: request.storeId,
        transactionRefNumber: outcome.paid ? transactionId : "",
      };
      const fields = Object.fromEntries(EASYPAISA_POSTBACK_FIELDS.map((name) => [name, postBack[name]]));
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
 * The built-in stand-in of each wallet with no merchant account, served only while the payment
 * sandbox is on: its hosted checkout checks the merchant's signed request as the wallet does, takes
 * a wallet number and MPIN, keeps the outcome in its books (`SimulatorBank`) and sends the browser
 * back to the merchant's return URL with the signed callback; its inquiry and refund APIs answer
 * from those books with the wallet's own protocol.
 */
export function createWalletSimulatorRouter(
  accounts: { jazzcash?: JazzCashAccount; easypaisa?: EasypaisaAccount },
  bank: SimulatorBank,
  now: () => Date,
): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 40 });
  const json = express.json({ limit: "8kb" });
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
        const reference = wallet.reference(request);
        if (fieldText(body, "action") === "cancel") {
          const kept = await bank.record(wallet.name, reference, amount, false, "Transaction cancelled by the customer.");
          return autoPostPage(
            "Payment cancelled",
            "Taking you back to the shop.",
            wallet.callback(request, { paid: false, code: "cancelled" }, kept.transactionId, now()),
          );
        }
        const mpin = fieldText(body, "mpin");
        const errors: Record<string, string> = {};
        if (!/^03\d{9}$/.test(fieldText(body, "mobileNumber")))
          errors.mobileNumber = "Enter your 11-digit mobile account number, e.g. 03001234567.";
        if (!new RegExp(`^\\d{${wallet.mpinLength}}$`).test(mpin)) errors.mpin = `Enter your ${wallet.mpinLength}-digit MPIN.`;
        if (Object.keys(errors).length) return walletForm(wallet, request, amount, errors);
        const paid = !DECLINING_MPIN.test(mpin);
        // the books keep the first outcome of a reference: a second pay or a replayed form changes nothing
        const kept = await bank.record(
          wallet.name,
          reference,
          amount,
          paid,
          paid ? "" : "Transaction has been rejected: insufficient balance.",
        );
        const outcome: Outcome = kept.status === "paid" ? { paid: true } : { paid: false, code: "declined" };
        return autoPostPage(
          "Payment processed",
          "Taking you back to the shop.",
          wallet.callback(request, outcome, kept.transactionId, now()),
        );
      });
    });
  }
  const api = (path: string, handle: (body: Record<string, unknown>, credentials: string) => Promise<Record<string, string>>) =>
    router.post(path, json, async (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.json(await handle((req.body ?? {}) as Record<string, unknown>, String(req.headers.credentials ?? "")));
    });
  if (accounts.jazzcash) {
    const account = accounts.jazzcash;
    api(SIMULATOR_PATHS.jazzcash.inquiry, (body) => bank.jazzcashInquire(account, body));
    api(SIMULATOR_PATHS.jazzcash.refund, (body) => bank.jazzcashRefund(account, body));
  }
  if (accounts.easypaisa) {
    const account = accounts.easypaisa;
    api(SIMULATOR_PATHS.easypaisa.inquiry, (body, credentials) => bank.easypaisaInquire(account, body, credentials));
    api(SIMULATOR_PATHS.easypaisa.refund, (body, credentials) => bank.easypaisaRefund(account, body, credentials));
  }
  return router;
}
