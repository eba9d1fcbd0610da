import { IsNull } from "typeorm";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertOrder, insertProduct, insertReview, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { Order, OrderLine, OrderStatus } from "../orders/entity";
import { Product } from "../products/entity";
import { Review } from "../reviews/entity";
import { SellerType, User } from "./entity";
import { Role } from "../../platform/auth/roles";

const UPDATE_PROFILE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { id username contactNumber profileImage role } }`;
const USERS = `query ($search: String, $role: Role, $page: Int, $pageSize: Int) {
  users(search: $search, role: $role, page: $page, pageSize: $pageSize) { items { id email username role } totalItems totalPages page pageSize }
}`;
const CHANGE_ROLE = `mutation ($userId: ID!, $role: Role!) { changeUserRole(userId: $userId, role: $role) { id role sellerType storeName } }`;
const DELETE_USER = `mutation ($userId: ID!) { deleteUser(userId: $userId) }`;
const ME = `{ me { id role sellerType } }`;
const USER_STATS = `{ userStats { totalPayments totalPurchasedProducts } }`;
const SELLER_STATS = `query ($sellerId: ID) { sellerStats(sellerId: $sellerId) { totalSales totalRevenue totalOrdersManaged totalProducts totalReviews } }`;

const users = (server: TestServer) => server.dataSource.getRepository(User);

describe("updateProfile", () => {
  it("changes the caller's username, contact number and picture, for every role", async ({ server }) => {
    for (const role of ["user", "seller", "admin"] as const) {
      const me = await signUp(server, role);
      const username = `new_${me.user.username}`.slice(0, 40);
      const res = await server.gql(
        UPDATE_PROFILE,
        { input: { username, contactNumber: "+92 300 7654321", profileImage: "/uploads/abc.webp" } },
        me.token,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data.updateProfile).toMatchObject({
        id: me.user.id,
        username,
        contactNumber: "+92 300 7654321",
        // kept as the app path, answered absolute
        profileImage: `${server.url}/uploads/abc.webp`,
      });
      expect(await users(server).findOneByOrFail({ id: me.user.id })).toMatchObject({
        username,
        contactNumber: "+92 300 7654321",
        profileImage: "/uploads/abc.webp",
      });
    }
  });

  it("keeps a field that is left out and removes one sent empty", async ({ server }) => {
    const me = await signUp(server);
    await server.gql(UPDATE_PROFILE, { input: { username: me.user.username, profileImage: "/uploads/me.webp" } }, me.token);
    const res = await server.gql(UPDATE_PROFILE, { input: { username: me.user.username, contactNumber: "" } }, me.token);
    expect(res.data.updateProfile).toMatchObject({ contactNumber: null, profileImage: expect.stringMatching(/\/uploads\/me\.webp$/) });
  });

  it("lets a user change the case of their own username", async ({ server }) => {
    const me = await signUp(server);
    const res = await server.gql(UPDATE_PROFILE, { input: { username: me.user.username.toUpperCase() } }, me.token);
    expect(res.data.updateProfile.username).toBe(me.user.username.toUpperCase());
  });

  it("names every bad field and changes nothing", async ({ server }) => {
    const me = await signUp(server);
    const before = await users(server).findOneByOrFail({ id: me.user.id });
    const res = await server.gql(
      UPDATE_PROFILE,
      { input: { username: "x", contactNumber: "call me", profileImage: "data:image/png;base64,AAAA" } },
      me.token,
    );
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.errors?.[0].extensions?.fields ?? {}).sort()).toEqual(["contactNumber", "profileImage", "username"]);
    const tooLong = await server.gql(
      UPDATE_PROFILE,
      { input: { username: me.user.username, profileImage: `https://x.pk/${"a".repeat(500)}` } },
      me.token,
    );
    expect(tooLong.errors?.[0].extensions?.fields).toHaveProperty("profileImage");
    const after = await users(server).findOneByOrFail({ id: me.user.id });
    expect(after).toEqual(before);
  });

  it("refuses a username taken by someone else, in any case, and changes nothing", async ({ server }) => {
    const [me, other] = await Promise.all([signUp(server), signUp(server)]);
    const res = await server.gql(
      UPDATE_PROFILE,
      { input: { username: other.user.username.toUpperCase(), contactNumber: "03339999999" } },
      me.token,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: "That username is already taken.",
      extensions: { code: "CONFLICT", fields: { username: "That username is already taken." } },
    });
    expect(await users(server).findOneByOrFail({ id: me.user.id })).toMatchObject({
      username: me.user.username,
      contactNumber: "03001234567",
    });
  });

  it("needs a signed-in caller", async ({ server }) => {
    expect(codeOf(await server.gql(UPDATE_PROFILE, { input: { username: "anybody" } }))).toBe("UNAUTHENTICATED");
  });
});

