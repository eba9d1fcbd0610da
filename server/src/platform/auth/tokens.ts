import jwt from "jsonwebtoken";
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

export function verifyToken(token: string, secret: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, keyOf(secret), { algorithms: ["HS256"] });
    if (typeof payload === "string" || typeof payload.sub !== "string" || typeof payload.ver !== "number") return null;
    return { sub: payload.sub, ver: payload.ver };
  } catch {
    return null;
  }
}

/** When a token (already verified) stops working, or undefined when it carries no expiry. */
export function tokenExpiry(token: string): Date | undefined {
  const payload = jwt.decode(token, { json: true });
  return typeof payload?.exp === "number" ? new Date(payload.exp * 1000) : undefined;
}
