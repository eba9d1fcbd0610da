import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import type { TestServer } from "../../test/harness";

let n = 0;
const newBuyer = () => {
  n++;
  return {
    email: `legacy${n}-${Date.now()}@uni.pk`,
    password: "legacy-pass-1",
    name: "Legacy Buyer",
    role: "user",
    username: `legacy_${n}_${Date.now() % 100000}`,
    contactNumber: "03331234567",
  };
};

async function registerAndLogin(server: TestServer) {
  const body = newBuyer();
  await server.api("POST", "/api/auth/register", { body });
  const login = await server.api("POST", "/api/auth/login", { body: { email: body.email, password: body.password } });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  return { body, login, cookie };
}

describe("POST /api/auth/register", () => {
  it("answers 201 {message, token, user} without the password", async ({ server }) => {
    const res = await server.api("POST", "/api/auth/register", { body: newBuyer() });
    expect(res.status).toBe(201);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ _id: expect.any(String), role: "user", sellerType: null });
    expect(res.body.user._id).toBe(res.body.user.id);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("signs the new user in, as legacy clients believe: the token cookie works at once, even beside `Bearer null`", async ({ server }) => {
    const res = await server.api("POST", "/api/auth/register", { body: newBuyer() });
    expect(res.status).toBe(201);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(";")[0];
    expect(cookie).toBe(`token=${res.body.token}`);
    const stats = `/api/stats/user-stats/${res.body.user._id}`;
    expect((await server.api("GET", stats, { cookie })).status).toBe(200);
    // the client keeps no token after register and sends whatever its storage holds
    expect((await server.api("GET", stats, { cookie, headers: { authorization: "Bearer null" } })).status).toBe(200);
    expect((await server.api("GET", stats, { headers: { authorization: "Bearer null" } })).status).toBe(401);
  });

  it("answers 400 {message, fields} for missing fields and 409 for a taken e-mail", async ({ server }) => {
    const missing = await server.api("POST", "/api/auth/register", { body: { email: "x@uni.pk" } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty("password");
    const body = newBuyer();
    await server.api("POST", "/api/auth/register", { body });
    const again = await server.api("POST", "/api/auth/register", { body: { ...body, username: "someone_else" } });
    expect(again).toMatchObject({ status: 409, body: { message: "Email or username already registered." } });
  });

  it("requires seller type and, for a business, the store fields", async ({ server }) => {
    const seller = await server.api("POST", "/api/auth/register", { body: { ...newBuyer(), role: "seller", sellerType: "business" } });
    expect(seller.status).toBe(400);
    expect(Object.keys(seller.body.fields).sort()).toEqual(["storeDescription", "storeName"]);
  });
});

describe("POST /api/auth/login and /logout", () => {
  it("answers the token and user and sets an httpOnly cookie", async ({ server }) => {
    const { login, body } = await registerAndLogin(server);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ token: expect.any(String), user: { email: body.email, username: body.username, role: "user" } });
    const setCookie = login.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
  });

  it("answers 401 with one message for bad credentials", async ({ server }) => {
    const res = await server.api("POST", "/api/auth/login", { body: { email: "nobody@uni.pk", password: "nope-nope" } });
    expect(res).toMatchObject({ status: 401, body: { message: "Invalid email or password." } });
  });

  it("logs out with the cookie alone, clears it, and the token stops working", async ({ server }) => {
    const { login, cookie } = await registerAndLogin(server);
    const out = await server.api("POST", "/api/auth/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/token=;/);
    const again = await server.api("POST", "/api/auth/logout", { token: login.body.token });
    expect(again.status).toBe(401);
  });

  it("refuses a cookie-authenticated write from a foreign origin (CSRF) and changes nothing", async ({ server }) => {
    const { login, cookie } = await registerAndLogin(server);
    const forged = await server.api("POST", "/api/auth/logout", { cookie, headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    const me = await server.gql(`{ me { id } }`, {}, login.body.token);
    expect(me.data.me.id).toBe(login.body.user._id);
  });

  it("answers 401 without a token", async ({ server }) => {
    expect((await server.api("POST", "/api/auth/logout")).status).toBe(401);
  });
});

describe("request hygiene", () => {
  it("answers malformed JSON with 400 {message}", async ({ server }) => {
    const res = await server.api("POST", "/api/auth/login", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(res).toMatchObject({ status: 400, body: { message: "Malformed JSON body." } });
  });

  it("refuses a form-encoded write", async ({ server }) => {
    const res = await server.api("POST", "/api/auth/login", {
      body: "email=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/JSON/);
  });

  it("answers unknown paths with 404 {message}", async ({ server }) => {
    expect(await server.api("GET", "/api/nothing-here")).toMatchObject({ status: 404, body: { message: "Not found." } });
  });

  it("echoes an allowed origin for CORS with credentials, and not a foreign one", async ({ server }) => {
    const allowed = await server.api("GET", "/api/openapi.json", { headers: { origin: "http://localhost:5173" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    const foreign = await server.api("GET", "/api/openapi.json", { headers: { origin: "https://evil.example" } });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("serves an OpenAPI 3.1 document made from the route definitions", async ({ server }) => {
    const res = await server.api("GET", "/api/openapi.json");
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(["/api/auth/register", "/api/auth/login", "/api/auth/logout"]));
    expect(res.body.paths["/api/auth/login"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
  });
});
