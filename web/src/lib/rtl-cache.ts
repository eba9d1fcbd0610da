import createCache from "@emotion/cache";
import { prefixer } from "stylis";
import rtlPlugin from "stylis-plugin-rtl";

/** Emotion's styles flipped for right-to-left (margin-left becomes margin-right...); loaded only for Urdu. */
export const rtlCache = createCache({ key: "muirtl", stylisPlugins: [prefixer, rtlPlugin] });
