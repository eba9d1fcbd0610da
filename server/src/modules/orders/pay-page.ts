import cookieParser from "cookie-parser";
import express, { type Request, type Router } from "express";
import { AppError } from "../../platform/shared/errors";
import { isCashPayment, PaymentMethod, PaymentStatus, type CheckoutSession } from "./entity";
import { TAX_PERCENT } from "./pricing";
import type { OrdersService } from "./service";
import { escapeHtml } from "../../platform/http/html";
import { answer, layout, pkr } from "../../platform/http/hosted-page";
import { notFound } from "../../platform/shared/errors";
import { isWalletPayment, TEST_MONEY_NOTICE, walletPage, type CardForm, type PaymentProvidersService } from "../payment-providers";

/**
 * The hosted sandbox payment page (`Checkout.paymentUrl`), like a payment provider's checkout:
 * server-rendered, no external assets. The unguessable session id is the key, as with hosted
 * checkouts; card details only pass through the check and are never stored or logged.
 *
 * POST-redirect-GET: a submit always answers 303, to the success page or back to this page, so Back
 * and reload never post the card again. A refused card's messages travel in a short-lived cookie
 * scoped to this page (never the card's details). With scripts on (card-form.js), the form is sent in
 * the background and only its messages change: what the buyer typed stays, the CVC excepted.
 */
export function createPayPageRouter(services: { orders: OrdersService; paymentProviders: PaymentProvidersService }): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 });

  router.get(CARD_FORM_SCRIPT_PATH, (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("application/javascript").send(CARD_FORM_SCRIPT);
  });

  router.get("/pay/:sessionId", cookieParser(), async (req: Request<{ sessionId: string }>, res) => {
    const failed = readFailure(req.cookies?.[FAILURE_COOKIE]);
    if (failed) res.clearCookie(FAILURE_COOKIE, { path: req.path });
    await answer(req, res, async () => {
      const session = await services.orders.checkouts.findSession(req.params.sessionId);
      const offered = services.paymentProviders.methodsOffered() as string[];
      // a method with no provider here (production without one) has no page to pay on
      if (session.paymentStatus !== PaymentStatus.PAID && !isCashPayment(session.paymentMethod) && !offered.includes(session.paymentMethod))
        throw notFound("This payment method is not available.");
      return page(session, services.paymentProviders.isSandbox(session.paymentMethod), failed);
    });
  });

  router.post("/pay/:sessionId", form, async (req, res) => {
    const sessionId = req.params.sessionId;
    const body = (req.body ?? {}) as CardForm;
    await answer(req, res, async () => {
      try {
        await services.paymentProviders.payByCard(sessionId, { cardNumber: body.cardNumber, expiry: body.expiry, cvc: body.cvc });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "BAD_USER_INPUT") throw error;
        const failure: Failure = { message: error.message, fields: error.fields ?? {} };
        res.cookie(FAILURE_COOKIE, Buffer.from(JSON.stringify(failure)).toString("base64url"), {
          path: req.path,
          httpOnly: true,
          sameSite: "lax",
          maxAge: 60_000,
        });
        return { redirect: req.path };
      }
      return { redirect: `/success?session_id=${encodeURIComponent(sessionId)}` };
    });
  });

  return router;
}

/** Why the last submit was refused: the message and each field's problem (no card data). */
type Failure = { message: string; fields: Record<string, string> };

const FAILURE_COOKIE = "pay_failure";

/** The cookie's failure, or null when absent or not one of ours (it is shown escaped either way). */
function readFailure(value: unknown): Failure | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString()) as Partial<Failure>;
    if (typeof parsed.message !== "string" || typeof parsed.fields !== "object" || !parsed.fields) return null;
    const fields = Object.fromEntries(Object.entries(parsed.fields).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    return { message: parsed.message.slice(0, 300), fields };
  } catch {
    return null;
  }
}

