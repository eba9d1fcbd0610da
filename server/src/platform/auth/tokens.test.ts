import { afterEach, describe, expect, it, vi } from "vitest";
import { signToken, verifyToken } from "./tokens";

describe("tokens", () => {
  const secret = "a-secret-of-at-least-32-characters-0001";
  const other = "a-secret-of-at-least-32-characters-0002";

  it("verifies a token with the secret it was signed with, every time, and refuses it under another secret", () => {
    const token = signToken({ sub: "user-1", ver: 3 }, secret, "1h");
    expect(verifyToken(token, secret)).toEqual({ sub: "user-1", ver: 3 });
    // the key object is made once per secret: a second check answers the same
    expect(verifyToken(token, secret)).toEqual({ sub: "user-1", ver: 3 });
    expect(verifyToken(token, other)).toBeNull();
    expect(verifyToken(signToken({ sub: "user-2", ver: 0 }, other, "1h"), other)).toEqual({ sub: "user-2", ver: 0 });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses a token from its expiry on, though its signature was checked before", () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
    const token = signToken({ sub: "user-3", ver: 1 }, secret, "1h");
    expect(verifyToken(token, secret)).toEqual({ sub: "user-3", ver: 1 });
    vi.setSystemTime(new Date("2026-03-01T10:59:59Z"));
    expect(verifyToken(token, secret)).toEqual({ sub: "user-3", ver: 1 });
    vi.setSystemTime(new Date("2026-03-01T11:00:00Z"));
    expect(verifyToken(token, secret)).toBeNull();
  });

  it("refuses a token whose payload was changed", () => {
    const [header, , signature] = signToken({ sub: "user-1", ver: 3 }, secret, "1h").split(".");
    const forged = Buffer.from(JSON.stringify({ sub: "admin", ver: 3 })).toString("base64url");
    expect(verifyToken(`${header}.${forged}.${signature}`, secret)).toBeNull();
  });
});
