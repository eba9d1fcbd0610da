/**
 * The bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069),
 * the left-to-right, right-to-left and Arabic letter marks (U+200E, U+200F, U+061C). An override
 * in a name or a message reverses what follows it on screen ("gpj.exe" shown as "exe.jpg"), so
 * stored free text never keeps one; Urdu and English mix correctly without them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** Free text as it is stored: without bidirectional controls. Every free-text field rule applies it before trimming. */
export const stripBidi = (text: string): string => text.replace(BIDI_CONTROLS, "");
