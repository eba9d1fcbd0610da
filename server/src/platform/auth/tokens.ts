import jwt from "jsonwebtoken";

export type TokenClaims = { sub: string; ver: number };

/** Tokens carry the user id and token version only; the role is read fresh on every request. */
export function signToken(claims: TokenClaims, secret: string, expiresIn: string): string {
  return jwt.sign({ ver: claims.ver }, secret, {
    subject: claims.sub,
    expiresIn: expiresIn as jwt.SignOptions["expiresIn"],
    algorithm: "HS256",
  });
}

export function verifyToken(token: string, secret: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ["HS256"] });
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