function page(session: CheckoutSession, testMoney: boolean, state?: Failure | null): { html: string } {
  const successUrl = `/success?session_id=${encodeURIComponent(session.id)}`;
  const method = session.paymentMethod;
  if (isWalletPayment(method)) {
    const checkout = {
      id: session.id,
      buyerId: session.buyerId,
      method,
      totalPaisa: session.totalPaisa,
      paid: session.paymentStatus === PaymentStatus.PAID,
      notPayable: null,
    };
    return walletPage(checkout, testMoney);
  }
  if (session.paymentMethod !== PaymentMethod.CARD) {
    return {
      html: layout(
        "Payment",
        session.paymentMethod === PaymentMethod.CASH_ON_MEETUP
          ? `<h1>Cash on meetup</h1><p>This order is paid in cash when you meet the seller on campus.</p><p><a href="${successUrl}">View your order</a></p>`
          : `<h1>Cash on delivery</h1><p>This order is paid in cash when it is delivered.</p><p><a href="${successUrl}">View your order</a></p>`,
      ),
    };
  }
  if (session.paymentStatus === PaymentStatus.PAID) {
    return {
      html: layout(
        "Payment received",
        `<h1>Payment received</h1>${testMoney ? `<p class="sandbox">${TEST_MONEY_NOTICE}</p>` : ""}<p>Your card payment of ${pkr(session.totalPaisa)} was accepted.</p><p><a class="button" href="${successUrl}">Continue to your order</a></p>`,
      ),
    };
  }
  const fields = state?.fields ?? {};
  // after a failed attempt the first field to fix gets the focus
  const firstError = ["cardNumber", "expiry", "cvc"].find((name) => fields[name]);
  const input = (name: string, label: string, attrs: string) => {
    const error = fields[name];
    return `<div class="field">
      <label for="${name}">${label}</label>
      <input id="${name}" name="${name}" ${attrs} required${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}${name === firstError ? " autofocus" : ""}>
      ${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ""}
    </div>`;
  };
  const summary = [
    ["Subtotal", pkr(session.subtotalPaisa)],
    ...(session.discountPaisa
      ? [[`Discount${session.couponCode ? ` (${escapeHtml(session.couponCode)})` : ""}`, `&minus; ${pkr(session.discountPaisa)}`]]
      : []),
    [`Tax (${TAX_PERCENT}%)`, pkr(session.taxPaisa)],
  ];
  return {
    html: layout(
      "Pay for your order",
      `<h1>Pay for your order</h1>
      <p class="sandbox">Sandbox payment: no real card is charged. Use <strong>4242 4242 4242 4242</strong>, any future date and any CVC; <strong>4000 0000 0000 0002</strong> is declined.</p>
      <dl class="summary">${summary.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join("")}<div class="total"><dt>Total</dt><dd>${pkr(session.totalPaisa)}</dd></div></dl>
      <div id="card-form">
      ${state ? `<div class="alert" role="alert"><strong>${escapeHtml(state.message)}</strong></div>` : ""}
      <form method="post" action="/pay/${encodeURIComponent(session.id)}" novalidate>
        ${input("cardNumber", "Card number", `type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234"`)}
        <div class="row">
          ${input("expiry", "Expiry (MM/YY)", `type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"`)}
          ${input("cvc", "CVC", `type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"`)}
        </div>
        <button type="submit">Pay ${pkr(session.totalPaisa)}</button>
      </form>
      </div>
      <script src="${CARD_FORM_SCRIPT_PATH}" defer></script>
      <p class="muted"><a href="/orders?payment=cancelled">Cancel and return to UniBazaar</a></p>`,
    ),
  };
}

const CARD_FORM_SCRIPT_PATH = "/pay-assets/card-form.js";

/**
 * The card form's helper (a file: the site's Content-Security-Policy allows no inline script).
 * The expiry gets its "/" as the buyer types digits (phones show a number pad without one). A
 * submit goes in the background: the 303 is followed, and on the way back to this page only the
 * messages are swapped in, the typed card number and expiry kept; any other page is opened.
 */
const CARD_FORM_SCRIPT = `"use strict";
(function () {
  var root = document.getElementById("card-form");
  if (!root || !window.fetch || !window.DOMParser) return;
  function formatExpiry(input, deleting) {
    var digits = input.value.replace(/\\D/g, "").slice(0, 4);
    input.value = digits.length > 2 || (digits.length === 2 && !deleting) ? digits.slice(0, 2) + "/" + digits.slice(2) : digits;
  }
  root.addEventListener("input", function (event) {
    if (event.target.name === "expiry") formatExpiry(event.target, (event.inputType || "").indexOf("delete") === 0);
  });
  root.addEventListener("submit", function (event) {
    var form = event.target;
    event.preventDefault();
    var button = form.querySelector("button[type=submit]");
    button.disabled = true;
    var kept = { cardNumber: form.cardNumber.value, expiry: form.expiry.value };
    fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin" })
      .then(function (response) {
        if (new URL(response.url).pathname !== location.pathname) return location.assign(response.url);
        return response.text().then(function (html) {
          var next = new DOMParser().parseFromString(html, "text/html").getElementById("card-form");
          if (!next) return location.reload();
          root.innerHTML = next.innerHTML;
          var fresh = root.querySelector("form");
          fresh.cardNumber.value = kept.cardNumber;
          fresh.expiry.value = kept.expiry;
          (root.querySelector("[aria-invalid=true]") || fresh.cardNumber).focus();
        });
      })
      .catch(function () {
        button.disabled = false;
        form.submit();
      });
  });
})();
`;