describe("users", () => {
  it("lists users newest first, paginated, searched in any case and filtered by role", async ({ server }) => {
    const admin = await signUp(server, "admin");
    const tag = `zq${Date.now().toString(36)}`;
    const made: SignedIn[] = [];
    for (const role of ["user", "seller", "user"] as const) made.push(await signUp(server, role, { name: `Person ${tag}` }));

    const page1 = await server.gql(USERS, { search: tag.toUpperCase(), pageSize: 2 }, admin.token);
    expect(page1.errors).toBeUndefined();
    expect(page1.data.users).toMatchObject({ totalItems: 3, totalPages: 2, page: 1, pageSize: 2 });
    expect(page1.data.users.items.map((u: User) => u.id)).toEqual([made[2].user.id, made[1].user.id]);
    const page2 = await server.gql(USERS, { search: tag, page: 2, pageSize: 2 }, admin.token);
    expect(page2.data.users.items.map((u: User) => u.id)).toEqual([made[0].user.id]);

    const sellers = await server.gql(USERS, { search: tag, role: "SELLER" }, admin.token);
    expect(sellers.data.users.items).toEqual([expect.objectContaining({ id: made[1].user.id, role: "SELLER" })]);
    const byEmail = await server.gql(USERS, { search: made[0].user.email.toUpperCase() }, admin.token);
    expect(byEmail.data.users.items.map((u: User) => u.id)).toEqual([made[0].user.id]);
    const byUsername = await server.gql(USERS, { search: made[1].user.username }, admin.token);
    expect(byUsername.data.users.items.map((u: User) => u.id)).toEqual([made[1].user.id]);
  });

  it("treats LIKE wildcards in the search as plain characters", async ({ server }) => {
    const admin = await signUp(server, "admin");
    const res = await server.gql(USERS, { search: "%" }, admin.token);
    expect(res.data.users.totalItems).toBe(0);
  });

  it("uses the default page for a null page and refuses a page size over 50", async ({ server }) => {
    const admin = await signUp(server, "admin");
    const defaults = await server.gql(USERS, { page: null, pageSize: null }, admin.token);
    expect(defaults.data.users).toMatchObject({ page: 1, pageSize: 10 });
    const res = await server.gql(USERS, { pageSize: 51 }, admin.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].extensions?.fields).toHaveProperty("pageSize");
  });

  it("is for admins only", async ({ server }) => {
    expect(codeOf(await server.gql(USERS, {}))).toBe("UNAUTHENTICATED");
    for (const role of ["user", "seller"] as const) {
      expect(codeOf(await server.gql(USERS, {}, (await signUp(server, role)).token))).toBe("FORBIDDEN");
    }
  });
});

