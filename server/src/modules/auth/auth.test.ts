import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { User } from "../users/entity";

const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { id email role sellerType storeName storeDescription } }`;
const LOGIN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token user { id email role } } }`;
const ME = `{ me { id email username role } }`;

const buyer = (over: Record<string, unknown> = {}) => ({
  email: `buyer${Math.random().toString(36).slice(2, 8)}@uni.pk`,
  password: "secret-pass-1",
  username: `b_${Math.random().toString(36).slice(2, 8)}`,
  name: "Sara Buyer",
  contactNumber: "03211234567",
  role: "USER",
  ...over,
});

describe("register", () => {
  it("creates a buyer and stores no seller fields for them", async ({ server }) => {
    const res = await server.gql(REGISTER, { input: buyer({ sellerType: "BUSINESS", storeName: "Ignored", storeDescription: "Ignored" }) });
    expect(res.errors).toBeUndefined();
    expect(res.data.register).toMatchObject({ role: "USER", sellerType: null, storeName: null, storeDescription: null });
  });

  it("requires a seller type from sellers", async ({ server }) => {
    const res = await server.gql(REGISTER, { input: buyer({ role: "SELLER" }) });
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].extensions?.fields).toHaveProperty("sellerType");
  });

  it("requires store name and description from business sellers", async ({ server }) => {
    const res = await server.gql(REGISTER, { input: buyer({ role: "SELLER", sellerType: "BUSINESS" }) });
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.errors?.[0].extensions?.fields ?? {}).sort()).toEqual(["storeDescription", "storeName"]);
  });

  it("keeps store fields for a business seller but not for an individual one", async ({ server }) => {
    const business = await server.gql(REGISTER, {
      input: buyer({ role: "SELLER", sellerType: "BUSINESS", storeName: "Hostel Mart", storeDescription: "Snacks and supplies" }),
    });
    expect(business.data.register).toMatchObject({ role: "SELLER", sellerType: "BUSINESS", storeName: "Hostel Mart" });
    const individual = await server.gql(REGISTER, { input: buyer({ role: "SELLER", sellerType: "INDIVIDUAL", storeName: "Nope" }) });
    expect(individual.data.register).toMatchObject({ sellerType: "INDIVIDUAL", storeName: null });
  });

  it("refuses the admin role", async ({ server }) => {
    const res = await server.gql(REGISTER, { input: buyer({ role: "ADMIN" }) });
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("refuses an e-mail already registered in another case, and stores nothing twice", async ({ server }) => {
    const input = buyer();
    await server.gql(REGISTER, { input });
    const again = await server.gql(REGISTER, { input: { ...input, email: input.email.toUpperCase(), username: "other_name" } });
    expect(again.errors?.[0]).toMatchObject({ message: "Email or username already registered.", extensions: { code: "CONFLICT" } });
    expect(await server.dataSource.getRepository(User).countBy({ email: input.email })).toBe(1);
  });

  it("names every bad field at once", async ({ server }) => {
    const res = await server.gql(REGISTER, { input: buyer({ email: "not-an-email", password: "short", contactNumber: "abc" }) });
    expect(Object.keys(res.errors?.[0].extensions?.fields ?? {}).sort()).toEqual(["contactNumber", "email", "password"]);
  });
});

describe("login, me and logout", () => {
  it("signs in, answers me, and revokes the token on logout", async ({ server }) => {
    const input = buyer();
    await server.gql(REGISTER, { input });
    const login = await server.gql(LOGIN, { email: input.email.toUpperCase(), password: input.password });
    const token = login.data.login.token as string;
    expect(login.data.login.user.email).toBe(input.email);

    const me = await server.gql(ME, {}, token);
    expect(me.data.me).toMatchObject({ email: input.email, role: "USER" });

    const logout = await server.gql(`mutation { logout }`, {}, token);
    expect(logout.data.logout).toBe(true);
    const after = await server.gql(ME, {}, token);
    expect(after.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("gives one message for a wrong password and for an unknown e-mail", async ({ server }) => {
    const input = buyer();
    await server.gql(REGISTER, { input });
    const wrong = await server.gql(LOGIN, { email: input.email, password: "wrong-password" });
    const unknown = await server.gql(LOGIN, { email: "nobody@uni.pk", password: "whatever1" });
    expect(wrong.errors?.[0]).toMatchObject({ message: "Invalid email or password.", extensions: { code: "UNAUTHENTICATED" } });
    expect(unknown.errors?.[0].message).toBe(wrong.errors?.[0].message);
  });

  it("rate-limits repeated failures for one e-mail, even with the right password afterwards", async ({ server }) => {
    const input = buyer();
    await server.gql(REGISTER, { input });
    for (let i = 0; i < 5; i++) await server.gql(LOGIN, { email: input.email, password: "wrong-password" });
    const blocked = await server.gql(LOGIN, { email: input.email, password: input.password });
    expect(blocked.errors?.[0].extensions?.code).toBe("RATE_LIMITED");
  });

  it("treats a forged or expired token as anonymous", async ({ server }) => {
    const me = await server.gql(ME, {}, "not.a.token");
    expect(me.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
