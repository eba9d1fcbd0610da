const UPLOAD = /^(.*\/uploads\/[0-9a-f]{64})\.webp$/;

/**
 * The `srcset` of an uploaded picture: the server keeps 200, 400 and 800 px wide copies of every
 * upload (`<hash>-w<width>.webp`), so a phone showing a card at ~180 px does not fetch the full
 * picture. Undefined for any other URL (the picture is then loaded as is).
 */
export function uploadSrcSet(url: string): string | undefined {
  const match = UPLOAD.exec(url);
  if (!match) return undefined;
  return [200, 400, 800].map((width) => `${match[1]}-w${width}.webp ${width}w`).join(", ");
}
