import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { NotificationKind } from "../server/src/modules/notifications/entity";
import { ARABIC_SCRIPT } from "../web/src/lib/arabic-script";
import { it } from "./browser-test";
import { ADMIN, SELLER_2, SELLER, tokenFor } from "./dashboard-helpers";
import { type E2E, gqlOk, openPage, PHONE } from "./harness";
import {
  demoProduct,
  fillShipping,
  logIn,
  type LoginWords,
  PASSWORD,
  payWithTestCard,
  plain,
  type ShippingLabels,
  visible,
} from "./storefront-helpers";

/** The app in Urdu on a phone: right to left, nothing wider than the screen, Urdu formatting, the shop and checkout working. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

const URDU_LOGIN: LoginWords = { heading: "لاگ اِن", email: "ای میل", password: "پاس ورڈ", button: "لاگ اِن کریں" };

const direction = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
/** Wider than the viewport means a reader has to scroll sideways. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * The faces chromium drew the page's Urdu with, beyond the shipped Urdu face and the faces that draw
 * its Latin-only text: Urdu in a system face (DejaVu Sans on Debian: the face not loaded, or a letter
 * outside its range) shows up here. A letter the face's file lacks is checked against the file itself
 * (web/src/lib/urdu-font.test.ts). Read with the DevTools protocol (the fonts chromium used for each
 * element's text; it counts a whole inline run, so Latin-only means no Arabic in the element's subtree).
 */
async function facesBesideUrdu(page: Page) {
  const marked = await page.evaluate((arabic) => {
    const script = new RegExp(arabic.source, "u");
    const kinds: ("urdu" | "latin" | "mixed")[] = [];
    for (const element of document.querySelectorAll("body *")) {
      const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? "");
      if (!own.join("").trim()) continue;
      element.setAttribute("data-face-check", String(kinds.length));
      kinds.push(script.test(own.join("")) ? "urdu" : script.test(element.textContent ?? "") ? "mixed" : "latin");
    }
    return kinds;
  }, ARABIC_SCRIPT);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "[data-face-check]" });
    const latinFaces = new Set<string>();
    const urduFaces = new Set<string>();
    let urduGlyphs = 0;
    for (const nodeId of nodeIds) {
      const { attributes } = await cdp.send("DOM.getAttributes", { nodeId });
      const kind = marked[Number(attributes[attributes.indexOf("data-face-check") + 1])];
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      for (const font of fonts) {
        if (font.isCustomFont && /naskh/i.test(font.familyName)) urduGlyphs += kind === "urdu" ? font.glyphCount : 0;
        else if (kind === "latin") latinFaces.add(font.familyName);
        else if (kind === "urdu") urduFaces.add(font.familyName);
      }
    }
    return { urduGlyphs, latinFaces: [...latinFaces], strays: [...urduFaces].filter((face) => !latinFaces.has(face)) };
  } finally {
    await cdp.detach();
  }
}

/** A page whose reader chose `language` on this device before (the app's saved choice). */
async function pageIn(language: "en" | "ur") {
  const opened = await openPage(e2e, PHONE);
  await opened.context.addInitScript((chosen) => localStorage.setItem("unibazaar.language", chosen), language);
  return opened;
}

/**
 * How a text element was drawn: the direction it was laid out in, and whether its last letter
 * stands right of its first (as in left-to-right reading) on the screen.
 */
const drawn = (locator: Locator) =>
  locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode()) if (walker.currentNode.textContent?.trim()) texts.push(walker.currentNode as Text);
    const letterAt = (text: Text, at: number) => {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return range.getBoundingClientRect().x;
    };
    const last = texts[texts.length - 1];
    return {
      ltr: element.matches(":dir(ltr)"),
      lastRightOfFirst: letterAt(last, last.textContent.trimEnd().length - 1) > letterAt(texts[0], 0),
    };
  });

/**
 * Which side of a field its typed text stands on, from the field's pixels: the ink's gap to the
 * left edge against its gap to the right edge, over the rows the text runs on (below the floating
 * label, which sits on the field's top border).
 */
