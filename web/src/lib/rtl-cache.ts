import createCache from "@emotion/cache";
import { prefixer } from "stylis";
import rtlPlugin from "stylis-plugin-rtl";
import { addUrduFont } from "./urdu-font";

/** Emotion's styles flipped for right-to-left (margin-left becomes margin-right...); loaded only for Urdu. */
export const rtlCache = createCache({ key: "muirtl", stylisPlugins: [prefixer, rtlPlugin] });

// Urdu (the one right-to-left language) comes with its face: an English reader fetches neither
addUrduFont();
