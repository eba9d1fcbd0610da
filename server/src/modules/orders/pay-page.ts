import express, { type Request, type Response, type Router } from "express";
import { AppError } from "../../platform/shared/errors";
import { toRupees } from "../../platform/shared/money";
import { PaymentMethod, type CheckoutSession } from "./entity";
import type { CardForm } from "./payments";
import { TAX_PERCENT } from "./pricing";
import type { OrdersService } from "./service";

/**
 * The hosted sandbox payment page (`Checkout.paymentUrl`), like a payment provider's checkout:
 * server-rendered, no script, no external assets. The unguessable session id is the key, as with
 * hosted checkouts; card details only pass through the check and are never stored or logged.
 */
export function createPayPageRouter(services: { orders: OrdersService }): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 });

  router.get("/pay/:sessionId", async (req, res) => {
    await answer(req, res, async () => page(await services.orders.findSession(req.params.sessionId)));
  });

  router.post("/pay/:sessionId", form, async (req, res) => {
    const sessionId = req.params.sessionId;
    const body = (req.body ?? {}) as CardForm;
    await answer(req, res, async () => {
      try {
        await services.orders.authorizeCardPayment(sessionId, { cardNumber: body.cardNumber, expiry: body.expiry, cvc: body.cvc });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "BAD_USER_INPUT") throw error;
        const session = await services.orders.findSession(sessionId);
        return {
          status: 400,
          html: page(session, {
            message: error.message,
            fields: error.fields ?? {},
            expiry: typeof body.expiry === "string" ? body.expiry : "",
          }).html,
        };
      }
      return { redirect: `/success?session_id=${encodeURIComponent(sessionId)}` };
    });
  });

  return router;
}

type Rendered = { status?: number; html: string } | { redirect: string };

/** Sends a rendered page; any error becomes a small page with the matching status, never a stack trace. */
async function answer(req: Request, res: Response, render: () => Promise<Rendered>): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  let result: Rendered;
  try {
    result = await render();
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) req.log.error({ err: error }, "payment page error");
    const message = known ? error.message : "Something went wrong on our side. Please try again.";
    const status = known ? (error.code === "NOT_FOUND" ? 404 : 400) : 500;
    result = {
      status,
      html: layout("Payment", `<h1>Payment not available</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to UniBazaar</a></p>`),
    };
  }
  if ("redirect" in result) {
    res.redirect(303, result.redirect);
    return;
  }
  res
    .status(result.status ?? 200)
    .type("html")
    .send(result.html);
}

type FormState = { message: string; fields: Record<string, string>; expiry: string };

function page(session: CheckoutSession, state?: FormState): { html: string } {
  const successUrl = `/success?session_id=${encodeURIComponent(session.id)}`;
  if (session.paymentMethod !== PaymentMethod.CARD) {
    return {
      html: layout(
        "Payment",
        `<h1>Cash on delivery</h1><p>This order is paid in cash when it is delivered.</p><p><a href="${successUrl}">View your order</a></p>`,
      ),
    };
  }
  if (session.paymentAuthorizedAt) {
    return {
      html: layout(
        "Payment received",
        `<h1>Payment received</h1><p>Your card payment of ${pkr(session.totalPaisa)} was accepted.</p><p><a class="button" href="${successUrl}">Continue to your order</a></p>`,
      ),
    };
  }
  const fields = state?.fields ?? {};
  // after a failed attempt the first field to fix gets the focus
  const firstError = ["cardNumber", "expiry", "cvc"].find((name) => fields[name]);
  const input = (name: string, label: string, attrs: string, value = "") => {
    const error = fields[name];
    return `<div class="field">
      <label for="${name}">${label}</label>
      <input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}" required${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}${name === firstError ? " autofocus" : ""}>
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
      ${state ? `<div class="alert" role="alert"><strong>${escapeHtml(state.message)}</strong></div>` : ""}
      <form method="post" action="/pay/${encodeURIComponent(session.id)}" novalidate>
        ${input("cardNumber", "Card number", `type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234"`)}
        <div class="row">
          ${input("expiry", "Expiry (MM/YY)", `type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"`, state?.expiry)}
          ${input("cvc", "CVC", `type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"`)}
        </div>
        <button type="submit">Pay ${pkr(session.totalPaisa)}</button>
      </form>
      <p class="muted"><a href="/orders?payment=cancelled">Cancel and return to UniBazaar</a></p>`,
    ),
  };
}

const pkrFormat = new Intl.NumberFormat("en-PK", {
  style: "currency",
  currency: "PKR",
  currencyDisplay: "code",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const pkr = (paisa: number) => escapeHtml(pkrFormat.format(toRupees(paisa)));

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · UniBazaar</title>
<style>
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2433; background: #f4f6fb; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .card { background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
  .brand { font-weight: 700; color: #0d47a1; margin: 0 0 1rem; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  .sandbox { background: #fff8e1; border: 1px solid #f0c36d; border-radius: 8px; padding: .75rem; font-size: .9rem; }
  .summary { margin: 1rem 0; }
  .summary div { display: flex; justify-content: space-between; padding: .25rem 0; }
  .summary dt, .summary dd { margin: 0; }
  .summary .total { border-top: 1px solid #d5dae5; margin-top: .25rem; padding-top: .5rem; font-weight: 700; font-size: 1.1rem; }
  .alert { background: #fdecea; border: 1px solid #d32f2f; color: #8b1a1a; border-radius: 8px; padding: .75rem; margin: 1rem 0; }
  .field { margin: 0 0 1rem; flex: 1; }
  .row { display: flex; gap: 1rem; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { width: 100%; font: inherit; padding: .7rem .75rem; border: 1px solid #8a94a6; border-radius: 8px; min-height: 44px; }
  input:focus { outline: 3px solid #90caf9; border-color: #1565c0; }
  input[aria-invalid="true"] { border-color: #d32f2f; }
  .error { color: #b71c1c; margin: .25rem 0 0; font-size: .9rem; }
  button, .button { display: block; width: 100%; text-align: center; font: inherit; font-weight: 700; color: #fff; background: #1565c0; border: 0; border-radius: 8px; padding: .8rem; min-height: 48px; cursor: pointer; text-decoration: none; }
  button:hover, .button:hover { background: #0d47a1; }
  button:focus-visible, .button:focus-visible, a:focus-visible { outline: 3px solid #90caf9; outline-offset: 2px; }
  .muted { text-align: center; font-size: .9rem; margin-top: 1rem; }
  a { color: #0d47a1; }
</style>
</head>
<body>
<main>
  <div class="card">
    <p class="brand">UniBazaar · Secure checkout</p>
    ${body}
  </div>
</main>
</body>
</html>`;
}
