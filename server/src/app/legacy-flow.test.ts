import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { signUp, type SignedIn } from "../test/fixtures";
import type { TestServer } from "../test/harness";

/** A legacy client's whole journey over /api alone, as the old web app made it. */

let admin: SignedIn;

it.beforeAll(async ({ server }) => {
  // admins cannot register: an operator makes one
  admin = await signUp(server, "admin");
});

type Session = { token: string; cookie: string; userId: string; email: string };

/** The legacy register -> login dance; the client keeps token, user and userId as it did. */
async function registerAndLogin(server: TestServer, body: Record<string, string>): Promise<Session> {
  const registered = await server.api("POST", "/api/auth/register", { body });
  expect(registered.status).toBe(201);
  const login = await server.api("POST", "/api/auth/login", { body: { email: body.email, password: body.password } });
  expect(login.status).toBe(200);
  return {
    token: login.body.token,
    cookie: (login.headers.get("set-cookie") ?? "").split(";")[0],
    userId: login.body.user._id,
    email: login.body.user.email,
  };
}

const person = (name: string, role: string, extra: Record<string, string> = {}) => ({
  email: `${name}@legacy.pk`,
  password: "legacy-pass-42",
  name: `${name} Khan`,
  role,
  username: name,
  contactNumber: "03001234567",
  ...extra,
});

