// the font's files, bundled from the npm package (hashed, served by the app itself): Arabic-script glyphs only
import regular from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2?url";
import bold from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff2?url";
// the family name the theme puts first: no installed font has it, so it applies only once added here
import { URDU_FAMILY } from "./theme";
import { ARABIC_SCRIPT_RANGE } from "./arabic-script";

/**
 * Adds Noto Naskh Arabic under URDU_FAMILY, in its regular and bold weights. Loaded (this module and
 * its files) only when the language is Urdu: an English reader never fetches it. The browser fetches
 * each weight when text first uses it, and shows the fallback face meanwhile (`swap`), so the first
 * Urdu paint does not wait for it.
 */
export function addUrduFont(): void {
  // without the Font Loading API (a test's DOM), the system's Arabic face stays
  if (typeof FontFace === "undefined") return;
  for (const [url, weight] of [
    [regular, "400"],
    [bold, "700"],
  ] as const) {
    document.fonts.add(
      new FontFace(URDU_FAMILY, `url(${url}) format("woff2")`, { weight, unicodeRange: ARABIC_SCRIPT_RANGE, display: "swap" }),
    );
  }
}
