/**
 * Arabic script and its joiners, as a CSS unicode-range: the Urdu face covers exactly these, and
 * Latin letters and digits inside Urdu text keep the theme's Latin face.
 */
export const ARABIC_SCRIPT_RANGE =
  "U+0600-06FF, U+0750-077F, U+0870-08FF, U+FB50-FDFF, U+FE70-FEFF, U+200C-200F, U+2010-2011, U+204F, U+2E41";

/** The same range as a global regular expression over characters (for counting what falls outside it). */
export const ARABIC_SCRIPT = new RegExp(
  `[${ARABIC_SCRIPT_RANGE.split(", ")
    .map((range) =>
      range
        .slice(2)
        .split("-")
        .map((hex) => `\\u{${hex}}`)
        .join("-"),
    )
    .join("")}]`,
  "gu",
);
