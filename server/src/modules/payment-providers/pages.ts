import express, { type Router } from "express";
import { escapeHtml } from "../../platform/http/html";
import { answer, layout, pkr } from "../../platform/http/hosted-page";
import type { CheckoutToPay } from "./checkouts";
import type { PaymentRedirect } from "./provider";
import type { PaymentProvidersService } from "./service";
import { JAZZCASH_IPN_PATH, PROVIDER_LABELS, RETURN_PATHS, type WalletMethod } from "./wallets";
import type { JazzCashProvider } from "./jazzcash";

export const HELD_NOTICE = "Your payment is held until you receive the item.";
/** Said wherever a payment of pretend money is shown. */
export const TEST_MONEY_NOTICE = "Test money: this is a sandbox payment and no real money moves.";

const AUTO_POST_SCRIPT_PATH = "/pay-assets/auto-post.js";

/** Posts the page's one form at once, as a provider's redirect does; without scripts the buyer presses its button. */
const AUTO_POST_SCRIPT = `"use strict";
(function () {
  var form = document.getElementById("auto-post");
  if (form) form.submit();
})();
`;

/** A page that sends the browser on with a form post (the signed request or callback), like a provider's redirect. */
export function autoPostPage(title: string, text: string, redirect: PaymentRedirect): { html: string } {
  const inputs = Object.entries(redirect.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return {
    html: layout(
      title,
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
      <form id="auto-post" method="${redirect.method}" action="${escapeHtml(redirect.action)}">${inputs}<button type="submit">Continue</button></form>
      <script src="${AUTO_POST_SCRIPT_PATH}" defer></script>`,
    ),
  };
}

/** The payment page of a wallet checkout: the amount, the held-payment promise and the way on to the wallet. */
export function walletPage(checkout: CheckoutToPay & { method: WalletMethod }, testMoney: boolean): { html: string } {
  const label = PROVIDER_LABELS[checkout.method];
  const successUrl = `/success?session_id=${encodeURIComponent(checkout.id)}`;
  const test = testMoney ? `<p class="sandbox">${TEST_MONEY_NOTICE}</p>` : "";
  if (checkout.paid) {
    return {
      html: layout(
        "Payment received",
        `<h1>Payment received</h1>${test}<p>Your ${escapeHtml(label)} payment of ${pkr(checkout.totalPaisa)} was received. ${HELD_NOTICE}</p><p><a class="button" href="${successUrl}">Continue to your order</a></p>`,
      ),
    };
  }
  return {
    html: layout(
      `Pay with ${label}`,
      `<h1>Pay with ${escapeHtml(label)}</h1>${test}
      <dl class="summary"><div class="total"><dt>Total</dt><dd>${pkr(checkout.totalPaisa)}</dd></div></dl>
      <p class="sandbox">${HELD_NOTICE} The seller is paid once you confirm the handover.</p>
      <form method="post" action="/pay/${encodeURIComponent(checkout.id)}/wallet">
        <button type="submit">Continue to ${escapeHtml(label)}</button>
      </form>
      <p class="muted"><a href="/orders?payment=cancelled">Cancel and return to UniBazaar</a></p>`,
    ),
  };
}

/**
 * The wallet side of paying: the hand-off to the provider's hosted checkout (a signed form post),
 * the provider's callback coming back and JazzCash's IPN. A callback only names a payment: the
 * provider's inquiry settles it. Paid (or a replay of a paid one) goes on to the success page (303,
 * so a reload posts nothing); failed says why and offers a retry; refused says it is refunded;
 * still pending at the provider says it is checked again; an unsigned or unknown one is an error page.
 */
export function createWalletPaymentRouter(services: { paymentProviders: PaymentProvidersService }): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 40 });
  const json = express.json({ limit: "8kb" });
  const payments = services.paymentProviders;

  router.get(AUTO_POST_SCRIPT_PATH, (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("application/javascript").send(AUTO_POST_SCRIPT);
  });

  router.post("/pay/:sessionId/wallet", async (req, res) => {
    await answer(req, res, async () =>
      autoPostPage(
        "Taking you to your wallet",
        "Confirm the payment on your wallet's page.",
        await payments.startWalletPayment(req.params.sessionId),
      ),
    );
  });

  for (const [method, path] of Object.entries(RETURN_PATHS) as Array<[WalletMethod, string]>) {
    router.post(path, form, async (req, res) => {
      await answer(req, res, async () => {
        const settled = await payments.settleCallback(method, (req.body ?? {}) as Record<string, unknown>);
        const retry = `/pay/${encodeURIComponent(settled.checkoutId)}`;
        if (settled.outcome === "paid" || (settled.outcome === "replayed" && !settled.message)) {
          return { redirect: `/success?session_id=${encodeURIComponent(settled.checkoutId)}` };
        }
        if (settled.outcome === "refused") {
          return {
            status: 409,
            html: layout(
              "Payment refunded",
              `<h1>Payment refunded</h1><div class="alert" role="alert"><strong>${escapeHtml(settled.message ?? "")}</strong></div><p><a class="button" href="/orders">Your orders</a></p>`,
            ),
          };
        }
        if (settled.outcome === "pending") {
          return {
            status: 202,
            html: layout(
              "Payment being checked",
              `<h1>Payment being checked</h1><p>Your wallet has not confirmed this payment yet. We check again shortly: if it was taken, your order is paid, or the money comes back to you.</p><p><a class="button" href="/orders">Your orders</a></p>`,
            ),
          };
        }
        return {
          status: 402,
          html: layout(
            "Payment not completed",
            `<h1>Payment not completed</h1><div class="alert" role="alert"><strong>${escapeHtml(settled.message ?? "")}</strong></div><p>Nothing was taken from your wallet. You can try again.</p><p><a class="button" href="${retry}">Try again</a></p>`,
          ),
        };
      });
    });
  }

  // JazzCash's server-to-server IPN: the same hint as the return, settled by the same inquiry
  router.post(JAZZCASH_IPN_PATH, json, form, async (req, res) => {
    const jazzcash = payments.providers.jazzcash as JazzCashProvider | undefined;
    if (!jazzcash) return void res.status(404).json({ message: "Not found." });
    res.setHeader("Cache-Control", "no-store");
    try {
      await payments.settleCallback("jazzcash", (req.body ?? {}) as Record<string, unknown>);
      res.json(jazzcash.ipnReceipt());
    } catch (error) {
      const status = (error as { code?: string }).code === "NOT_FOUND" ? 404 : (error as { code?: string }).code ? 400 : 500;
      if (status === 500) req.log.error({ err: error, requestId: req.id }, "JazzCash IPN failed");
      res.status(status).json({ message: status === 500 ? "Try again later." : (error as Error).message });
    }
  });
  return router;
}
