/** A piece of a message: plain text, or a link that may be followed (only to our own site). */
export type MessagePart = { text: string; href?: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,!?;:)\]]+$/;

/**
 * Splits a message into text and links. Messages are plain text: an address becomes a link only
 * when it points at `ourOrigin` (this site); any other address stays text, so nobody can lure a
 * buyer to a look-alike payment page with a click.
 */
export function splitMessage(body: string, ourOrigin: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const address = match[0].replace(TRAILING, "");
    const start = match.index;
    let href: string | undefined;
    try {
      href = new URL(address).origin === ourOrigin ? address : undefined;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ text: address, href });
    last = start + address.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
