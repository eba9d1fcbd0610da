import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { User } from "./entity";

let admin: SignedIn;
let buyer: SignedIn;
let seller: SignedIn;

it.beforeAll(async ({ server }) => {
  [admin, buyer, seller] = await Promise.all([signUp(server, "admin"), signUp(server, "user"), signUp(server, "seller")]);
});

const userRow = (server: TestServer, id: string) => server.dataSource.getRepository(User).findOneBy({ id });

describe("GET /api/auth/users", () => {
  it("answers admins an array of user documents, newest first, with the total in X-Total-Count", async ({ server }) => {
    const res = await server.api("GET", "/api/auth/users", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("3");
    expect(res.body.map((u: any) => u._id).sort()).toEqual([admin.user.id, buyer.user.id, seller.user.id].sort());
    expect(res.body.find((u: any) => u._id === buyer.user.id)).toMatchObject({
      _id: buyer.user.id,
      email: buyer.user.email,
      username: buyer.user.username,
      role: "user",
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await server.api("GET", "/api/auth/users?limit=1&page=2", { token: admin.token })).body).toHaveLength(1);
  });

  it("refuses buyers and sellers (403) and anonymous callers (401)", async ({ server }) => {
    expect((await server.api("GET", "/api/auth/users", { token: buyer.token })).status).toBe(403);
    expect((await server.api("GET", "/api/auth/users", { token: seller.token })).status).toBe(403);
    expect((await server.api("GET", "/api/auth/users")).status).toBe(401);
  });
});

describe("PUT /api/auth/users/:id", () => {
  it("sets a role: {message, user}, effective on the user's next request with the same token", async ({ server }) => {
    const promoted = await signUp(server, "user");
    const res = await server.api("PUT", `/api/auth/users/${promoted.user.id}`, { token: admin.token, body: { role: "seller" } });
    expect(res).toMatchObject({
      status: 200,
      body: { message: "User role updated successfully", user: { _id: promoted.user.id, role: "seller", sellerType: "individual" } },
    });
    const product = await server.api("POST", "/api/products/create-product", {
      token: promoted.token,
      body: {
        name: "Old bicycle",
        category: "sports",
        color: "red",
        price: 8000,
        description: "Rides fine, needs a new bell.",
        image: "/uploads/bike.webp",
      },
    });
    expect(product.status).toBe(201);
  });

  it("refuses a bad role (400), an unknown user (404), the admin's own role (403), non-admins (403) and anonymous (401), changing nothing", async ({
    server,
  }) => {
    const path = `/api/auth/users/${buyer.user.id}`;
    expect(await server.api("PUT", path, { token: admin.token, body: { role: "superuser" } })).toMatchObject({
      status: 400,
      body: { message: "Role must be user, seller or admin." },
    });
    expect((await server.api("PUT", path, { token: admin.token, body: {} })).status).toBe(400);
    expect(
      (await server.api("PUT", "/api/auth/users/00000000-0000-4000-8000-000000000000", { token: admin.token, body: { role: "admin" } }))
        .status,
    ).toBe(404);
    expect((await server.api("PUT", `/api/auth/users/${admin.user.id}`, { token: admin.token, body: { role: "user" } })).status).toBe(403);
    expect((await server.api("PUT", path, { token: seller.token, body: { role: "admin" } })).status).toBe(403);
    expect((await server.api("PUT", path, { body: { role: "admin" } })).status).toBe(401);
    expect((await userRow(server, buyer.user.id))?.role).toBe("user");
    expect((await userRow(server, admin.user.id))?.role).toBe("admin");
  });
});

describe("DELETE /api/auth/users/:id", () => {
  it("deletes: {message}; the user's token stops working; a second delete is 404", async ({ server }) => {
    const doomed = await signUp(server, "user");
    expect(await server.api("DELETE", `/api/auth/users/${doomed.user.id}`, { token: admin.token })).toMatchObject({
      status: 200,
      body: { message: "User deleted successfully" },
    });
    expect(await userRow(server, doomed.user.id)).toBeNull();
    expect((await server.api("GET", "/api/orders/my-orders", { token: doomed.token })).status).toBe(401);
    expect((await server.api("DELETE", `/api/auth/users/${doomed.user.id}`, { token: admin.token })).status).toBe(404);
  });

  it("refuses the admin's own account (403), non-admins (403) and anonymous (401), deleting nothing", async ({ server }) => {
    expect((await server.api("DELETE", `/api/auth/users/${admin.user.id}`, { token: admin.token })).status).toBe(403);
    expect((await server.api("DELETE", `/api/auth/users/${buyer.user.id}`, { token: seller.token })).status).toBe(403);
    expect((await server.api("DELETE", `/api/auth/users/${buyer.user.id}`)).status).toBe(401);
    expect(await userRow(server, buyer.user.id)).not.toBeNull();
    expect(await userRow(server, admin.user.id)).not.toBeNull();
  });
});

describe("PATCH /api/auth/edit-profile", () => {
  it("edits the caller's own profile: {message, user}; an inline data-URL picture is stored and its address kept", async ({ server }) => {
    const me = await signUp(server, "user");
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .png()
      .toBuffer();
    const res = await server.api("PATCH", "/api/auth/edit-profile", {
      token: me.token,
      body: {
        userId: me.user.id,
        username: `${me.user.username}_2`,
        contactNumber: "03119876543",
        profileImage: `data:image/png;base64,${picture.toString("base64")}`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Profile updated successfully",
      user: {
        _id: me.user.id,
        username: `${me.user.username}_2`,
        contactNumber: "03119876543",
        profileImage: expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.webp$`)),
      },
    });
    expect((await fetch(res.body.user.profileImage as string)).status).toBe(200);
  });

  it("refuses someone else's userId (403), a taken username (409), bad input (400) and anonymous (401), changing nothing", async ({
    server,
  }) => {
    const me = await signUp(server, "user");
    const edit = (body: Record<string, unknown>, token: string | undefined = me.token) =>
      server.api("PATCH", "/api/auth/edit-profile", { token, body });
    expect((await edit({ userId: buyer.user.id, username: "hijacked" })).status).toBe(403);
    expect(await edit({ username: buyer.user.username })).toMatchObject({
      status: 409,
      body: { message: "That username is already taken." },
    });
    expect(await edit({ username: "x" })).toMatchObject({
      status: 400,
      body: { fields: { username: "Username must be 3 to 40 characters." } },
    });
    expect((await edit({ username: "fine_name", profileImage: "data:image/png;base64,bm90IGFuIGltYWdl" })).status).toBe(400);
    expect((await server.api("PATCH", "/api/auth/edit-profile", { body: { username: "anonymous_one" } })).status).toBe(401);
    expect(await userRow(server, me.user.id)).toMatchObject({ username: me.user.username, profileImage: null });
    expect((await userRow(server, buyer.user.id))?.username).toBe(buyer.user.username);
  });
});
