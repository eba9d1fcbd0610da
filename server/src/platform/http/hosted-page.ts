import type { Request, Response } from "express";
import { escapeHtml } from "./html";
import { AppError } from "../shared/errors";
import { rupees } from "../shared/money";

/** The server-rendered pages of paying: the card sandbox, the wallet hand-off and the wallets' simulators. */
export type Rendered = { status?: number; html: string } | { redirect: string };

/** Sends a rendered page; any error becomes a small page with the matching status, never a stack trace. */
export async function answer(req: Request, res: Response, render: () => Promise<Rendered>): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  let result: Rendered;
  try {
    result = await render();
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) req.log.error({ err: error, requestId: req.id }, "payment page error");
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

export const pkr = (paisa: number) => escapeHtml(rupees(paisa));

/**
 * The page in the web app's look (web/src/lib/theme.ts: deep green, gold accent, the same fonts)
 * with its header word mark, so buyers see they are still on UniBazaar while they pay.
 */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#0b5d4b">
<title>${escapeHtml(title)} · UniBazaar</title>
<style>
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1a1d21; background: #f7f8fa; }
  header { background: #fff; border-bottom: 1px solid rgba(0, 0, 0, .12); }
  .bar { max-width: 1200px; margin: 0 auto; padding: .75rem 1rem; min-height: 64px; display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
  .logo { display: inline-flex; align-items: center; gap: .5rem; text-decoration: none; font-size: 1.25rem; font-weight: 800; letter-spacing: -.3px; color: #0b5d4b; }
  .logo .accent { color: #805415; }
  .secure { color: #4a5260; font-size: .9rem; display: inline-flex; align-items: center; gap: .35rem; }
  main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .card { background: #fff; border: 1px solid rgba(0, 0, 0, .12); border-radius: 10px; padding: 1.5rem; }
  h1 { font-size: 1.5rem; font-weight: 800; margin: 0 0 1rem; }
  .sandbox { background: #fff8e6; border: 1px solid #e9c46a; border-radius: 10px; padding: .75rem; font-size: .9rem; }
  .summary { margin: 1rem 0; }
  .summary div { display: flex; justify-content: space-between; gap: 1rem; padding: .25rem 0; }
  .summary dt, .summary dd { margin: 0; }
  .summary dd { font-variant-numeric: tabular-nums; }
  .summary .total { border-top: 1px solid rgba(0, 0, 0, .12); margin-top: .25rem; padding-top: .5rem; font-weight: 700; font-size: 1.1rem; }
  .alert { background: #fdeded; border: 1px solid #d32f2f; color: #5f2120; border-radius: 10px; padding: .75rem; margin: 1rem 0; }
  .field { margin: 0 0 1rem; flex: 1; min-width: 0; }
  .row { display: flex; gap: 1rem; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { width: 100%; font: inherit; padding: .7rem .75rem; border: 1px solid #8a94a6; border-radius: 10px; min-height: 48px; background: #fff; color: inherit; }
  input:focus { outline: 2px solid #0b5d4b; outline-offset: 1px; border-color: #0b5d4b; }
  input[aria-invalid="true"] { border-color: #d32f2f; }
  .error { color: #b3261e; margin: .25rem 0 0; font-size: .9rem; }
  button, .button { display: block; width: 100%; text-align: center; font: inherit; font-weight: 600; color: #fff; background: #0b5d4b; border: 0; border-radius: 10px; padding: .8rem; min-height: 48px; cursor: pointer; text-decoration: none; }
  button:hover, .button:hover { background: #07412f; }
  button:focus-visible, .button:focus-visible, a:focus-visible { outline: 3px solid #b7791f; outline-offset: 2px; }
  .muted { text-align: center; font-size: .9rem; margin-top: 1rem; }
  a { color: #0b5d4b; }
  @media (max-width: 359px) { .row { flex-direction: column; gap: 0; } }
</style>
</head>
<body>
<header>
  <div class="bar">
    <a class="logo" href="/" aria-label="UniBazaar home">
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#0b5d4b"/><path d="M18 24h28l-3 22H21z" fill="#fff"/><path d="M25 24a7 7 0 0 1 14 0" stroke="#f4b400" stroke-width="4" fill="none"/></svg>
      <span>Uni<span class="accent">Bazaar</span></span>
    </a>
    <span class="secure">Secure checkout</span>
  </div>
</header>
<main>
  <div class="card">
    ${body}
  </div>
</main>
</body>
</html>`;
}