describe("changeUserRole", () => {
  it("applies on the user's next request with their old token", async ({ server }) => {
    const [admin, buyer] = await Promise.all([signUp(server, "admin"), signUp(server)]);
    expect(codeOf(await server.gql(SELLER_STATS, {}, buyer.token))).toBe("FORBIDDEN");

    const res = await server.gql(CHANGE_ROLE, { userId: buyer.user.id, role: "SELLER" }, admin.token);
    expect(res.errors).toBeUndefined();
    // a buyer has no seller type; a new seller trades as an individual until they say otherwise
    expect(res.data.changeUserRole).toEqual({ id: buyer.user.id, role: "SELLER", sellerType: "INDIVIDUAL", storeName: null });

    const me = await server.gql(ME, {}, buyer.token);
    expect(me.data.me).toMatchObject({ role: "SELLER", sellerType: "INDIVIDUAL" });
    expect((await server.gql(SELLER_STATS, {}, buyer.token)).data.sellerStats.totalProducts).toBe(0);

    await server.gql(CHANGE_ROLE, { userId: buyer.user.id, role: "ADMIN" }, admin.token);
    expect((await server.gql(USERS, { pageSize: 1 }, buyer.token)).errors).toBeUndefined();
  });

  it("keeps a former seller's store fields, so promoting them again restores the store", async ({ server }) => {
    const admin = await signUp(server, "admin");
    const seller = await signUp(server, "seller", {
      sellerType: SellerType.BUSINESS,
      storeName: "Book Nook",
      storeDescription: "Used textbooks",
    });
    const demoted = await server.gql(CHANGE_ROLE, { userId: seller.user.id, role: "USER" }, admin.token);
    expect(demoted.data.changeUserRole).toEqual({ id: seller.user.id, role: "USER", sellerType: "BUSINESS", storeName: "Book Nook" });
    expect(codeOf(await server.gql(SELLER_STATS, {}, seller.token))).toBe("FORBIDDEN");
    const again = await server.gql(CHANGE_ROLE, { userId: seller.user.id, role: "SELLER" }, admin.token);
    expect(again.data.changeUserRole).toMatchObject({ role: "SELLER", sellerType: "BUSINESS", storeName: "Book Nook" });
  });

  it("refuses the caller's own role, an unknown user and non-admins", async ({ server }) => {
    const [admin, buyer, seller] = await Promise.all([signUp(server, "admin"), signUp(server), signUp(server, "seller")]);
    const self = await server.gql(CHANGE_ROLE, { userId: admin.user.id, role: "USER" }, admin.token);
    expect(self.errors?.[0]).toMatchObject({ message: "You cannot change your own role.", extensions: { code: "FORBIDDEN" } });
    expect((await users(server).findOneByOrFail({ id: admin.user.id })).role).toBe(Role.ADMIN);

    for (const userId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect(codeOf(await server.gql(CHANGE_ROLE, { userId, role: "SELLER" }, admin.token))).toBe("NOT_FOUND");
    }
    expect(codeOf(await server.gql(CHANGE_ROLE, { userId: buyer.user.id, role: "ADMIN" }))).toBe("UNAUTHENTICATED");
    for (const caller of [buyer, seller]) {
      expect(codeOf(await server.gql(CHANGE_ROLE, { userId: buyer.user.id, role: "ADMIN" }, caller.token))).toBe("FORBIDDEN");
    }
    expect((await users(server).findOneByOrFail({ id: buyer.user.id })).role).toBe(Role.USER);
  });

  it("demotes an admin while another remains, but never the last one", async ({ server }) => {
    const [first, second] = await Promise.all([signUp(server, "admin"), signUp(server, "admin")]);
    // every other admin of this file's database steps down, so these two are the only ones
    await users(server).update({ role: Role.ADMIN }, { role: Role.USER });
    await users(server).update([first.user.id, second.user.id], { role: Role.ADMIN });

    const res = await server.gql(CHANGE_ROLE, { userId: second.user.id, role: "USER" }, first.token);
    expect(res.data.changeUserRole.role).toBe("USER");
    // the race this guards against: `second` was still an admin when their request was
    // authenticated, and now tries to demote `first`, the only admin left
    const stale = server.services.users.changeRole(asCaller(second, Role.ADMIN), first.user.id, "user");
    await expect(stale).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await users(server).findOneByOrFail({ id: first.user.id })).role).toBe(Role.ADMIN);
  });

  it("leaves one admin when the last two demote each other at the same time", async ({ server }) => {
    const [first, second] = await Promise.all([signUp(server, "admin"), signUp(server, "admin")]);
    await users(server).update({ role: Role.ADMIN }, { role: Role.USER });
    await users(server).update([first.user.id, second.user.id], { role: Role.ADMIN });

    const results = await Promise.all([
      server.gql(CHANGE_ROLE, { userId: second.user.id, role: "USER" }, first.token),
      server.gql(CHANGE_ROLE, { userId: first.user.id, role: "USER" }, second.token),
    ]);
    expect(results.filter((r) => r.data?.changeUserRole)).toHaveLength(1);
    expect(await users(server).countBy({ role: Role.ADMIN })).toBe(1);
  });
});

const BECOME_SELLER = `mutation ($input: BecomeSellerInput!) { becomeSeller(input: $input) { id role sellerType storeName storeDescription } }`;

