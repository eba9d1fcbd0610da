import jwt from "jsonwebtoken";
import { LRUCache } from "lru-cache";
import { createSecretKey, type KeyObject } from "node:crypto";

export type TokenClaims = { sub: string; ver: number };

const keys = new Map<string, KeyObject>();

/**
 * The secret as a key object, made once: given a string, jsonwebtoken first tries it as a public
 * key, which throws, then makes the secret key, on every call: a tenth of a signed-in read's CPU.
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

/** Tokens carry the user id and token version only; the role is read fresh on every request. */
export function signToken(claims: TokenClaims, secret: string, expiresIn: string): string {
  return jwt.sign({ ver: claims.ver }, keyOf(secret), {
    subject: claims.sub,
    expiresIn: expiresIn as jwt.SignOptions["expiresIn"],
    algorithm: "HS256",
  });
}

/** Tokens whose signature was checked, per secret, with their expiry (seconds); past this many the least used is forgotten. */
const MAX_VERIFIED_TOKENS = 10_000;
const verifiedTokens = new Map<string, LRUCache<string, TokenClaims & { exp: number | undefined }>>();

/**
 * The token's claims when it is signed with `secret`, well formed and not expired; else null. A
 * token's signature is checked once (jsonwebtoken's verification was a tenth of a signed-in product
 * page's CPU) and the same string is the same token: only tokens that passed are remembered, and
 * the expiry is checked on every use, as jsonwebtoken checks it. Whether the account still accepts
 * the token (its version, a suspension) is for the caller to read on every request.
 */
export function verifyToken(token: string, secret: string): TokenClaims | null {
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new LRUCache({ max: MAX_VERIFIED_TOKENS })));
  let claims = verified.get(token);
  if (!claims) {
    try {
      const payload = jwt.verify(token, keyOf(secret), { algorithms: ["HS256"] });
      if (typeof payload === "string" || typeof payload.sub !== "string" || typeof payload.ver !== "number") return null;
      claims = { sub: payload.sub, ver: payload.ver, exp: payload.exp };
      // a token not valid before a time is checked afresh each time (this app signs none)
      if (payload.nbf === undefined) verified.set(token, claims);
    } catch {
      return null;
    }
  }
  if (claims.exp !== undefined && Math.floor(Date.now() / 1000) >= claims.exp) return null;
  return { sub: claims.sub, ver: claims.ver };
}

/** When a token (already verified) stops working, or undefined when it carries no expiry. */
export function tokenExpiry(token: string): Date | undefined {
  const payload = jwt.decode(token, { json: true });
  return typeof payload?.exp === "number" ? new Date(payload.exp * 1000) : undefined;
}