async function typedSide(field: Locator): Promise<"left" | "right"> {
  const { data, info } = await sharp(await field.screenshot())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  for (let y = Math.floor(info.height * 0.35); y < Math.floor(info.height * 0.9); y++)
    for (let x = 0; x < info.width; x++)
      if (data[y * info.width + x] < 110) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  expect(right).toBeGreaterThan(left);
  return left < info.width - 1 - right ? "left" : "right";
}

/** A listing's condition as the Urdu reader sees it, by slug (the server says it in English). */
const URDU_CONDITIONS: Record<string, string> = { new: "نیا", "like-new": "نیا جیسا", good: "اچھی حالت", fair: "ٹھیک ٹھاک" };

const URDU_SHIPPING_LABELS: ShippingLabels = {
  address: "پتا",
  city: "شہر",
  postalCode: "پوسٹل کوڈ",
  country: "ملک",
  contactNumber: "رابطہ نمبر",
};

/** Opens the home page in Urdu (the footer's language button), right to left. */
async function inUrdu(page: Page) {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("button", { name: "اردو" }).click();
  await expect.poll(() => direction(page)).toEqual(["ur", "rtl"]);
}

describe("Urdu at 390 px", () => {
  it("switches to Urdu, remembers it, and shops and checks out right to left", async () => {
    const { context, page } = await openPage(e2e, PHONE);
    try {
      // an English browser gets English
      await page.goto("/");
      expect(await direction(page)).toEqual(["en", "ltr"]);
      await page.getByRole("contentinfo").getByRole("button", { name: "اردو" }).click();
      await expect.poll(() => direction(page)).toEqual(["ur", "rtl"]);
      await visible(page.getByRole("contentinfo").getByText("کام کے لنکس"));

      // the choice survives a reload
      await page.reload();
      await visible(page.getByRole("contentinfo").getByText("کام کے لنکس"));
      expect(await direction(page)).toEqual(["ur", "rtl"]);
      expect(await overflows(page)).toBe(false);

      // search and a filter, prices in ur-PK
      const mouse = await demoProduct(e2e, "Wireless Mouse");
      await page.goto(`/search?q=${encodeURIComponent(mouse.name)}`);
      const card = page.getByRole("list", { name: "چیزیں", exact: true }).getByRole("listitem").filter({ hasText: mouse.name }).first();
      await visible(card);
      const urduPrice = await page.evaluate(
        (price) =>
          new Intl.NumberFormat("ur-PK", { style: "currency", currency: "PKR", minimumFractionDigits: price % 1 ? 2 : 0 }).format(price),
        mouse.price,
      );
      expect(plain(await card.textContent())).toContain(plain(urduPrice));
      // the card names the condition in Urdu, not in the server's English
      const { product } = await gqlOk<{ product: { condition: string; conditionLabel: string } }>(
        e2e,
        "query($id: ID!) { product(id: $id) { condition conditionLabel } }",
        { id: mouse.id },
      );
      expect(await card.textContent()).toContain(URDU_CONDITIONS[product.condition]);
      expect(await card.textContent()).not.toContain(product.conditionLabel);
      expect(await overflows(page)).toBe(false);

      await page.goto("/shop");
      await page.getByRole("button", { name: /^فلٹرز/ }).click();
      const sheet = page.getByRole("region", { name: "فلٹرز" });
      const electronics = sheet.getByRole("radiogroup", { name: "کیٹیگری" }).getByRole("radio", { name: "الیکٹرانکس", exact: true });
      await electronics.click();
      await expect.poll(() => electronics.isChecked()).toBe(true);
      await sheet.getByRole("button", { name: /دیکھیں$/ }).click();
      await sheet.waitFor({ state: "hidden" });
      await expect.poll(() => new URL(page.url()).searchParams.get("category")).toBe("electronics");
      expect(await overflows(page)).toBe(false);

      // checkout with the test card, to the success page
      // the login page in Urdu: a wrong password gets the Urdu sign-in failure, then the right one signs in
      await page.goto("/login");
      await visible(page.getByRole("heading", { level: 1, name: URDU_LOGIN.heading }));
      await page.getByLabel(URDU_LOGIN.email).fill("zainab@student.pk");
      await page.getByLabel(URDU_LOGIN.password).fill(`${PASSWORD}-wrong`);
      await page.getByRole("button", { name: URDU_LOGIN.button }).click();
      await visible(page.getByRole("alert").filter({ hasText: "لاگ اِن نہیں ہو سکا۔ اپنا ای میل اور پاس ورڈ دوبارہ دیکھیں۔" }));
      expect(await overflows(page)).toBe(false);
      await logIn(page, "zainab@student.pk", PASSWORD, URDU_LOGIN);
      await page.goto(`/shop/${mouse.id}`);
      await visible(page.getByText(`حالت: ${URDU_CONDITIONS[product.condition]}`, { exact: true }));
      await page.getByRole("button", { name: "کارٹ میں ڈالیں" }).click();
      await page.locator('header button[aria-label^="کارٹ"]').click();
      const panel = page.getByRole("dialog", { name: "شاپنگ کارٹ" });
      await visible(panel);
      expect(await overflows(page)).toBe(false);
      const placeOrder = panel.getByRole("button", { name: /^آرڈر کریں/ });
      // a shipping field left empty says so in Urdu, and nothing is ordered
      await panel.getByLabel(URDU_SHIPPING_LABELS.address).fill("");
      await placeOrder.click();
      await visible(panel.getByText("پتا لکھنا ضروری ہے۔"));
      expect(new URL(page.url()).pathname).toBe(`/shop/${mouse.id}`);
      await fillShipping(panel, undefined, URDU_SHIPPING_LABELS);
      await panel.getByRole("radio", { name: "کارڈ" }).check();
      await placeOrder.click();
      await payWithTestCard(page, "ادائیگی ہو گئی");
      await visible(page.getByRole("link", { name: "میرے سارے آرڈرز دیکھیں" }));
      expect(await direction(page)).toEqual(["ur", "rtl"]);
      expect(await overflows(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("rings the bell in Urdu: the server writes a signed-in Urdu reader's notices in Urdu, the amount kept whole", async () => {
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("button", { name: "اردو" }).click();
      await expect.poll(() => direction(page)).toEqual(["ur", "rtl"]);
      await logIn(page, "zainab@student.pk", PASSWORD, URDU_LOGIN);
      const [{ id }] = await e2e.server.dataSource.query(`SELECT id FROM users WHERE email = 'zainab@student.pk'`);
      // the web's language choice reaches the server once she is signed in
      await expect
        .poll(async () => (await e2e.server.dataSource.query(`SELECT language FROM users WHERE id = $1`, [id]))[0].language, {
          timeout: 20_000,
        })
        .toBe("ur");
      await e2e.server.services.notifications.notify(id, {
        kind: NotificationKind.OFFER,
        message: { key: "offer.new", params: { amountPaisa: -150_000 } },
        link: "/messages",
      });
      await page.goto("/notifications");
      const notice = page.getByRole("main").getByText(/^نئی پیشکش:/);
      await visible(notice);
      // the amount is isolated: its minus sign stays before its digits in the right-to-left line
      expect(plain(await notice.textContent())).toBe(plain("نئی پیشکش: \u2068-Rs\u00a01,500\u2069۔"));
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: "/tmp/urdu-bell.png" });
    } finally {
      await context.close();
    }
  });

  it("says a server refusal in Urdu, in the Urdu face (fetched only for Urdu), with no raw enum on the orders page", async () => {
    // an English reader's page never asks for the Urdu face
    const english = await openPage(e2e, PHONE);
    const englishRequests: string[] = [];
    english.page.on("request", (request) => englishRequests.push(request.url()));
    await english.page.goto("/");
    await visible(english.page.getByRole("contentinfo"));
    await english.page.evaluate(() => document.fonts.ready);
    expect(englishRequests.filter((url) => /naskh|urdu-font/i.test(url))).toEqual([]);
    expect(await english.page.evaluate(() => [...document.fonts].some((face) => face.family.includes("UniBazaar Urdu")))).toBe(false);

    const { page } = await openPage(e2e, PHONE);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "اردو" }).click();
    await expect.poll(() => direction(page)).toEqual(["ur", "rtl"]);
    // the face is loaded and the body is set in it
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].some((face) => face.family.includes("UniBazaar Urdu") && face.status === "loaded");
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?UniBazaar Urdu"?,/);

    // the server refuses a suspended account by key: the reason kept as written, the rest in Urdu
    await e2e.server.dataSource.query(
      `UPDATE users SET "suspendedAt" = now(), "suspendedReason" = 'Spam listings' WHERE email = 'fatima@student.pk'`,
    );
    await page.goto("/login");
    await page.getByLabel(URDU_LOGIN.email).fill("fatima@student.pk");
    await page.getByLabel(URDU_LOGIN.password).fill(PASSWORD);
    await page.getByRole("button", { name: URDU_LOGIN.button }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "یہ اکاؤنٹ معطل ہے" });
    await visible(refusal);
    expect(plain(await refusal.textContent())).toContain("\u2068Spam listings\u2069۔");
    expect(await refusal.textContent()).not.toContain("This account is suspended");

    // an Urdu buyer's orders: statuses and payment methods in words, never as the server spells them
    await logIn(page, "zainab@student.pk", PASSWORD, URDU_LOGIN);
    await page.goto("/orders");
    await visible(page.getByRole("main").getByRole("heading", { level: 1 }));
    const main = (await page.getByRole("main").textContent()) ?? "";
    expect(main).not.toMatch(
      /\b(PENDING|CONFIRMED|PROCESSING|SHIPPED|COMPLETED|CANCELLED|REJECTED|JAZZCASH|EASYPAISA|CASH_ON_\w+|jazzcash|easypaisa|REQUESTED)\b/,
    );
    expect(await overflows(page)).toBe(false);
    // every Urdu letter on the page drawn by the shipped face: none by a system face, none as a box
    const faces = await facesBesideUrdu(page);
    expect(faces.urduGlyphs).toBeGreaterThan(100);
    expect(faces.latinFaces.length).toBeGreaterThan(0);
    expect(faces.strays).toEqual([]);
    await page.screenshot({ path: path.join(tmpdir(), "urdu-orders.png"), fullPage: true });
  });
  it("says the coupon's answer in Urdu: applied, not valid, and not started yet (its date in Urdu)", async () => {
    await e2e.server.dataSource.query(
      `INSERT INTO coupons (code, "percentOff", "startsAt") VALUES ('later', 5, now() + interval '3 days') ON CONFLICT DO NOTHING`,
    );
    const mouse = await demoProduct(e2e, "Wireless Mouse");
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await inUrdu(page);
      await page.goto(`/shop/${mouse.id}`);
      await page.getByRole("button", { name: "کارٹ میں ڈالیں" }).click();
      await page.locator('header button[aria-label^="کارٹ"]').click();
      const panel = page.getByRole("dialog", { name: "شاپنگ کارٹ" });
      await visible(panel);
      // the coupon's line: the alert with its Remove button
      const couponLine = panel.getByRole("alert").filter({ has: page.getByRole("button", { name: "ہٹائیں" }) });
      const tryCoupon = async (code: string) => {
        await panel.getByLabel("کوپن کوڈ").fill(code);
        await panel.getByRole("button", { name: "لگائیں", exact: true }).click();
        await expect.poll(async () => plain(await couponLine.textContent())).toContain(code === "save" ? "رعایت" : code);
        return plain((await couponLine.textContent()) ?? "");
      };
      const applied = await tryCoupon("save");
      const invalid = await tryCoupon("nope");
      const notYet = await tryCoupon("later");
      expect(applied).toContain(plain("سب ٹوٹل پر \u206810\u2069% رعایت لگ گئی۔"));
      expect(invalid).toContain(plain('کوپن کوڈ "\u2068nope\u2069" درست نہیں۔'));
      expect(notYet).toContain("سے شروع ہو گا۔");
      // the date as an Urdu reader reads it, not the server's ISO time
      expect(notYet).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      for (const line of [applied, invalid, notYet]) expect(line).not.toMatch(/coupon|applied|not valid|starts on/i);
      expect(await overflows(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("keeps a student's own words in their own direction: English on the Urdu page, Urdu on the English page, shown or typed", async () => {
    const seller = await tokenFor(e2e, SELLER);
    const create = (name: string, description: string) =>
      gqlOk<{ createProduct: { id: string } }>(
        e2e,
        `mutation($input: ProductInput!) { createProduct(input: $input) { id } }`,
        {
          input: {
            name,
            description,
            category: "stationery",
            color: "black",
            price: 2500,
            image: "/uploads/calculator.webp",
            gallery: ["/uploads/calculator-back.webp"],
          },
        },
        seller,
      );
    const english = await create("Calculator FX-991ES!", "Works perfectly, with its cover.");
    const urdu = await create("سائنسی کیلکولیٹر (پرانا)", "بالکل ٹھیک چلتا ہے، کور کے ساتھ۔");

    const urduReader = await pageIn("ur");
    try {
      const { page } = urduReader;
      await page.goto(`/shop/${english.createProduct.id}`);
      const name = page.getByRole("heading", { level: 1 }).locator("bdi");
      await visible(name);
      expect(await direction(page)).toEqual(["ur", "rtl"]);
      // English inside the right-to-left page: its "!" and "." stay at its end, to the right
      expect(await drawn(name)).toEqual({ ltr: true, lastRightOfFirst: true });
      expect(await drawn(page.getByText("Works perfectly, with its cover."))).toEqual({ ltr: true, lastRightOfFirst: true });
      // the support number reads as dialled: "+92 300 …"
      expect(await drawn(page.getByRole("contentinfo").getByRole("link", { name: /300/ }))).toEqual({ ltr: true, lastRightOfFirst: true });
      // a store's handle keeps its "@" in front
      await page.goto("/sellers/campus_corner");
      const handle = page.getByRole("main").locator("bdi", { hasText: "@campus_corner" });
      await visible(handle);
      expect(await drawn(handle)).toEqual({ ltr: true, lastRightOfFirst: true });
      // English typed into the Urdu page's search runs from the left; the empty field keeps the page's side
      await page.goto("/shop");
      const search = page.getByRole("main").getByLabel("چیزیں تلاش کریں");
      await search.fill("calculator");
      expect(await typedSide(search)).toBe("left");
    } finally {
      await urduReader.context.close();
    }

    // a number a student typed with spaces reads as dialled in the admin's Urdu table too
    await e2e.server.dataSource.query(`UPDATE users SET "contactNumber" = '0300 1234567' WHERE email = $1`, [SELLER_2]);
    const urduAdmin = await pageIn("ur");
    try {
      const { page } = urduAdmin;
      await page.goto("/");
      await logIn(page, ADMIN, PASSWORD, URDU_LOGIN);
      await page.goto("/dashboard/admin");
      const number = page.getByRole("main").getByText("0300 1234567", { exact: true }).locator("visible=true");
      await visible(number);
      expect(await drawn(number)).toEqual({ ltr: true, lastRightOfFirst: true });
    } finally {
      await urduAdmin.context.close();
    }

    const englishReader = await pageIn("en");
    try {
      const { page } = englishReader;
      await page.goto(`/shop/${urdu.createProduct.id}`);
      const name = page.getByRole("heading", { level: 1 }).locator("bdi");
      await visible(name);
      expect(await direction(page)).toEqual(["en", "ltr"]);
      expect(await drawn(name)).toEqual({ ltr: false, lastRightOfFirst: false });
      expect(await drawn(page.getByText("بالکل ٹھیک چلتا ہے، کور کے ساتھ۔"))).toEqual({ ltr: false, lastRightOfFirst: false });
      // put into an English sentence (here a picture's description, as a screen reader says it), the Urdu name is isolated
      await visible(page.getByRole("img", { name: "\u2068سائنسی کیلکولیٹر (پرانا)\u2069, picture 1 of 2", exact: true }));
      await page.goto("/shop");
      const search = page.getByRole("main").getByLabel("Search products");
      await search.fill("کیلکولیٹر");
      expect(await typedSide(search)).toBe("right");
    } finally {
      await englishReader.context.close();
    }
  });
});
