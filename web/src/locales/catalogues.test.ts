import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The catalogues stay whole: every key of an English catalogue is in its Urdu one, and every
 * `t("...")` key written in the source is in the English catalogue of the namespace it reads.
 */
const LOCALES = __dirname;
const SOURCE = path.resolve(__dirname, "..");

type Catalogue = { [key: string]: string | Catalogue };
const read = (language: string, namespace: string): Catalogue =>
  JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8")) as Catalogue;
const keysOf = (catalogue: Catalogue, prefix = ""): string[] =>
  Object.entries(catalogue).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : keysOf(value, `${prefix}${key}.`)));
const namespaces = readdirSync(path.join(LOCALES, "en")).map((file) => file.replace(/\.json$/, ""));

/** Source files that show words (the GraphiQL playground stays English; generated code has none). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["generated", "graphiql", "locales"].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("catalogues (web/src/locales)", () => {
  it.each(namespaces)("ur/%s.json has every key of en/%s.json", (namespace) => {
    const urdu = new Set(keysOf(read("ur", namespace)));
    expect(keysOf(read("en", namespace)).filter((key) => !urdu.has(key))).toEqual([]);
  });

  it("has every key the source asks for in English", () => {
    const english = new Map(namespaces.map((namespace) => [namespace, new Set(keysOf(read("en", namespace)))]));
    // a key with plurals is stored as key_one, key_other
    const has = (namespace: string, key: string) =>
      ["", "_one", "_other"].some((suffix) => english.get(namespace)?.has(key + suffix) ?? false);
    const missing: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const text = readFileSync(file, "utf8");
      // useTranslation("ns") or useTranslation(["ns", ...]): unprefixed keys read the first namespace
      const used = [...text.matchAll(/useTranslation\((?:\[?"(\w+)")?/g)].map((match) => match[1] ?? "common");
      if (used.length === 0) continue;
      for (const [, written] of text.matchAll(/\bt\("([\w.:]+)"/g)) {
        const [namespace, key] = written.includes(":") ? written.split(":") : [undefined, written];
        const found = namespace ? has(namespace, key) : used.some((ns) => has(ns, key));
        if (!found) missing.push(`${path.relative(SOURCE, file)}: ${written}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("finds a missing key (the check itself works)", () => {
    const urdu = new Set(keysOf({ money: { was: "پہلے" } }));
    expect(keysOf({ money: { was: "was", now: "now" } }).filter((key) => !urdu.has(key))).toEqual(["money.now"]);
  });
});
