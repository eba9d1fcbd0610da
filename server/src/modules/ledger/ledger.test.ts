import { describe, expect } from "vitest";
import { asCaller } from "../../test/fixtures";
import { it } from "../../test/server-test";
import { jobsSettled } from "../../test/harness";
import { DisputeOutcome, HeldPaymentState } from "../escrow/entity";
import { handOver, objectToHandover, orderLedger, paidCardOrder } from "../escrow/testing";
import { setStatus } from "../orders/testing";
import { MovementKind } from "./entity";

describe("the ledger", () => {
  it("refuses to change or delete an entry or a movement, and refuses an unbalanced movement at commit", async ({ server }) => {
    await server.dataSource.transaction((manager) =>
      server.services.ledger.post(manager, {
        key: "test:balanced",
        kind: MovementKind.FEE,
        entries: [
          { account: "test:a", amountPaisa: -500 },
          { account: "test:b", amountPaisa: 500 },
        ],
      }),
    );
    await expect(server.dataSource.query(`UPDATE ledger_entries SET "amountPaisa" = 1 WHERE account = 'test:a'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(server.dataSource.query(`DELETE FROM ledger_entries WHERE account = 'test:b'`)).rejects.toThrow(/append-only/);
    await expect(server.dataSource.query(`DELETE FROM ledger_movements WHERE key = 'test:balanced'`)).rejects.toThrow(/append-only/);
    await expect(server.dataSource.query(`TRUNCATE ledger_entries, ledger_movements`)).rejects.toThrow(/append-only/);
    expect(await server.services.ledger.balance("test:a")).toBe(-500);

    // the service refuses an unbalanced movement before writing it...
    await expect(
      server.dataSource.transaction((manager) =>
        server.services.ledger.post(manager, {
          key: "test:lopsided",
          kind: MovementKind.FEE,
          entries: [{ account: "test:a", amountPaisa: 1 }],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    // ...and the database refuses one written around it, when the transaction commits
    await expect(
      server.dataSource.transaction(async (manager) => {
        const [{ id }] = await manager.query(`INSERT INTO ledger_movements (key, kind) VALUES ('test:raw', 'FEE') RETURNING id`);
        await manager.query(`INSERT INTO ledger_entries ("movementId", account, "amountPaisa") VALUES ($1, 'test:a', 7)`, [id]);
      }),
    ).rejects.toThrow(/does not balance/);
    expect(await server.services.ledger.balance("test:a")).toBe(-500);
  });

  it("posts a movement once per key", async ({ server }) => {
    const movement = {
      key: "test:once",
      kind: MovementKind.FEE,
      entries: [
        { account: "test:c", amountPaisa: -1 },
        { account: "test:d", amountPaisa: 1 },
      ],
    };
    const results = await Promise.all([0, 1, 2].map(() => server.dataSource.transaction((m) => server.services.ledger.post(m, movement))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await server.services.ledger.balance("test:d")).toBe(1);
  });

  it("sums to zero for an order in every state of its payment, and all balances together are zero", async ({ server, cast }) => {
    const { buyer, seller, admin } = cast;
    const order = () => paidCardOrder(server, buyer, seller, 120_000 + Math.floor(Math.random() * 1000));
    const heldOrder = await order();
    const released = await order();
    await handOver(server, released.id);
    const cancelled = await order();
    await setStatus(server, buyer, cancelled.id, "CANCELLED");
    const rejected = await order();
    await setStatus(server, seller, rejected.id, "REJECTED");
    const disputed = await order();
    await setStatus(server, seller, disputed.id, "CONFIRMED");
    await objectToHandover(server, disputed.id, "The seller never came to the meetup point.");
    const partly = await order();
    await setStatus(server, seller, partly.id, "CONFIRMED");
    await objectToHandover(server, partly.id, "Only half of the set was in the box.");
    const [dispute] = await server.dataSource.query(`SELECT id FROM disputes WHERE "orderId" = $1`, [partly.id]);
    await server.services.disputes.decide(dispute.id, { outcome: DisputeOutcome.PARTIAL_REFUND, refundAmount: 500 }, asCaller(admin));

    const expected: Array<[typeof heldOrder, HeldPaymentState, string[], boolean]> = [
      [heldOrder, HeldPaymentState.HELD, ["HELD"], true],
      [released, HeldPaymentState.RELEASED, ["HELD", "RELEASED"], false],
      [cancelled, HeldPaymentState.REFUNDED, ["HELD", "REFUNDED", "REFUND_SENT"], false],
      [rejected, HeldPaymentState.REFUNDED, ["HELD", "REFUNDED", "REFUND_SENT"], false],
      [disputed, HeldPaymentState.DISPUTED, ["HELD"], true],
      [partly, HeldPaymentState.PARTLY_REFUNDED, ["HELD", "REFUNDED", "RELEASED", "REFUND_SENT"], false],
    ];
    // each refund is posted as sent once the provider (here the card sandbox) confirms it, by a job
    await jobsSettled(server);
    for (const [paid, state, kinds, stillHeld] of expected) {
      const ledger = await orderLedger(server, paid.id);
      expect({
        state: (await server.dataSource.query(`SELECT state FROM held_payments WHERE "orderId" = $1`, [paid.id]))[0].state,
        ...ledger,
      }).toEqual({
        state,
        kinds,
        movementSums: kinds.map(() => 0),
        total: 0,
        held: stillHeld ? Math.round(paid.total * 100) : 0,
      });
    }
    const [{ total }] = await server.dataSource.query(`SELECT sum("amountPaisa")::bigint AS total FROM ledger_entries`);
    expect(Number(total)).toBe(0);
  });
});