describe("becomeSeller", () => {
  it("turns the calling buyer into a seller at once, with their seller fields, and they can list a product", async ({ server }) => {
    const buyer = await signUp(server);
    expect(codeOf(await server.gql(SELLER_STATS, {}, buyer.token))).toBe("FORBIDDEN");
    const res = await server.gql(
      BECOME_SELLER,
      { input: { sellerType: "BUSINESS", storeName: " Book Nook ", storeDescription: "Used textbooks" } },
      buyer.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.becomeSeller).toEqual({
      id: buyer.user.id,
      role: "SELLER",
      sellerType: "BUSINESS",
      storeName: "Book Nook",
      storeDescription: "Used textbooks",
    });
    // the same token now has the seller's powers
    expect((await server.gql(SELLER_STATS, {}, buyer.token)).data.sellerStats.totalProducts).toBe(0);
  });

  it("an individual keeps no store fields", async ({ server }) => {
    const buyer = await signUp(server);
    const res = await server.gql(BECOME_SELLER, { input: { sellerType: "INDIVIDUAL", storeName: "Ignored" } }, buyer.token);
    expect(res.data.becomeSeller).toMatchObject({ role: "SELLER", sellerType: "INDIVIDUAL", storeName: null, storeDescription: null });
  });

  it("names the missing store fields of a business and changes nothing", async ({ server }) => {
    const buyer = await signUp(server);
    const res = await server.gql(BECOME_SELLER, { input: { sellerType: "BUSINESS", storeName: "  " } }, buyer.token);
    expect(res.errors?.[0]).toMatchObject({
      extensions: {
        code: "BAD_USER_INPUT",
        fields: {
          storeName: "Store name is required for business sellers.",
          storeDescription: "Store description is required for business sellers.",
        },
      },
    });
    expect(await users(server).findOneByOrFail({ id: buyer.user.id })).toMatchObject({ role: Role.USER, sellerType: null });
  });

  it("is for buyers only: sellers, admins and visitors are refused, and a suspended buyer cannot", async ({ server }) => {
    const [seller, admin, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "admin"), signUp(server)]);
    const input = { sellerType: "INDIVIDUAL" };
    expect(codeOf(await server.gql(BECOME_SELLER, { input }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(BECOME_SELLER, { input }, seller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(BECOME_SELLER, { input }, admin.token))).toBe("FORBIDDEN");
    expect((await users(server).findOneByOrFail({ id: admin.user.id })).role).toBe(Role.ADMIN);

    await users(server).update(buyer.user.id, { suspendedAt: new Date(), suspendedReason: "Spam" });
    // a suspended account's token no longer signs anyone in
    expect(codeOf(await server.gql(BECOME_SELLER, { input }, buyer.token))).toBe("UNAUTHENTICATED");
    // the service refuses a suspended account even if a caller reached it
    await expect(server.services.users.becomeSeller(asCaller(buyer), { sellerType: SellerType.INDIVIDUAL })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await users(server).findOneByOrFail({ id: buyer.user.id })).role).toBe(Role.USER);
  });

  it("cannot undo an admin's demotion: a seller turned buyer stays a buyer, away from their past sales", async ({ server }) => {
    const [admin, seller, buyer] = await Promise.all([signUp(server, "admin"), signUp(server, "seller"), signUp(server)]);
    const product = await insertProduct(server.dataSource, seller.user.id);
    const order = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }] });
    expect((await server.gql(CHANGE_ROLE, { userId: seller.user.id, role: "USER" }, admin.token)).errors).toBeUndefined();
    expect(codeOf(await server.gql(BECOME_SELLER, { input: { sellerType: "INDIVIDUAL" } }, seller.token))).toBe("FORBIDDEN");
    expect((await users(server).findOneByOrFail({ id: seller.user.id })).role).toBe(Role.USER);
    expect(codeOf(await server.gql(`query ($id: ID!) { order(id: $id) { id } }`, { id: order.id }, seller.token))).toBe("FORBIDDEN");
  });
});

