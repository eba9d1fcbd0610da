import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp } from "../../test/fixtures";
import { FAILURES_PER_EMAIL_AND_IP, FAILURES_PER_IP, REGISTRATIONS_PER_IP } from "./service";

/**
 * The sign-in and sign-up limits under bursts. The limits are consumed before the password is
 * checked, so a burst is counted as it arrives. (This file has its own database, so its counters
 * start empty; requests over HTTP all come from 127.0.0.1.)
 */

/** "signed-in", or the error code the attempt was refused with (UNAUTHENTICATED, RATE_LIMITED, ...). */
type Outcome = string;
const outcome = (promise: Promise<unknown>): Promise<Outcome> =>
  promise.then(
    () => "signed-in",
    (error: { code?: string; message?: string }) => error.code ?? error.message ?? "unknown error",
  );
const count = (outcomes: Outcome[], wanted: Outcome) => outcomes.filter((o) => o === wanted).length;

describe("sign-in limits", () => {
  it("checks at most the limit's worth of passwords in a burst of 100 guesses, and then refuses the right one", async ({ server }) => {
    const owner = await signUp(server, "user");
    const guesses = Array.from({ length: 100 }, (_, i) =>
      outcome(server.services.auth.login({ email: owner.user.email, password: `guess-${i}` }, "203.0.113.7")),
    );
    const outcomes = await Promise.all(guesses);
    // every password checked answers UNAUTHENTICATED; the rest were refused before any check
    expect(count(outcomes, "UNAUTHENTICATED")).toBeLessThanOrEqual(FAILURES_PER_EMAIL_AND_IP);
    expect(count(outcomes, "RATE_LIMITED")).toBeGreaterThanOrEqual(100 - FAILURES_PER_EMAIL_AND_IP);
    expect(await outcome(server.services.auth.login({ email: owner.user.email, password: owner.password }, "203.0.113.7"))).toBe(
      "RATE_LIMITED",
    );
  });

  it("does not lock the owner out: a stranger's failures from another address leave the owner's sign-in working", async ({ server }) => {
    const owner = await signUp(server, "user");
    for (let i = 0; i < FAILURES_PER_EMAIL_AND_IP + 2; i++)
      await outcome(server.services.auth.login({ email: owner.user.email, password: "wrong-password" }, "198.51.100.9"));
    expect(await outcome(server.services.auth.login({ email: owner.user.email, password: "wrong-password" }, "198.51.100.9"))).toBe(
      "RATE_LIMITED",
    );
    expect(await outcome(server.services.auth.login({ email: owner.user.email, password: owner.password }, "192.0.2.44"))).toBe(
      "signed-in",
    );
  });

  it("stops one address guessing many accounts after its total", async ({ server }) => {
    const ip = "198.51.100.200";
    const outcomes: Outcome[] = [];
    for (let i = 0; i < FAILURES_PER_IP; i++)
      outcomes.push(await outcome(server.services.auth.login({ email: `nobody-${i}@test.pk`, password: "whatever1" }, ip)));
    expect(count(outcomes, "UNAUTHENTICATED")).toBe(FAILURES_PER_IP);
    const fresh = await signUp(server, "user");
    expect(await outcome(server.services.auth.login({ email: fresh.user.email, password: fresh.password }, ip))).toBe("RATE_LIMITED");
  });

  it("refuses an over-long e-mail as bad input (400), not a server fault", async ({ server }) => {
    const res = await server.gql(`mutation ($e: String!) { login(email: $e, password: "x") { token } }`, {
      e: `${"a".repeat(300)}@test.pk`,
    });
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("counts every aliased login in one GraphQL request against the limits", async ({ server }) => {
    const owner = await signUp(server, "user");
    // 4 logins fit under the query cost (each costs 1,000 of 5,000); more are refused before any runs
    const aliases = Array.from({ length: 4 }, (_, i) => `a${i}: login(email: $e, password: "wrong-${i}") { token }`).join("\n");
    const codes: unknown[] = [];
    for (let request = 0; request < FAILURES_PER_EMAIL_AND_IP + 3; request++) {
      const res = await server.gql(`mutation ($e: String!) { ${aliases} }`, { e: owner.user.email });
      codes.push(...(res.errors ?? []).map((e) => e.extensions?.code));
    }
    expect(codes.filter((c) => c === "UNAUTHENTICATED").length).toBeLessThanOrEqual(FAILURES_PER_EMAIL_AND_IP);
    expect(codes.at(-1)).toBe("RATE_LIMITED");
  });
});

describe("sign-up limits", () => {
  it("creates at most the per-address number of accounts from aliased requests", async ({ server }) => {
    const [{ n: before }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM users`);
    const codes: unknown[] = [];
    // 4 aliases per request (the query cost admits no more sign-ups in one request)
    for (let request = 0; request * 4 < REGISTRATIONS_PER_IP + 5; request++) {
      const aliases = Array.from({ length: 4 }, (_, j) => {
        const i = request * 4 + j;
        return `r${i}: register(input: { name: "Bot ${i}", username: "bot_${i}", email: "bot${i}@test.pk", password: "correct-horse-42", contactNumber: "03001234567", role: USER }) { id }`;
      }).join("\n");
      const res = await server.gql(`mutation { ${aliases} }`);
      codes.push(...(res.errors ?? []).map((e) => e.extensions?.code));
    }
    const [{ n: after }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM users`);
    expect(after - before).toBeLessThanOrEqual(REGISTRATIONS_PER_IP);
    expect(codes).toContain("RATE_LIMITED");
  });
});
