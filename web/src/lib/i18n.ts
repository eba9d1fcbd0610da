import { createElement, Fragment, type ReactNode } from "react";
import type { EmotionCache } from "@emotion/cache";
import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
// the app shell's English strings come with the entry: the first screen paints without waiting for a catalogue
import enCommon from "../locales/en/common.json";
import { ARABIC_SCRIPT } from "./arabic-script";

export const LANGUAGES = ["en", "ur"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Where the reader's explicit choice is kept; without one, the browser's languages decide. index.html reads it too. */
const CHOICE_KEY = "unibazaar.language";

/**
 * The language index.html's first script chose, before the page painted (the saved choice, else the
 * first of the browser's languages the app has, else English): it set `<html lang dir>`, so the
 * top bar drawn from the page stands where the app's own will.
 */
const pageLanguage = (): Language => (document.documentElement.lang === "ur" ? "ur" : "en");

/** Every other catalogue is a chunk of its own, fetched the first time a page asks for its namespace. */
const catalogues = import.meta.glob<Record<string, unknown>>(["../locales/*/*.json", "!../locales/en/common.json"], {
  import: "default",
});

/** A letter or digit of a left-to-right script, or a digit: what a right-to-left line would reorder around it. */
const LEFT_TO_RIGHT = /[A-Za-z0-9]/;
/** A letter of Arabic script (Urdu): what a left-to-right line would reorder around it. */
const RIGHT_TO_LEFT = new RegExp(ARABIC_SCRIPT.source, "u");
/**
 * A value put into a sentence (a price, "-15%", a username, a product's name, a count), isolated
 * when it runs the other way from the page: Latin letters or digits inside Urdu ("-15%" never
 * becomes "15%-"), or Urdu inside English (a student's Urdu listing name keeps its closing bracket
 * at its end), as `<bdi>` would (Unicode's first strong isolate ... pop directional isolate, which
 * also works in an aria-label or a title). A value in the page's own direction gets none.
 */
export function isolated(value: string): string {
  const otherWay = i18n.dir() === "rtl" ? LEFT_TO_RIGHT : RIGHT_TO_LEFT;
  return otherWay.test(value) ? `\u2068${value}\u2069` : value;
}

/** The page's language follows i18next: `<html lang dir>` say it to the browser, screen readers and CSS. */
i18n.on("languageChanged", (language) => {
  // "en-US" from the browser is shown as our "en"
  document.documentElement.lang = i18n.resolvedLanguage ?? language;
  document.documentElement.dir = i18n.dir(language);
});

let rtlCache: EmotionCache | undefined;
/** Emotion's right-to-left style cache, once loaded (only a right-to-left language loads it, with Urdu's face: `rtl-cache.ts`). */
export const loadedRtlCache = () => rtlCache;
async function loadDirectionStyles(language: string) {
  if (i18n.dir(language) === "rtl") rtlCache ??= (await import("./rtl-cache")).rtlCache;
}

/** Resolves once the reader's language, its `common` catalogue and its writing direction's styles are ready (at once for English). */
export const i18nReady = i18n
  .use(resourcesToBackend((language: string, namespace: string) => catalogues[`../locales/${language}/${namespace}.json`]?.() ?? {}))
  .use(initReactI18next)
  .init({
    resources: { en: { common: enCommon } },
    partialBundledLanguages: true,
    supportedLngs: LANGUAGES,
    // "ur-PK" and "en-GB" from the browser become "ur" and "en"
    load: "languageOnly",
    fallbackLng: "en",
    ns: ["common"],
    defaultNS: "common",
    lng: pageLanguage(),
    // React escapes what it renders: "escaping" here only isolates a value that runs the other way from the page
    interpolation: { escapeValue: true, escape: isolated },
    // a page whose namespace is still loading suspends: its route's Suspense keeps the skeleton meanwhile
    react: { useSuspense: true },
  })
  .then(() => {
    // the server's refusals by key (components/errors.ts), fetched after the first screen: until then, and in English, the server's own sentence shows
    void i18n.loadNamespaces("errors");
    return loadDirectionStyles(i18n.language);
  });

/** The language the app shows now ("en" until the detection has run). */
export const currentLanguage = (): Language => (i18n.language?.startsWith("ur") ? "ur" : "en");

/** Loads a route's namespaces (with its code, so the page does not wait for them after it arrives). */
export const loadNamespaces = (namespaces: readonly string[]) => i18n.loadNamespaces([...namespaces]);

/**
 * Switches the language and remembers the choice on this device. Resolves once the catalogues of
 * the new language that are in use have loaded, so the page changes in one step.
 */
export async function switchLanguage(language: Language) {
  localStorage.setItem(CHOICE_KEY, language);
  await loadDirectionStyles(language);
  await i18n.changeLanguage(language);
}

export { i18n };

/** Stands for an element inside a translated sentence; `aroundElement` puts the element there. */
export const ELEMENT_MARK = "\u2063";
/**
 * A sentence with one element in it, e.g. "by {{seller}}" with the seller's link: the language
 * decides where the element goes. (react-i18next's `<Trans>` does this too, but brings an HTML parser
 * into every page's first load.)
 */
export function aroundElement(sentence: string, element: ReactNode): ReactNode {
  const [before, after = ""] = sentence.split(ELEMENT_MARK);
  return createElement(Fragment, null, before, element, after);
}
