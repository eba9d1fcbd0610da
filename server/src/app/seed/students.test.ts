import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness";
import { DEMO_PASSWORD, demoLogins } from "./seed";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

it("seeds verified students at three universities beside unverified accounts; every demo login still works", async () => {
  const res = await server.gql(
    `{ users(pageSize: 50) { items { username isVerifiedStudent university universityEmail } } }`,
    {},
    (await server.services.auth.login({ email: "admin@unibazaar.pk", password: DEMO_PASSWORD }, "10.1.1.1")).token,
  );
  const byName = new Map((res.data.users.items as Array<{ username: string }>).map((u) => [u.username, u]));
  expect(byName.get("ali_gadgets")).toMatchObject({
    isVerifiedStudent: true,
    university: expect.stringContaining("NUST"),
    universityEmail: "ali.raza@nust.edu.pk",
  });
  expect(byName.get("fatima")).toMatchObject({ isVerifiedStudent: true, university: expect.stringContaining("LUMS") });
  expect(byName.get("hamza")).toMatchObject({ isVerifiedStudent: true, university: "FAST-NUCES Lahore" });
  for (const unverified of ["campus_corner", "zainab", "admin"])
    expect(byName.get(unverified)).toMatchObject({ isVerifiedStudent: false, university: null });

  for (const login of demoLogins) {
    const signedIn = await server.services.auth.login({ email: login.email, password: DEMO_PASSWORD }, "10.1.1.2");
    expect(signedIn.user.username).toBe(login.username);
  }
  // Ali's listings are at NUST: the shop's verified filter there finds them
  const nust = await server.gql(`{ products(filter: { campus: "nust-islamabad", verifiedSellersOnly: true }) { totalItems } }`);
  expect(nust.data.products.totalItems).toBeGreaterThan(0);
});
