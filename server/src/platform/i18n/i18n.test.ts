import { describe, expect, it } from "vitest";
import { en } from "./en";
import { render } from "./index";
import { ur } from "./ur";

const placeholders = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the server's messages", () => {
  it("has every English message in Urdu, with the same parameters, and no Urdu message without an English one", () => {
    expect(Object.keys(ur).sort()).toEqual(Object.keys(en).sort());
    const differing = Object.entries(en).filter(
      ([key, template]) => placeholders(template).join() !== placeholders(ur[key as keyof typeof en]).join(),
    );
    expect(differing).toEqual([]);
  });

  it("finds a missing key (the check itself works)", () => {
    const partial: Record<string, string> = { ...ur };
    delete partial["offer.new"];
    expect(Object.keys(en).filter((key) => !(key in partial))).toEqual(["offer.new"]);
  });

  it("fills parameters in the reader's language: amounts, order numbers, statuses; isolated inside Urdu so their punctuation stays put", () => {
    const phrase = { key: "order.setBy", params: { who: "ali-99", order: 42, status: "shipped" } } as const;
    expect(render("en", phrase)).toBe("ali-99 set order UB-000042 to shipped.");
    expect(render("ur", phrase)).toBe("\u2068ali-99\u2069 نے آرڈر \u2068UB-000042\u2069 کی حالت \u2068روانہ\u2069 کر دی۔");
    expect(render("ur", { key: "offer.new", params: { amountPaisa: -1500 } }).replace(/\u00a0/g, " ")).toBe(
      "نئی پیشکش: \u2068-Rs 15\u2069۔",
    );
  });

  it("picks the plural form by count", () => {
    expect(render("en", { key: "mail.digest.subject", params: { count: 1 } })).toBe("UniBazaar: 1 new listing for your saved searches");
    expect(render("en", { key: "mail.digest.subject", params: { count: 3 } })).toBe("UniBazaar: 3 new listings for your saved searches");
  });
});