describe("deleteUser", () => {
  it("delists a seller's products, keeps the buyers' orders and removes the account", async ({ server }) => {
    const [admin, seller, buyer] = await Promise.all([signUp(server, "admin"), signUp(server, "seller"), signUp(server)]);
    const ds = server.dataSource;
    const sold = await insertProduct(ds, seller.user.id, { pricePaisa: 50_000, name: "Desk lamp" });
    const unsold = await insertProduct(ds, seller.user.id);
    const order = await insertOrder(ds, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: OrderStatus.COMPLETED,
      lines: [{ product: sold, quantity: 2 }],
      taxPaisa: 5_000,
    });
    const statsBefore = await server.gql(USER_STATS, {}, buyer.token);
    const LISTING = `query ($id: ID!, $sellerId: ID) { product(id: $id) { id } products(filter: { sellerId: $sellerId }) { totalItems } }`;
    expect((await server.gql(LISTING, { id: sold.id, sellerId: seller.user.id })).data).toEqual({
      product: { id: sold.id },
      products: { totalItems: 2 },
    });

    const res = await server.gql(DELETE_USER, { userId: seller.user.id }, admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.deleteUser).toBe(true);

    expect(await users(server).findOneBy({ id: seller.user.id })).toBeNull();
    expect(codeOf(await server.gql(ME, {}, seller.token))).toBe("UNAUTHENTICATED");
    // the products left the catalog (soft delete: still there for the order lines)
    expect((await server.gql(LISTING, { id: sold.id, sellerId: seller.user.id })).data).toEqual({
      product: null,
      products: { totalItems: 0 },
    });
    const rows = await ds.getRepository(Product).find({ where: [{ id: sold.id }, { id: unsold.id }], withDeleted: true });
    expect(rows.map((p) => p.deletedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    // the buyer keeps the order and what it contained
    expect(await ds.getRepository(Order).findOneByOrFail({ id: order.id })).toMatchObject({
      buyerId: buyer.user.id,
      sellerId: null,
      totalPaisa: 105_000,
    });
    expect(await ds.getRepository(OrderLine).findOneByOrFail({ orderId: order.id })).toMatchObject({
      productId: sold.id,
      productName: "Desk lamp",
      quantity: 2,
    });
    expect((await server.gql(USER_STATS, {}, buyer.token)).data).toEqual(statsBefore.data);
  });

  it("removes a buyer's reviews, recomputes the ratings and keeps the seller's orders", async ({ server }) => {
    const [admin, seller, buyer, other] = await Promise.all([
      signUp(server, "admin"),
      signUp(server, "seller"),
      signUp(server),
      signUp(server),
    ]);
    const ds = server.dataSource;
    const product = await insertProduct(ds, seller.user.id, { pricePaisa: 20_000 });
    await insertOrder(ds, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: OrderStatus.SHIPPED,
      lines: [{ product, quantity: 3 }],
      taxPaisa: 3_000,
    });
    await insertReview(ds, { userId: buyer.user.id, productId: product.id, rating: 5 });
    await insertReview(ds, { userId: other.user.id, productId: product.id, rating: 2 });
    expect(await ds.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({ ratingAverage: 3.5, ratingCount: 2 });
    const sellerBefore = await server.gql(SELLER_STATS, {}, seller.token);

    expect((await server.gql(DELETE_USER, { userId: buyer.user.id }, admin.token)).data.deleteUser).toBe(true);

    expect(await ds.getRepository(Review).countBy({ userId: buyer.user.id })).toBe(0);
    expect(await ds.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({ ratingAverage: 2, ratingCount: 1 });
    const sellerAfter = await server.gql(SELLER_STATS, {}, seller.token);
    // the sale stays; only the deleted buyer's review no longer counts
    expect(sellerAfter.data.sellerStats).toEqual({ ...sellerBefore.data.sellerStats, totalReviews: 1 });
    expect(sellerAfter.data.sellerStats).toMatchObject({ totalSales: 3, totalRevenue: 600, totalOrdersManaged: 1 });
    expect(await ds.getRepository(Order).countBy({ sellerId: seller.user.id, buyerId: IsNull() })).toBe(1);
  });

  it("refuses yourself, an unknown user and non-admins, and never deletes the last admin", async ({ server }) => {
    const [admin, buyer, seller] = await Promise.all([signUp(server, "admin"), signUp(server), signUp(server, "seller")]);
    const self = await server.gql(DELETE_USER, { userId: admin.user.id }, admin.token);
    expect(self.errors?.[0]).toMatchObject({ message: "You cannot delete your own account.", extensions: { code: "FORBIDDEN" } });
    for (const userId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(codeOf(await server.gql(DELETE_USER, { userId }, admin.token))).toBe("NOT_FOUND");
    }
    expect(codeOf(await server.gql(DELETE_USER, { userId: buyer.user.id }))).toBe("UNAUTHENTICATED");
    for (const caller of [buyer, seller]) {
      expect(codeOf(await server.gql(DELETE_USER, { userId: seller.user.id }, caller.token))).toBe("FORBIDDEN");
    }
    expect(await users(server).countBy({ id: seller.user.id })).toBe(1);

    // a caller demoted after authentication tries to delete the only admin left: refused, nothing changed
    const product = await insertProduct(server.dataSource, admin.user.id);
    await users(server).update({ role: Role.ADMIN }, { role: Role.USER });
    await users(server).update(admin.user.id, { role: Role.ADMIN });
    await expect(server.services.users.deleteUser(asCaller(buyer, Role.ADMIN), admin.user.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await users(server).countBy({ id: admin.user.id })).toBe(1);
    expect(await server.dataSource.getRepository(Product).countBy({ id: product.id })).toBe(1);
  });
});
