import sharp from "sharp";
import distance from "sharp-phash/distance";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { COPIED_PHOTO_DISTANCE, COPIED_PHOTO_HOLD } from "./photos";

let admin: SignedIn;
let owner: SignedIn;
let copier: SignedIn;
it.beforeAll(async ({ server }) => {
  [admin, owner, copier] = await Promise.all([signUp(server, "admin"), signUp(server, "seller"), signUp(server, "seller")]);
});

/** A made-up photo: a background and a dozen shapes and words, different for every seed. */
async function photo(seed: number): Promise<Buffer> {
  let state = seed;
  const r = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const hsl = () => `hsl(${Math.floor(r() * 360)},${50 + r() * 50}%,${20 + r() * 60}%)`;
  const shapes = [`<rect width="800" height="600" fill="${hsl()}"/>`];
  for (let i = 0; i < 12; i++) {
    const kind = r();
    if (kind < 0.4) shapes.push(`<circle cx="${r() * 800}" cy="${r() * 600}" r="${20 + r() * 150}" fill="${hsl()}"/>`);
    else if (kind < 0.8)
      shapes.push(
        `<rect x="${r() * 700}" y="${r() * 500}" width="${30 + r() * 300}" height="${30 + r() * 250}" fill="${hsl()}" transform="rotate(${r() * 40 - 20} 400 300)"/>`,
      );
    else shapes.push(`<text x="${r() * 500}" y="${100 + r() * 450}" font-size="${30 + r() * 60}" fill="${hsl()}">Calculus ${seed}</text>`);
  }
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${shapes.join("")}</svg>`))
    .png()
    .toBuffer();
}

const copies: Record<string, (png: Buffer) => Promise<Buffer>> = {
  "resized to 300 px": (png) => sharp(png).resize(300).png().toBuffer(),
  "cropped by 4% on each side": (png) => sharp(png).extract({ left: 32, top: 24, width: 736, height: 552 }).png().toBuffer(),
  "re-encoded as JPEG quality 30": (png) => sharp(png).jpeg({ quality: 30 }).toBuffer(),
  "resized and re-encoded as WebP quality 40": (png) => sharp(png).resize(640).webp({ quality: 40 }).toBuffer(),
};

const hashOf = async (server: TestServer, bytes: Buffer, who: SignedIn) =>
  (await server.services.uploads.storeImage(bytes, who.user.id)).photoHash!;

describe("perceptual hashes of uploads", () => {
  it("keep copies within the threshold and unrelated photos beyond it", async ({ server }) => {
    const originals = await Promise.all([1, 2, 3, 4, 5, 6].map(photo));
    const hashes: string[] = [];
    const worst: Record<string, number> = {};
    for (const png of originals) {
      const hash = await hashOf(server, png, owner);
      expect(hash).toMatch(/^[01]{64}$/);
      hashes.push(hash);
      for (const [name, copy] of Object.entries(copies))
        worst[name] = Math.max(worst[name] ?? 0, distance(hash, await hashOf(server, await copy(png), copier)));
    }
    let closestUnrelated = 64;
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++) closestUnrelated = Math.min(closestUnrelated, distance(hashes[i], hashes[j]));
    console.log(`photo hashes: copies at most ${JSON.stringify(worst)} bits apart; unrelated photos at least ${closestUnrelated}`);
    for (const [name, bits] of Object.entries(worst)) expect(bits, name).toBeLessThanOrEqual(COPIED_PHOTO_DISTANCE);
    expect(closestUnrelated).toBeGreaterThan(COPIED_PHOTO_DISTANCE);
  });
});

const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id hiddenAt heldReason } }`;
const ONE = `query ($id: ID!) { product(id: $id) { id heldReason } }`;
const HELD = `{ heldListings { totalItems items { listing { id heldReason } } } }`;
const SHOW = `mutation ($id: ID!) { moderate(input: { targetKind: LISTING, targetId: $id, action: UNHIDE_LISTING }) { action } }`;
const listing = (image: string) => ({
  name: "Casio fx-991ES",
  description: "Barely used.",
  category: "electronics",
  color: "black",
  price: 3000,
  image,
});
const upload = async (server: TestServer, bytes: Buffer, who: SignedIn) =>
  (await server.services.uploads.storeImage(bytes, who.user.id)).url;

describe("a listing with another seller's photo", () => {
  it("is held for review: hidden from the shop, its seller told why, admins see it and may show it again", async ({ server }) => {
    const original = await photo(42);
    await server.gql(CREATE, { input: listing(await upload(server, original, owner)) }, owner.token);

    const copy = await upload(server, await copies["cropped by 4% on each side"](original), copier);
    const held = await server.gql(CREATE, { input: listing(copy) }, copier.token);
    expect(held.errors).toBeUndefined();
    expect(held.data.createProduct.hiddenAt).not.toBeNull();
    expect(held.data.createProduct.heldReason).toBe(COPIED_PHOTO_HOLD);
    const id = held.data.createProduct.id as string;
    expect((await server.gql(ONE, { id })).data?.product ?? null).toBeNull();
    expect((await server.gql(ONE, { id }, copier.token)).data.product.heldReason).toBe(COPIED_PHOTO_HOLD);
    expect((await server.gql(HELD, {}, admin.token)).data.heldListings.items).toEqual([{ listing: { id, heldReason: COPIED_PHOTO_HOLD } }]);

    await server.gql(SHOW, { id }, admin.token);
    expect((await server.gql(ONE, { id })).data.product).toEqual({ id, heldReason: null });
    expect((await server.gql(HELD, {}, admin.token)).data.heldListings.totalItems).toBe(0);
  });

  it("is held when the copied photo is not the main one, on create or when an edit adds it", async ({ server }) => {
    const original = await photo(51);
    await server.gql(CREATE, { input: listing(await upload(server, original, owner)) }, owner.token);
    const copy = await upload(server, await copies["cropped by 4% on each side"](original), copier);
    const own = await upload(server, await photo(52), copier);

    const created = await server.gql(CREATE, { input: { ...listing(own), gallery: [copy] } }, copier.token);
    expect(created.data.createProduct.heldReason).toBe(COPIED_PHOTO_HOLD);

    const clean = await server.gql(CREATE, { input: listing(own) }, copier.token);
    expect(clean.data.createProduct.heldReason).toBeNull();
    const edited = await server.gql(
      `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { heldReason } }`,
      { id: clean.data.createProduct.id, input: { gallery: [copy] } },
      copier.token,
    );
    expect(edited.data.updateProduct.heldReason).toBe(COPIED_PHOTO_HOLD);
  });

  it("is not held for the seller's own photo used again, nor for an unrelated photo", async ({ server }) => {
    const mine = await upload(server, await photo(7), owner);
    await server.gql(CREATE, { input: listing(mine) }, owner.token);
    expect((await server.gql(CREATE, { input: listing(mine) }, owner.token)).data.createProduct.heldReason).toBeNull();
    const other = await upload(server, await photo(8), copier);
    expect((await server.gql(CREATE, { input: listing(other) }, copier.token)).data.createProduct).toMatchObject({
      hiddenAt: null,
      heldReason: null,
    });
  });
});

const CASES = `{ heldListings(pageSize: 50) { items { photo listing { id name image seller { username } } original { id name image seller { username } } } } }`;
const DECIDE = `mutation ($input: DecideHeldListingInput!) { decideHeldListing(input: $input) { id hiddenAt heldReason } }`;
const NOTICES = `{ notifications { items { kind text link } } }`;

describe("an admin's decision on a held listing", () => {
  /** A listing `copier` made with a copy of `owner`'s photo: held. */
  async function heldCopy(server: TestServer, seed: number) {
    const original = await photo(seed);
    const originalUrl = await upload(server, original, owner);
    const first = await server.gql(CREATE, { input: { ...listing(originalUrl), name: `Original ${seed}` } }, owner.token);
    const copy = await upload(server, await copies["resized to 300 px"](original), copier);
    const held = await server.gql(CREATE, { input: { ...listing(copy), name: `Copy ${seed}` } }, copier.token);
    expect(held.data.createProduct.heldReason).toBe(COPIED_PHOTO_HOLD);
    return { id: held.data.createProduct.id as string, originalId: first.data.createProduct.id as string, copy };
  }

  it("shows admins the held photo beside the original listing's, with both titles and sellers; others are refused", async ({ server }) => {
    const { id, originalId, copy } = await heldCopy(server, 61);
    const cases = (await server.gql(CASES, {}, admin.token)).data.heldListings.items as Array<Record<string, any>>;
    const found = cases.find((c) => c.listing.id === id)!;
    expect(found.photo.endsWith(copy)).toBe(true);
    expect(found.listing).toMatchObject({ name: "Copy 61", seller: { username: copier.user.username } });
    expect(found.original).toMatchObject({ id: originalId, name: "Original 61", seller: { username: owner.user.username } });
    expect(found.original.image).toMatch(/^https?:\/\/.+\/uploads\//);

    for (const who of [copier, owner]) {
      const refused = await server.gql(CASES, {}, who.token);
      expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
      expect(refused.data?.heldListings ?? null).toBeNull();
      const decided = await server.gql(DECIDE, { input: { productId: id, release: true } }, who.token);
      expect(decided.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    expect((await server.gql(ONE, { id }, copier.token)).data.product.heldReason).toBe(COPIED_PHOTO_HOLD);
  });

  it("releases it: in the shop again, off the held list, the seller told", async ({ server }) => {
    const { id } = await heldCopy(server, 62);
    const released = await server.gql(DECIDE, { input: { productId: id, release: true } }, admin.token);
    expect(released.data.decideHeldListing).toEqual({ id, hiddenAt: null, heldReason: null });
    expect((await server.gql(ONE, { id })).data.product).toEqual({ id, heldReason: null });
    const cases = (await server.gql(CASES, {}, admin.token)).data.heldListings.items as Array<{ listing: { id: string } }>;
    expect(cases.map((c) => c.listing.id)).not.toContain(id);
    expect((await server.gql(NOTICES, {}, copier.token)).data.notifications.items[0]).toEqual({
      kind: "LISTING_REVIEW",
      text: 'An admin checked "Copy 62" and released it: it is in the shop again.',
      link: "/dashboard/seller/manage-products",
    });
    const again = await server.gql(DECIDE, { input: { productId: id, release: false, reason: "SAME_ITEM" } }, admin.token);
    expect(again.errors?.[0].extensions?.code).toBe("CONFLICT");
  });

  it("keeps it hidden only with a reason, which the seller reads in their language", async ({ server }) => {
    const { id } = await heldCopy(server, 63);
    for (const input of [
      { productId: id, release: false },
      { productId: id, release: false, reason: "OTHER" },
      { productId: id, release: false, reason: "OTHER", note: "   " },
    ]) {
      const refused = await server.gql(DECIDE, { input }, admin.token);
      expect(refused.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    }
    expect((await server.gql(ONE, { id }, copier.token)).data.product.heldReason).toBe(COPIED_PHOTO_HOLD);

    const kept = await server.gql(
      DECIDE,
      { input: { productId: id, release: false, reason: "OTHER", note: "The box is the shop's." } },
      admin.token,
    );
    expect(kept.data.decideHeldListing.hiddenAt).not.toBeNull();
    expect(kept.data.decideHeldListing.heldReason).toBeNull();
    expect((await server.gql(ONE, { id })).data?.product ?? null).toBeNull();
    const cases = (await server.gql(CASES, {}, admin.token)).data.heldListings.items as Array<{ listing: { id: string } }>;
    expect(cases.map((c) => c.listing.id)).not.toContain(id);
    expect((await server.gql(NOTICES, {}, copier.token)).data.notifications.items[0].text).toBe(
      'An admin checked "Copy 63" and kept it hidden: The box is the shop\'s.',
    );

    const { id: second } = await heldCopy(server, 64);
    await server.dataSource.query(`UPDATE users SET language = 'ur' WHERE id = $1`, [copier.user.id]);
    await server.gql(DECIDE, { input: { productId: second, release: false, reason: "NOT_OWN_PHOTO" } }, admin.token);
    const notice = (await server.gql(NOTICES, {}, copier.token)).data.notifications.items[0].text as string;
    expect(notice).toContain("کسی دوسرے بیچنے والے کی لسٹنگ کی تصویر");
    expect(notice).toContain("Copy 64");
    await server.dataSource.query(`UPDATE users SET language = 'en' WHERE id = $1`, [copier.user.id]);
  });
});
