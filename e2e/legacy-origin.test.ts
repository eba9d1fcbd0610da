import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it as browserTest } from "./browser-test";
import type { E2E } from "./harness";

/**
 * A legacy browser client as it is deployed: served from its own origin (another port on
 * 127.0.0.1), calling our /api with `credentials: 'include'`, putting image addresses from the
 * answers straight into <img src>, uploading without credentials, and keeping register's user.
 */
const LEGACY_CLIENT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Legacy client</title></head>
<body><main id="app"></main>
<script>
  const API = new URLSearchParams(location.search).get("api") + "/api";
  const json = (res) => res.json().then((body) => ({ status: res.status, body }));
  // as the old client calls: the cookie travels with credentials: 'include'
  const call = (method, path, body) =>
    fetch(API + path, {
      method,
      credentials: "include",
      headers: {
        "Content-Type": "application/json",
        // the old client always sends its stored token, "null" when it has none
        Authorization: "Bearer " + localStorage.getItem("token"),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(json);
  window.legacy = {
    login: (email, password) => call("POST", "/auth/login", { email, password }),
    register: async (account) => {
      const res = await call("POST", "/auth/register", account);
      // what the old client does with register's answer: the user is now "signed in"
      if (res.body.user) {
        localStorage.setItem("user", JSON.stringify(res.body.user));
        localStorage.setItem("userId", res.body.user._id);
      }
      return res;
    },
    myStats: () => call("GET", "/stats/user-stats/" + localStorage.getItem("userId")),
    products: () => call("GET", "/products?limit=20"),
    createProduct: (product) => call("POST", "/products/create-product", product),
    editProfile: (profile) => call("PATCH", "/auth/edit-profile", profile),
    // the add-product form's upload: no Authorization header, no credentials
    upload: (image) =>
      fetch(API + "/upload/Image", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ image }) }).then(json),
    picture: (color) => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 48;
      const g = canvas.getContext("2d");
      g.fillStyle = color;
      g.fillRect(0, 0, 64, 48);
      return canvas.toDataURL("image/png");
    },
    /** Renders the addresses as <img> and answers each one's naturalWidth once it settled. */
    render: (addresses) =>
      Promise.all(
        addresses.map(
          (src) =>
            new Promise((resolve) => {
              const img = document.createElement("img");
              img.alt = "";
              img.onload = img.onerror = () => resolve({ src, naturalWidth: img.naturalWidth });
              img.src = src;
              document.getElementById("app").append(img);
            }),
        ),
      ),
  };
</script></body></html>`;

let e2e: E2E;
let clientOrigin: string;
let apiOrigin: string;
const it = browserTest
  // the legacy client's page, served from its own origin
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("clientServer", { scope: "file" }, async ({}, { onCleanup }): Promise<Server> => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(LEGACY_CLIENT);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return server;
  })
  // the legacy client's origin is allowed to call with credentials, as an operator would configure it
  .extend("appEnv", { scope: "file" }, ({ clientServer }) => {
    clientOrigin = `http://127.0.0.1:${(clientServer.address() as AddressInfo).port}`;
    return { CORS_ORIGINS: clientOrigin };
  });
it.beforeAll(({ e2e: app }) => {
  e2e = app;
  apiOrigin = e2e.server.url.replace("localhost", "127.0.0.1");
});

type Answer<T = any> = { status: number; body: T };

async function openLegacyClient(): Promise<Page> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${clientOrigin}/?api=${encodeURIComponent(apiOrigin)}`);
  return page;
}

describe("a legacy client on its own origin", () => {
  it("signs in, shows the shop's and a profile's images, uploads without credentials and lists a product with it", async () => {
    const page = await openLegacyClient();
    const login = await page.evaluate<Answer>(() => window.legacy.login("ali.seller@unibazaar.pk", "unibazaar123"));
    expect(login.status).toBe(200);

    const shop = await page.evaluate<Answer<{ products: Array<{ image: string }> }>>(() => window.legacy.products());
    expect(shop.status).toBe(200);
    const images = shop.body.products.map((p) => p.image);
    expect(images.length).toBeGreaterThan(5);
    const rendered = await page.evaluate((srcs) => window.legacy.render(srcs), images);
    expect(rendered.filter((r) => r.naturalWidth === 0)).toEqual([]);

    const upload = await page.evaluate<Answer<string>>(() => window.legacy.upload(window.legacy.picture("#1e88e5")));
    expect(upload.status).toBe(200);
    expect(upload.body.startsWith(`${apiOrigin}/uploads/`)).toBe(true);
    const product: Answer = await page.evaluate(
      (image: string) =>
        window.legacy.createProduct({
          name: "Blue desk organiser",
          category: "stationery",
          color: "blue",
          price: 650,
          description: "Three compartments, barely used. Call 03001234567.",
          image,
        }),
      upload.body,
    );
    expect(product).toMatchObject({ status: 201, body: { image: upload.body } });
    const listed = await page.evaluate<Answer<{ products: Array<{ name: string; image: string }> }>>(() => window.legacy.products());
    const mine = listed.body.products.find((p) => p.name === "Blue desk organiser");
    expect(mine?.image).toBe(upload.body);
    expect(await page.evaluate((src) => window.legacy.render([src]), mine!.image)).toEqual([{ src: mine!.image, naturalWidth: 64 }]);

    // the profile picture is sent inline, as legacy clients send it, and comes back as an address
    const profile: Answer = await page.evaluate(
      (username: string) => window.legacy.editProfile({ username, profileImage: window.legacy.picture("#43a047") }),
      login.body.user.username as string,
    );
    expect(profile.status).toBe(200);
    const picture = profile.body.user.profileImage as string;
    expect(picture.startsWith(`${apiOrigin}/uploads/`)).toBe(true);
    expect(await page.evaluate((src) => window.legacy.render([src]), picture)).toEqual([{ src: picture, naturalWidth: 64 }]);
  });

  it("registers, and the client's belief that the new user is signed in is true", async () => {
    const page = await openLegacyClient();
    const stamp = Date.now() % 1_000_000;
    const registered: Answer = await page.evaluate(
      (n: number) =>
        window.legacy.register({
          email: `legacy.${n}@student.pk`,
          password: "legacy-pass-1",
          name: "Legacy Student",
          role: "user",
          username: `legacy_${n}`,
          contactNumber: "03001234567",
        }),
      stamp,
    );
    expect(registered.status).toBe(201);
    // the dashboard's first call, with the cookie and `Bearer null`, is the new user's
    const stats = await page.evaluate<Answer>(() => window.legacy.myStats());
    expect(stats).toMatchObject({ status: 200, body: { totalPayments: 0, totalReviews: 0, totalPurchasedProducts: 0 } });
  });
});

type LegacyClient = {
  login(email: string, password: string): Promise<Answer>;
  register(account: Record<string, string>): Promise<Answer>;
  myStats(): Promise<Answer>;
  products(): Promise<Answer>;
  createProduct(product: Record<string, unknown>): Promise<Answer>;
  editProfile(profile: Record<string, unknown>): Promise<Answer>;
  upload(image: string): Promise<Answer<string>>;
  picture(color: string): string;
  render(addresses: string[]): Promise<Array<{ src: string; naturalWidth: number }>>;
};

declare global {
  interface Window {
    legacy: LegacyClient;
  }
}
