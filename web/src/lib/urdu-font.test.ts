import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { create, type Font } from "fontkit";
import { describe, expect, it } from "vitest";
import { ARABIC_SCRIPT } from "./arabic-script";

const require = createRequire(import.meta.url);
const URDU_CATALOGUES = path.join(import.meta.dirname, "../locales/ur");

/** Every string in a catalogue (nested objects included). */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** The Arabic-script characters the Urdu catalogues use, without invisible controls (joiners, direction marks). */
function urduCharacters(): string[] {
  const text = readdirSync(URDU_CATALOGUES)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => strings(JSON.parse(readFileSync(path.join(URDU_CATALOGUES, name), "utf8"))))
    .join("");
  return [...new Set(text.match(ARABIC_SCRIPT) ?? [])].filter((char) => !/\p{Cf}/u.test(char)).sort();
}

/** The face's file as the app bundles it (web/src/lib/urdu-font.ts). */
const face = (weight: number) =>
  create(readFileSync(require.resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff2`))) as Font;

describe("the Urdu face", () => {
  const characters = urduCharacters();

  it("reads the catalogues' Urdu letters (a sanity floor: Urdu's alphabet and more)", () => {
    expect(characters.length).toBeGreaterThan(38);
    expect(characters).toEqual(expect.arrayContaining(["ے", "ں", "ٹ", "ڈ", "ڑ", "ہ", "ھ", "۔"]));
  });

  it.each([400, 700])(
    "draws every Arabic-script letter of the Urdu catalogues at weight %i (none falls back to a system face or a box)",
    (weight) => {
      const font = face(weight);
      // the check can fail: the Arabic file has no Latin letters (the theme's Latin face draws those)
      expect(font.hasGlyphForCodePoint("A".codePointAt(0)!)).toBe(false);
      const missing = characters.filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!));
      expect(missing.map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()} ${char}`)).toEqual([]);
    },
  );
});
