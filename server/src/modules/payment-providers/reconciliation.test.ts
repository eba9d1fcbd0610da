import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { databaseOf, jobsSettled, lockWaiters, runScheduledJob, startTestServer, type TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { cancelPendingOrders, placeOrder } from "../orders/testing";
import type { Inquiry } from "./provider";
import { formOf, postForm } from "./testing";

let server: TestServer;
let buyer: SignedIn;
let book: Product;
const captured: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { JWT_SECRET: randomBytes(32).toString("hex") } });
  server.services.events.onAfterCommit("payment.captured", (event) => {
    captured.push(event.checkoutSessionId);
  });
  const [seller, signedIn] = await Promise.all([signUp(server, "seller"), signUp(server, "user")]);
  buyer = signedIn;
  book = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 45_600, name: "Discrete Maths" });
});
afterAll(() => server.close());
beforeEach(() => cancelPendingOrders(server));

/** What the JazzCash simulator is asked, per reference, before it answers (a slow or silent provider). */
const before = new Map<string, () => Promise<void>>();
beforeAll(() => {
  const jazzcash = server.services.paymentProviders.providers.jazzcash!;
  const inquire = jazzcash.inquire.bind(jazzcash);
  jazzcash.inquire = async (reference: string): Promise<Inquiry> => {
    await before.get(reference)?.();
    return inquire(reference);
  };
});
afterEach(() => before.clear());

const post = (path: string, fields: Record<string, string>) => postForm(server.url, path, fields);

/**
 * A JazzCash checkout the buyer paid at the simulator's page, whose callback never came back (yet):
 * its reference and the signed callback the simulator sent the browser back with.
 */
async function paidWithoutCallback() {
  const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "JAZZCASH" });
  const handOff = formOf(await (await post(`/pay/${checkout.id}/wallet`, {})).text());
  const wallet = formOf(await (await post(handOff.action, handOff.fields)).text());
  const done = await post(wallet.action, { ...wallet.fields, mobileNumber: "03001234567", mpin: "1234", action: "pay" });
  expect(done.status).toBe(200);
  const callback = formOf(await done.text());
  return { checkoutId: checkout.id, reference: handOff.fields.pp_TxnRefNo, callback };
}

async function state(checkoutId: string) {
  const [session] = await server.dataSource.query(`SELECT "paymentStatus" FROM checkout_sessions WHERE id = $1`, [checkoutId]);
  const attempts = await server.dataSource.query(`SELECT status FROM payment_attempts WHERE "checkoutSessionId" = $1`, [checkoutId]);
  return { session: session.paymentStatus, attempts, captured: captured.filter((id) => id === checkoutId).length };
}
const PAID = { session: "paid", attempts: [{ status: "paid" }], captured: 1 };
const UNPAID = { session: "unpaid", attempts: [{ status: "started" }], captured: 0 };

/** A promise settled from outside, and one that says when the provider was asked. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  return { open, opened, asked, wasAsked };
}

/** Every entry of the ledger sums to zero. */
async function ledgerBalanced() {
  await jobsSettled(server);
  const [{ sum }] = await server.dataSource.query(`SELECT COALESCE(sum("amountPaisa"), 0)::bigint AS sum FROM ledger_entries`);
  expect(Number(sum)).toBe(0);
}

