import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCaller, signUp, type SignedIn } from "../../test/fixtures";
import { endOpenTransactions, jobsSettled, startTestServer, type TestServer } from "../../test/harness";
import { browserKeys, localPushService } from "../../test/push-service";
import { said } from "../../test/notifications";
import { NotificationKind } from "../notifications/entity";
import { PushKind } from "./entity";

/**
 * A push service that takes its time: `push.send` waits on it in no database transaction, so no
 * transaction outlives TRANSACTION_TIMEOUT_MS for it and a push is sent once.
 */
describe("Web Push to a push service that answers slowly", () => {
  let server: TestServer;
  let pushService: Awaited<ReturnType<typeof localPushService>>;
  let seller: SignedIn;

  beforeAll(async () => {
    [server, pushService] = await Promise.all([startTestServer({ env: { PUSH_PRIVATE_HOSTS: "127.0.0.1" } }), localPushService()]);
    seller = await signUp(server, "seller");
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  it("keeps no transaction open while the push service answers, so a transaction ended meanwhile sends no push twice", async () => {
    const keys = browserKeys();
    const endpoint = pushService.endpoint("/slow-phone");
    await server.services.push.saveDevice(asCaller(seller), { endpoint, p256dh: keys.p256dh, auth: keys.auth, kinds: [PushKind.OFFERS] });
    const held = pushService.holdNext();
    await server.services.notifications.notify(seller.user.id, {
      kind: NotificationKind.OFFER,
      message: said("An offer came"),
      link: "/messages",
    });
    await held.arrived;
    await sleep(500);
    // the push service still has the push: what PostgreSQL 17+ ends once it is open for TRANSACTION_TIMEOUT_MS
    const openDuringWait = await endOpenTransactions(server);
    held.release();
    await jobsSettled(server);
    const pushes = pushService.received.filter((push) => push.path === "/slow-phone").length;
    expect({ openDuringWait, pushes }).toEqual({ openDuringWait: 0, pushes: 1 });
  });
});
