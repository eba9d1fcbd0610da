import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import { handOver, paidCardOrder } from "../escrow/testing";
import { placeOrder } from "../orders/testing";

const PRODUCTION = { NODE_ENV: "production", JWT_SECRET: randomBytes(32).toString("hex"), PUBLIC_URL: "https://unibazaar.example" };

const REQUEST_PAYOUT = `mutation ($amount: Float!, $destination: String!) { requestPayout(amount: $amount, destination: $destination) { id amount } }`;

describe("production and pretend money", () => {
  it("refuses to boot without PUBLIC_URL, with one line naming it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-config-"));
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: "production", JWT_SECRET: PRODUCTION.JWT_SECRET })).toThrow(
      /PUBLIC_URL is required when NODE_ENV=production/,
    );
    // a live JazzCash account without the MPIN its refunds are signed with, and a live Easypaisa store (no refund API), are refused
    const jazzcash = { JAZZCASH_MERCHANT_ID: "MC1", JAZZCASH_PASSWORD: "p", JAZZCASH_INTEGRITY_SALT: "s" };
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PRODUCTION, ...jazzcash })).toThrow(/JAZZCASH_MERCHANT_MPIN is required/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PRODUCTION, ...jazzcash, JAZZCASH_MERCHANT_MPIN: "1234" })).not.toThrow();
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PRODUCTION, EASYPAISA_STORE_ID: "1", EASYPAISA_HASH_KEY: "0123456789abcdef" })).toThrow(
      /EASYPAISA_STORE_ID .*refund/,
    );
  });

  describe("without providers", () => {
    let server: TestServer;
    let seller: SignedIn;
    let buyer: SignedIn;
    beforeAll(async () => {
      server = await startTestServer({ env: PRODUCTION });
      [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "user")]);
    });
    afterAll(() => server.close());

    it("offers no card or wallet at checkout, and serves no simulator", async () => {
      expect(server.services.paymentProviders.methodsOffered()).toEqual([]);
      const book = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 100_000 });
      for (const paymentMethod of ["CARD", "JAZZCASH", "EASYPAISA"]) {
        await expect(placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod })).rejects.toThrow(
          "This payment method is not available",
        );
      }
      for (const simulator of [
        "/simulator/jazzcash",
        "/simulator/easypaisa",
        "/simulator/jazzcash/inquire",
        "/simulator/easypaisa/refund",
      ]) {
        expect((await fetch(`${server.url}${simulator}`, { method: "POST" })).status).toBe(404);
      }
      expect((await fetch(`${server.url}/pay/ipn/jazzcash`, { method: "POST" })).status).toBe(404);
      // cash still works
      expect((await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }])).paymentUrl).toBeNull();
    });
  });

  describe("with PAYMENTS_SANDBOX=true", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ env: { ...PRODUCTION, PAYMENTS_SANDBOX: "true" } });
    });
    afterAll(() => server.close());

    it("marks sandbox payments as test money and never pays them out", async () => {
      expect(server.services.paymentProviders.methodsOffered().sort()).toEqual(["card", "easypaisa", "jazzcash"]);
      const [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "user")]);
      const order = await paidCardOrder(server, buyer, seller, 150_000);
      const page = await (await fetch(`${server.url}/pay/${order.checkoutId}`)).text();
      expect(page).toContain("Test money");
      await handOver(server, order.id);
      const [held] = await server.dataSource.query(`SELECT "testMoney", state FROM held_payments WHERE "orderId" = $1`, [order.id]);
      expect(held).toEqual({ testMoney: true, state: "RELEASED" });
      // the seller's balance says how much of it is test money, and that it is not paid out here
      const balance = await server.gql(`{ myBalance { available testMoney testMoneyPaidOut } }`, {}, seller.token);
      expect(balance.data.myBalance.available).toBeGreaterThan(0);
      expect(balance.data.myBalance).toEqual({
        available: balance.data.myBalance.available,
        testMoney: balance.data.myBalance.available,
        testMoneyPaidOut: false,
      });
      const res = await server.gql(REQUEST_PAYOUT, { amount: 100, destination: "03001234567" }, seller.token);
      expect(res.errors?.[0].message).toMatch(/is test money from sandbox payments and is never paid out/);
      expect(await server.dataSource.query(`SELECT id FROM payouts WHERE "sellerId" = $1`, [seller.user.id])).toEqual([]);
    });
  });
});
