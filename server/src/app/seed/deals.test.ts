import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness";
import { DEMO_PASSWORD } from "./seed";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const tokenOf = async (email: string) => (await server.services.auth.login({ email, password: DEMO_PASSWORD }, "10.9.9.8")).token;
const ORDERS = `{ myOrders(pageSize: 50) { items { id reviews { mine { comment } theirs { comment } theirsWritten } noShow { status } } } }`;

it("seeds a user with an upheld no-show, a revealed pair of reviews and a hidden one", async () => {
  const zainab = (await server.gql(ORDERS, {}, await tokenOf("zainab@student.pk"))).data.myOrders.items;
  expect(zainab.filter((o: { noShow: { status: string } | null }) => o.noShow?.status === "UPHELD")).toHaveLength(1);
  // ali's review of her is written but hidden until she writes hers
  expect(zainab).toContainEqual(expect.objectContaining({ reviews: { mine: null, theirs: null, theirsWritten: true } }));

  const hamza = (await server.gql(ORDERS, {}, await tokenOf("hamza@student.pk"))).data.myOrders.items;
  expect(hamza).toContainEqual(
    expect.objectContaining({
      reviews: { mine: { comment: expect.any(String) }, theirs: { comment: "Paid on time and collected as agreed." }, theirsWritten: true },
    }),
  );

  const record = await server.gql(`{ sellerPage(username: "campus_corner") { seller { reliability { completedDeals typicalReply } } } }`);
  expect(record.data.sellerPage.seller.reliability.completedDeals).toBeGreaterThanOrEqual(1);
  const zainabRecord = await server.dataSource.query(
    `SELECT "noShows" FROM user_reliability r JOIN users u ON u.id = r."userId" WHERE u.username = 'zainab'`,
  );
  expect(zainabRecord).toEqual([{ noShows: 1 }]);
});