describe("a legacy client over REST", () => {
  it("registers, lists, reviews, orders across two sellers, manages orders, reads stats, and administers users", async ({ server }) => {
    const ali = await registerAndLogin(server, person("ali_seller", "seller", { sellerType: "individual" }));
    const store = await registerAndLogin(
      server,
      person("campus_store", "seller", {
        sellerType: "business",
        storeName: "Campus Corner",
        storeDescription: "Stationery near the library.",
      }),
    );
    const fatima = await registerAndLogin(server, person("fatima", "user"));
    const bearer = (s: Session) => ({ token: s.token });

    // each seller uploads a picture of their own and lists products with it (sellerId from localStorage.userId);
    // a listing showing another seller's photo would be held for review
    const uploadAs = async (s: Session, shade: number) => {
      const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: shade, g: 10, b: 255 - shade } } })
        .png()
        .toBuffer();
      const upload = await server.api("POST", "/api/upload/Image", {
        ...bearer(s),
        body: { image: `data:image/png;base64,${png.toString("base64")}` },
      });
      expect(upload.status).toBe(200);
      return upload.body as string;
    };
    const imageUrl = await uploadAs(ali, 10);
    const storeImageUrl = await uploadAs(store, 240);
    const create = (s: Session, body: Record<string, unknown>) =>
      server.api("POST", "/api/products/create-product", {
        ...bearer(s),
        body: {
          description: "Barely used, pick up on campus.",
          image: s === store ? storeImageUrl : imageUrl,
          sellerId: s.userId,
          ...body,
        },
      });
    const calculator = (await create(ali, { name: "Scientific calculator", category: "electronics", color: "black", price: "2500" })).body;
    const headphones = (await create(ali, { name: "Headphones", category: "electronics", color: "silver", price: 1800 })).body;
    // a store keeps stock: without quantityAvailable a listing is a single item
    const notebook = (
      await create(store, { name: "Ruled notebook", category: "stationery", color: "blue", price: 150, quantityAvailable: 10 })
    ).body;
    expect(calculator).toMatchObject({ _id: expect.any(String), price: 2500, image: imageUrl, sellerId: { _id: ali.userId } });

    // the shop: list, filter, page; the seller's own list
    const shop = await server.api("GET", "/api/products/?category=all&color=all&minPrice=0&maxPrice=Infinity&page=1&limit=8");
    expect(shop.body).toMatchObject({ totalProducts: 3, totalPages: 1 });
    expect(shop.body.products.map((p: any) => p.name)).toEqual(["Ruled notebook", "Headphones", "Scientific calculator"]);
    const electronics = await server.api("GET", "/api/products?category=electronics&minPrice=2000&maxPrice=Infinity");
    expect(electronics.body.products.map((p: any) => p._id)).toEqual([calculator._id]);
    const aliList = await server.api("GET", `/api/products/seller/${ali.userId}?page=1&limit=10`);
    expect(aliList.body.totalProducts).toBe(2);

    // the seller edits a product
    const edited = await server.api("PATCH", `/api/products/update-product/${headphones._id}`, {
      ...bearer(ali),
      body: { price: 1600, oldPrice: 1800 },
    });
    expect(edited.body.product).toMatchObject({ price: 1600, oldPrice: 1800 });

    // the buyer reviews with the cookie only (credentials: include), then changes the review
    const review = (rating: number, comment: string) =>
      server.api("POST", "/api/reviews/post-review", {
        cookie: fatima.cookie,
        body: { comment, rating, userId: fatima.userId, productId: calculator._id },
      });
    expect((await review(3, "Works")).status).toBe(200);
    const updated = await review(5, "Works great, all functions fine");
    expect(updated.body.reviews).toEqual([
      expect.objectContaining({
        rating: 5,
        comment: "Works great, all functions fine",
        userId: expect.objectContaining({ _id: fatima.userId }),
      }),
    ]);
    const page = await server.api("GET", `/api/products/${calculator._id}`);
    expect(page.body.product.rating).toBe(5);
    expect(page.body.reviews).toHaveLength(1);
    expect((await server.api("GET", `/api/reviews/${fatima.userId}`, { cookie: fatima.cookie })).body).toHaveLength(1);
    expect((await server.api("GET", "/api/reviews/total-reviews")).body).toEqual({ totalReviews: 1 });

    // checkout with both sellers' products: one order per seller, priced by the server
    const placed = await server.api("POST", "/api/orders/place-order", {
      ...bearer(fatima),
      body: {
        products: [
          { productId: calculator._id, quantity: 1 },
          { productId: notebook._id, quantity: 4 },
        ],
        amount: 10,
        shippingDetails: { address: "Girls Hostel 2, Room 14", city: "Lahore", postalCode: "54000", country: "Pakistan" },
        contactNumber: "03214567890",
      },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.orders).toHaveLength(2);
    const aliOrder = placed.body.orders.find((o: any) => o.products[0].productId._id === calculator._id);
    const storeOrder = placed.body.orders.find((o: any) => o !== aliOrder);
    expect(aliOrder.amount).toBe(2625);
    expect(storeOrder).toMatchObject({
      amount: 630,
      products: [{ productId: { _id: notebook._id, name: "Ruled notebook" }, quantity: 4 }],
    });

    const mine = await server.api("GET", "/api/orders/my-orders", bearer(fatima));
    expect(mine.body.totalOrders).toBe(2);
    const aliOrders = await server.api("GET", `/api/orders/seller/${ali.userId}?page=1&limit=10`, bearer(ali));
    expect(aliOrders.body.orders.map((o: any) => o._id)).toEqual([aliOrder._id]);
    const storeOrders = await server.api("GET", `/api/orders/seller/${store.userId}`, bearer(store));
    expect(storeOrders.body.orders.map((o: any) => o._id)).toEqual([storeOrder._id]);
    expect((await server.api("GET", `/api/orders/seller/${store.userId}`, bearer(ali))).status).toBe(403);

    // the seller's status modal: confirmed; the other seller rejects theirs
    expect(
      (await server.api("PATCH", `/api/orders/update-status/${aliOrder._id}`, { ...bearer(ali), body: { status: "confirmed" } })).body
        .status,
    ).toBe("confirmed");
    expect(
      (await server.api("PATCH", `/api/orders/update-status/${storeOrder._id}`, { ...bearer(store), body: { status: "rejected" } })).body
        .status,
    ).toBe("rejected");

    // dashboards
    const userStats = await server.api("GET", `/api/stats/user-stats/${fatima.email}`, { cookie: fatima.cookie });
    expect(userStats.body).toEqual({ totalPayments: 2625, totalReviews: 1, totalPurchasedProducts: 1 });
    const sellerStats = await server.api("GET", `/api/stats/seller-stats/${ali.userId}`, bearer(ali));
    expect(sellerStats.body).toEqual({ totalSales: 1, totalRevenue: 2500, totalOrdersManaged: 1, totalProducts: 2, totalReviews: 1 });
    const adminStats = await server.api("GET", "/api/stats/admin-stats", { token: admin.token });
    expect(adminStats.body).toMatchObject({ totalOrders: 2, totalProducts: 3, totalReviews: 1, totalUsers: 4, totalEarnings: 2625 });
    const revenue = await server.api("GET", "/api/auth/admin/sellers/revenue", { token: admin.token });
    expect(revenue.body).toEqual([
      expect.objectContaining({ sellerId: ali.userId, totalRevenue: 2500, sellerType: "individual" }),
      expect.objectContaining({ sellerId: store.userId, totalRevenue: 0, storeName: "Campus Corner" }),
    ]);

    // the buyer edits their profile
    const profile = await server.api("PATCH", "/api/auth/edit-profile", {
      ...bearer(fatima),
      body: { userId: fatima.userId, username: "fatima_k", contactNumber: "03214567890" },
    });
    expect(profile.body.user).toMatchObject({ _id: fatima.userId, username: "fatima_k" });

    // user management: promote the buyer, delete the business seller; the buyer's order history stays
    const users = await server.api("GET", "/api/auth/users", { token: admin.token });
    expect(users.body).toHaveLength(4);
    expect(
      (await server.api("PUT", `/api/auth/users/${fatima.userId}`, { token: admin.token, body: { role: "admin" } })).body.user.role,
    ).toBe("admin");
    expect((await server.api("GET", "/api/stats/admin-stats", bearer(fatima))).status).toBe(200);
    expect((await server.api("DELETE", `/api/auth/users/${store.userId}`, { token: admin.token })).body).toEqual({
      message: "User deleted successfully",
    });
    expect((await server.api("GET", `/api/products/${notebook._id}`)).status).toBe(404);
    const history = await server.api("GET", "/api/orders/my-orders", bearer(fatima));
    expect(history.body.orders.find((o: any) => o._id === storeOrder._id)).toMatchObject({
      products: [{ productId: { name: "Ruled notebook" }, quantity: 4 }],
    });

    // logout revokes the token
    expect((await server.api("POST", "/api/auth/logout", bearer(ali))).status).toBe(200);
    expect((await server.api("GET", "/api/orders/my-orders", bearer(ali))).status).toBe(401);
  });
});