describe("reconciliation, one attempt at a time", () => {
  it("answers a callback for an attempt it settled while it waits on the provider for another", async () => {
    const a = await paidWithoutCallback();
    const b = await paidWithoutCallback();
    const provider = gate();
    before.set(b.reference, async () => {
      provider.asked();
      await provider.opened;
    });
    const run = runScheduledJob(server, "payments.reconcile");
    try {
      await provider.wasAsked;
      // A, asked before B, is settled and committed: its callback, arriving now, is answered at once
      expect(await state(a.checkoutId)).toEqual(PAID);
      const started = Date.now();
      const res = await post(a.callback.action, a.callback.fields);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/success?session_id=${a.checkoutId}`);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await state(b.checkoutId)).toEqual(UNPAID);
    } finally {
      provider.open();
      await run;
    }
    expect(await state(a.checkoutId)).toEqual(PAID);
    expect(await state(b.checkoutId)).toEqual(PAID);
    await ledgerBalanced();
  });

  it("keeps what it settled when a later attempt waits on a lock, then settles that one too", async () => {
    const a = await paidWithoutCallback();
    const c = await paidWithoutCallback();
    // another transaction holds C's row (a callback settling it, say) while the run reaches C
    const holder = new Client({ connectionString: databaseOf(server) });
    const watcher = new Client({ connectionString: databaseOf(server) });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM payment_attempts WHERE reference = $1 FOR UPDATE`, [c.reference]);
      const run = runScheduledJob(server, "payments.reconcile");
      await vi.waitFor(async () => expect(await lockWaiters(watcher)).toBeGreaterThan(0), { timeout: 4_000, interval: 20 });
      // A is paid for good while the run waits on C: nothing of it is left to roll back
      expect(await state(a.checkoutId)).toEqual(PAID);
      await holder.query("ROLLBACK");
      await run;
    } finally {
      await Promise.all([holder.end(), watcher.end()]);
    }
    expect(await state(c.checkoutId)).toEqual(PAID);
    await ledgerBalanced();
  });

  it("fails the run for an attempt it could not settle (a lock held past lock_timeout), keeping the others settled", async () => {
    const stuck = await paidWithoutCallback();
    const a = await paidWithoutCallback();
    const holder = new Client({ connectionString: databaseOf(server) });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM payment_attempts WHERE reference = $1 FOR UPDATE`, [stuck.reference]);
      // asked first, the stuck attempt waits out the lock timeout (5 s); A, after it, is settled all the same
      await expect(server.services.paymentProviders.reconcile()).rejects.toThrow(`could not settle 1 attempt(s): ${stuck.reference}`);
      expect(await state(a.checkoutId)).toEqual(PAID);
      expect(await state(stuck.checkoutId)).toEqual(UNPAID);
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
    // the retry settles it
    await server.services.paymentProviders.reconcile();
    expect(await state(stuck.checkoutId)).toEqual(PAID);
    await ledgerBalanced();
  }, 20_000);

  it("leaves an attempt whose inquiry failed for the next run, and settles the others", async () => {
    const a = await paidWithoutCallback();
    const silent = await paidWithoutCallback();
    before.set(silent.reference, () => Promise.reject(new Error("JazzCash did not answer")));
    await runScheduledJob(server, "payments.reconcile");
    expect(await state(a.checkoutId)).toEqual(PAID);
    expect(await state(silent.checkoutId)).toEqual(UNPAID);
    before.clear();
    await runScheduledJob(server, "payments.reconcile");
    expect(await state(silent.checkoutId)).toEqual(PAID);
    await ledgerBalanced();
  });

  it("settles each payment once when two runs go at once (two processes)", async () => {
    const paid = await Promise.all([paidWithoutCallback(), paidWithoutCallback(), paidWithoutCallback()]);
    const service = server.services.paymentProviders;
    await Promise.all([service.reconcile(), service.reconcile(), runScheduledJob(server, "payments.reconcile")]);
    for (const { checkoutId } of paid) expect(await state(checkoutId)).toEqual(PAID);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM ledger_movements m JOIN orders o ON o.id = m."orderId" WHERE o."checkoutSessionId" = ANY($1)`,
      [paid.map((p) => p.checkoutId)],
    );
    const [{ orders }] = await server.dataSource.query(`SELECT count(*)::int AS orders FROM orders WHERE "checkoutSessionId" = ANY($1)`, [
      paid.map((p) => p.checkoutId),
    ]);
    // one capture posted per order, as one run alone would have
    expect(n).toBe(orders);
    await ledgerBalanced();
  });
});
