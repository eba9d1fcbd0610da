import type { Request } from "express";

/**
 * Where clients reach the app: the configured PUBLIC_URL, else this request's protocol and host as
 * seen through the trusted proxies (Express `trust proxy`, set from TRUST_PROXY).
 */
export function publicBase(req: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

/**
 * The address clients put in `<img src>`: an app path (/uploads/...) becomes absolute on the public
 * base, so it loads from any origin; an http(s) URL someone entered stays as it is. Both the REST and
 * the GraphQL answers go through here.
 */
export function absoluteImageUrl(stored: string, base: string): string;
export function absoluteImageUrl(stored: string | null, base: string): string | null;
export function absoluteImageUrl(stored: string | null, base: string): string | null {
  if (stored === null || !stored.startsWith("/") || stored.startsWith("//")) return stored;
  return `${base}${stored}`;
}