describe("/api/openapi.json", () => {
  const CONTRACT: Array<[string, string]> = [
    ["post", "/api/auth/register"],
    ["post", "/api/auth/login"],
    ["post", "/api/auth/logout"],
    ["get", "/api/auth/users"],
    ["delete", "/api/auth/users/{id}"],
    ["put", "/api/auth/users/{id}"],
    ["patch", "/api/auth/edit-profile"],
    ["get", "/api/auth/admin/sellers/revenue"],
    ["get", "/api/products"],
    ["get", "/api/products/{id}"],
    ["post", "/api/products/create-product"],
    ["patch", "/api/products/update-product/{id}"],
    ["delete", "/api/products/{id}"],
    ["get", "/api/products/seller/{sellerId}"],
    ["post", "/api/reviews/post-review"],
    ["get", "/api/reviews/total-reviews"],
    ["get", "/api/reviews/{userId}"],
    ["post", "/api/orders/place-order"],
    ["get", "/api/orders/my-orders"],
    ["get", "/api/orders/seller/{sellerId}"],
    ["patch", "/api/orders/update-status/{id}"],
    ["get", "/api/orders"],
    ["post", "/api/orders/confirm-payment"],
    ["get", "/api/stats/user-stats/{idOrEmail}"],
    ["get", "/api/stats/seller-stats/{sellerId}"],
    ["get", "/api/stats/admin-stats"],
    ["post", "/api/upload/Image"],
  ];

  it("documents every path of the REST contract, with its method, and nothing else", async ({ server }) => {
    const { body } = await server.api("GET", "/api/openapi.json");
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m} ${path}`),
    );
    expect(documented.sort()).toEqual(CONTRACT.map(([m, p]) => `${m} ${p}`).sort());
    expect(body.paths["/api/products/create-product"].post.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(body.paths["/api/orders/place-order"].post.responses["201"].content["application/json"].schema).toBeDefined();
  });
});
