import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";
import { answerAfter, holdRequest, type HeldRequest, type Hold } from "./hold";

/** What one browser holds: its P-256 key pair and auth secret, as PushSubscription.toJSON() shows them. */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, p256dh: ecdh.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

export type ReceivedPush = { path: string; headers: IncomingMessage["headers"]; body: Buffer };

/**
 * A push service of the test's own (HTTP on loopback): it keeps every push it is sent and answers
 * 201, or the status set for a path (410 for a subscription that has gone away). `holdNext()` keeps
 * the next push unanswered until released (a push service that answers slowly).
 */
export async function localPushService() {
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  let next: HeldRequest | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    const held = next;
    next = undefined;
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () =>
      answerAfter(held, () => {
        const path = req.url ?? "/";
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(statusFor.get(path) ?? 201).end();
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    statusFor,
    holdNext: (): Hold => (next = holdRequest()),
    endpoint: (path: string) => `${origin}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decrypts a push as the browser does (RFC 8291: aes128gcm with the browser's private key and auth secret). */
export function decryptPush(push: ReceivedPush, keys: BrowserKeys): unknown {
  const plain = decrypt(push.body, { version: "aes128gcm", privateKey: keys.ecdh, authSecret: keys.authSecret });
  return JSON.parse(plain.toString("utf8"));
}

/**
 * Checks a push's VAPID authorization (RFC 8292) as a push service does: `vapid t=<JWT>, k=<key>`,
 * the JWT signed with ES256 by that key, for this service's origin, not expired. Returns its claims.
 */
export function verifyVapid(push: ReceivedPush, origin: string): { aud: string; sub: string; exp: number; k: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${push.headers.authorization}`);
  const [, jwt, k] = match;
  const [header, payload, signature] = jwt.split(".");
  const raw = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID JWT's signature does not verify");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("the VAPID JWT is not ES256");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { aud: string; sub: string; exp: number };
  if (claims.aud !== origin) throw new Error(`the VAPID JWT is for ${claims.aud}, not ${origin}`);
  if (claims.exp * 1000 <= Date.now()) throw new Error("the VAPID JWT has expired");
  return { ...claims, k };
}
