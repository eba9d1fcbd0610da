import type { Application, Request, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { TLSSocket } from "node:tls";

/**
 * Bases already worked out per app, by all that decides them: Express's trust check parses the
 * peer's address again for each of req.protocol and req.host, a sixteenth of a cached answer's cost.
 */
const knownBases = new WeakMap<Application, LRUCache<string, string>>();
const KNOWN_BASES_PER_APP = 1_000;

/**
 * Where clients reach the app: the configured PUBLIC_URL, else this request's protocol and host as
 * seen through the trusted proxies (Express `trust proxy`, set from TRUST_PROXY).
 */
export function publicBase(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  let known = knownBases.get(req.app);
  if (!known) knownBases.set(req.app, (known = new LRUCache({ max: KNOWN_BASES_PER_APP })));
  const { headers, socket } = req;
  const key = JSON.stringify([
    socket.remoteAddress,
    (socket as TLSSocket).encrypted === true,
    headers["x-forwarded-proto"],
    headers["x-forwarded-host"],
    headers.host,
  ]);
  let base = known.get(key);
  if (base === undefined) known.set(key, (base = `${req.protocol}://${req.host}`));
  return base;
}

/**
 * Without PUBLIC_URL, answers that name the app's own address (image URLs, robots.txt, the sitemap)
 * are built from the trusted proxies' forwarded host and protocol: an HTTP cache must keep one
 * answer per value of those headers (Host is in every cache's key already). With PUBLIC_URL they
 * name it whatever the request says, so nothing varies.
 */
export const varyOnPublicBase =
  (publicUrl: string | undefined): RequestHandler =>
  (_req, res, next) => {
    if (!publicUrl) res.vary("X-Forwarded-Host").vary("X-Forwarded-Proto");
    next();
  };

/**
 * A CDN in front of the upload bucket (S3_PUBLIC_URL), which `/uploads/...` addresses then name
 * instead of the app; one per process, set from the configuration when the app is made.
 */
let uploadsBase: string | undefined;
export function serveUploadsFrom(base: string | undefined): void {
  uploadsBase = base;
}

/**
 * The address clients put in `<img src>`: an app path (/uploads/...) becomes absolute on the public
 * base (or the uploads CDN), so it loads from any origin; an http(s) URL stored before only uploads
 * were taken stays as it is. Both the REST and the GraphQL answers go through here.
 */
export function absoluteImageUrl(stored: string, base: string): string;
export function absoluteImageUrl(stored: string | null, base: string): string | null;
export function absoluteImageUrl(stored: string | null, base: string): string | null {
  if (stored === null || !stored.startsWith("/") || stored.startsWith("//")) return stored;
  if (uploadsBase && stored.startsWith("/uploads/")) return `${uploadsBase}${stored}`;
  return `${base}${stored}`;
}

/** Our content-addressed pictures: /uploads/<sha256>.webp and its variants (-thumb, ...). */
const OWN_UPLOAD = /^https?:\/\/\S+?(\/uploads\/[0-9a-f]{64}[\w-]*\.webp)$/;

/**
 * How an image address is stored: our own upload's absolute URL (as answers give it, whatever host
 * it was reached by) is kept as its /uploads/ path, so it follows PUBLIC_URL and the host of later
 * requests; any other address is kept as sent (and refused by `isOwnImagePath`).
 */
export function storedImageAddress(address: string): string {
  return OWN_UPLOAD.exec(address)?.[1] ?? address;
}

/**
 * Whether a stored image address is a picture uploaded here. Only those are accepted: the CSP loads
 * images from this origin only, and an image on another host would tell that host who views it.
 */
export const isOwnImagePath = (stored: string): boolean => /^\/uploads\/[A-Za-z0-9._-]+$/.test(stored);

export const NOT_OWN_IMAGE = "Upload the image first (POST /api/upload/Image or uploadImage) and send the address it answers.";
