import express, { type Router } from "express";
import { escapeHtml } from "../../platform/http/html";
import { publicBase } from "../../platform/http/public-url";
import { PaymentStatus, type CheckoutSession } from "../orders/entity";
import { answer, layout, pkr } from "../orders/hosted-page";
import type { PaymentRedirect } from "./provider";
import type { PaymentProvidersService } from "./service";
import { RETURN_PATHS, WALLET_LABELS, type WalletMethod } from "./wallets";

export const HELD_NOTICE = "Your payment is held until you receive the item.";

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
export function walletPage(session: CheckoutSession & { paymentMethod: WalletMethod }): { html: string } {
  const label = WALLET_LABELS[session.paymentMethod];
  const successUrl = `/success?session_id=${encodeURIComponent(session.id)}`;
  if (session.paymentStatus === PaymentStatus.PAID) {
    return {
      html: layout(
        "Payment received",
        `<h1>Payment received</h1><p>Your ${escapeHtml(label)} payment of ${pkr(session.totalPaisa)} was received. ${HELD_NOTICE}</p><p><a class="button" href="${successUrl}">Continue to your order</a></p>`,
      ),
    };
  }
  return {
    html: layout(
      `Pay with ${label}`,
      `<h1>Pay with ${escapeHtml(label)}</h1>
      <dl class="summary"><div class="total"><dt>Total</dt><dd>${pkr(session.totalPaisa)}</dd></div></dl>
      <p class="sandbox">${HELD_NOTICE} The seller is paid once you confirm the handover.</p>
      <form method="post" action="/pay/${encodeURIComponent(session.id)}/wallet">
        <button type="submit">Continue to ${escapeHtml(label)}</button>
      </form>
      <p class="muted"><a href="/orders?payment=cancelled">Cancel and return to UniBazaar</a></p>`,
    ),
  };
}

/**
 * The wallet side of paying: the hand-off to the provider's hosted checkout (a signed form post)
 * and the provider's callback coming back. A paid or replayed callback of a paid checkout goes on
 * to the success page (303, so a reload posts nothing); a failed one says why and offers a retry;
 * a refused one (signature, reference, amount, currency, state) is a small error page.
 */
export function createWalletPaymentRouter(services: { paymentProviders: PaymentProvidersService }, publicUrl?: string): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 40 });

  router.get(AUTO_POST_SCRIPT_PATH, (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("application/javascript").send(AUTO_POST_SCRIPT);
  });

  router.post("/pay/:sessionId/wallet", async (req, res) => {
    await answer(req, res, async () => {
      const redirect = await services.paymentProviders.startWalletPayment(
        req.params.sessionId,
        (method) => `${publicBase(req, publicUrl)}${RETURN_PATHS[method]}`,
      );
      return autoPostPage("Taking you to your wallet", "Confirm the payment on your wallet's page.", redirect);
    });
  });

  for (const [method, path] of Object.entries(RETURN_PATHS) as Array<[WalletMethod, string]>) {
    router.post(path, form, async (req, res) => {
      await answer(req, res, async () => {
        const settled = await services.paymentProviders.settleCallback(method, (req.body ?? {}) as Record<string, unknown>);
        const retry = `/pay/${encodeURIComponent(settled.checkoutId)}`;
        if (settled.outcome === "paid" || (settled.outcome === "replayed" && !settled.message)) {
          return { redirect: `/success?session_id=${encodeURIComponent(settled.checkoutId)}` };
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
  return router;
}
