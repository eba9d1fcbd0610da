import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// the server's refusals by key, in English (the list `said(...)` takes its keys from)
import { errorTexts } from "../../../server/src/platform/i18n/errors";
import english from "./en/errors.json";
import urdu from "./ur/errors.json";

/**
 * The server's refusals carry a key (`extensions.key`); the web says them from errors.json. Every
 * key the server throws is there in English (the server's own sentence) and in Urdu.
 */
type Catalogue = { [key: string]: string | Catalogue };
const flat = (catalogue: Catalogue, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === "string" ? [[prefix + key, value]] : Object.entries(flat(value, `${prefix}${key}.`)),
    ),
  );

const SERVER = path.resolve(__dirname, "../../../server/src");
function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The keys thrown in the server's code: `said("key"` (a plural key stands for its _one and _other forms). */
const thrownKeys = () =>
  [
    ...new Set(serverFiles(SERVER).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\bsaid\(\s*"([\w.]+)"/g)].map((m) => m[1]))),
  ].sort();

/** `keys` that `catalogue` lacks (a key with plural forms is there when its forms are). */
const missingFrom = (catalogue: Record<string, string>, keys: string[]) =>
  keys.filter((key) => !(key in catalogue) && !(`${key}_one` in catalogue && `${key}_other` in catalogue));

describe("the server's refusals in the web's words (locales/<en|ur>/errors.json)", () => {
  it("finds the keys thrown by the server's services", () => {
    const thrown = thrownKeys();
    expect(thrown).toEqual(
      expect.arrayContaining(["checkout.onlyLeft", "handover.codeWrong", "offer.notForSale", "payout.moreThanAvailable"]),
    );
  });

  it("has every thrown key in English and in Urdu", () => {
    const thrown = thrownKeys();
    expect(missingFrom(flat(english), thrown)).toEqual([]);
    expect(missingFrom(flat(urdu), thrown)).toEqual([]);
  });

  it("words the English as the server does, key for key, and has every key in Urdu", () => {
    expect(flat(english)).toEqual(errorTexts);
    expect(Object.keys(flat(urdu)).sort()).toEqual(Object.keys(errorTexts).sort());
  });

  it("names an order's status in Urdu by a word the deals catalogue has for each of its values", async () => {
    const { OrderStatus } = await import("../../../server/src/platform/shared/order-statuses");
    const urduDeals = flat((await import("./ur/deals.json")).default);
    const nested = Object.values(flat(urdu)).flatMap((text) =>
      [...text.matchAll(/\$t\(deals:([\w.]+)\.\{\{- \w+\}\}\)/g)].map((m) => m[1]),
    );
    expect(nested).toContain("orderStatusByValue");
    for (const map of new Set(nested)) expect(Object.values(OrderStatus).filter((value) => !(`${map}.${value}` in urduDeals))).toEqual([]);
  });

  it("finds a missing key (the check itself works)", () => {
    expect(missingFrom({ "a.b_one": "", "a.b_other": "", "c.d": "" }, ["a.b", "c.d", "e.f"])).toEqual(["e.f"]);
  });
});
