import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertOrder, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { OrderStatus } from "../orders/entity";
import { Product } from "./entity";
import type { AuthUser } from "../../platform/auth/roles";

let buyer: SignedIn;
it.beforeAll(async ({ server }) => {
  buyer = await signUp(server);
});
// each test ranks exactly the products it lists: none left over from another test
it.beforeEach(({ server }) => server.dataSource.query("TRUNCATE products, checkout_sessions CASCADE"));

const listProduct = (server: TestServer, name: string, seller: AuthUser) =>
  server.services.products.create(
    { name, description: "A product for the trending test.", category: "books", color: "red", price: 100, image: "/uploads/t.webp" },
    seller,
  );

describe("trendingProducts", () => {
  it("scores 2 x recent units + rating x ln(1 + reviews), ignoring refused, cancelled and old orders; newest first on ties", async ({
    server,
  }) => {
    const sellerCaller = asCaller(await signUp(server, "seller"));
    const make = (name: string) => listProduct(server, name, sellerCaller);
    // created oldest first: with no boost, the later ones come first
    const cancelled = await make("Cancelled Only");
    const old = await make("Sold Long Ago");
    await make("Plain");
    const hot = await make("Hot Seller");
    const rated = await make("Well Rated");
    await insertOrder(server.dataSource, {
      buyerId: buyer.user.id,
      lines: [{ product: hot, quantity: 40 }],
      status: OrderStatus.CONFIRMED,
    });
    await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product: hot, quantity: 5 }], status: OrderStatus.PENDING });
    await insertOrder(server.dataSource, {
      buyerId: buyer.user.id,
      lines: [{ product: cancelled, quantity: 500 }],
      status: OrderStatus.CANCELLED,
    });
    await insertOrder(server.dataSource, {
      buyerId: buyer.user.id,
      lines: [{ product: cancelled, quantity: 500 }],
      status: OrderStatus.REJECTED,
    });
    await insertOrder(server.dataSource, {
      buyerId: buyer.user.id,
      lines: [{ product: old, quantity: 500 }],
      status: OrderStatus.COMPLETED,
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    // 5 x ln(1 + 1000) = 34.5: below 2 x 45 units = 90
    await server.dataSource.getRepository(Product).update(rated.id, { ratingAverage: 5, ratingCount: 1000 });

    const res = await server.gql(`{ trendingProducts { name } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.trendingProducts.map((p: { name: string }) => p.name)).toEqual([
      "Hot Seller",
      "Well Rated",
      "Plain",
      "Sold Long Ago",
      "Cancelled Only",
    ]);
  });

  it("leaves out deleted products and takes a limit of 1 to 50 (10 by default)", async ({ server }) => {
    const sellerCaller = asCaller(await signUp(server, "seller"));
    const hot = await listProduct(server, "Hot Seller", sellerCaller);
    await insertOrder(server.dataSource, {
      buyerId: buyer.user.id,
      lines: [{ product: hot, quantity: 40 }],
      status: OrderStatus.CONFIRMED,
    });
    for (let i = 0; i < 12; i++) await listProduct(server, `Filler ${i}`, sellerCaller);
    const [top] = (await server.gql(`{ trendingProducts(limit: 1) { id name } }`)).data.trendingProducts;
    expect(top.name).toBe("Hot Seller");
    await server.services.products.remove(top.id, asCaller(await signUp(server, "admin")));
    const names = (await server.gql(`{ trendingProducts { name } }`)).data.trendingProducts.map((p: { name: string }) => p.name);
    expect(names).toHaveLength(10);
    expect(names).not.toContain("Hot Seller");
    expect((await server.gql(`{ trendingProducts(limit: 50) { id } }`)).data.trendingProducts).toHaveLength(12);
    expect(codeOf(await server.gql(`{ trendingProducts(limit: 51) { id } }`))).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(`{ trendingProducts(limit: 0) { id } }`))).toBe("BAD_USER_INPUT");
  });
});
