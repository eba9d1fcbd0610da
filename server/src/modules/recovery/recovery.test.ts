import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, startTestServer, type TestServer } from "../../test/harness";
import { codeIn, decodedMail, lastOutboxMail, outboxMails } from "../../test/mail";
import { CODE_SENDS_SPENT, CODE_WRONG } from "../codes/service";
import { User } from "../users/entity";
import { WRONG_CURRENT_PASSWORD } from "./service";

let server: TestServer;
let outbox: string;

const REQUEST = `mutation ($email: String!) { requestPasswordReset(email: $email) }`;
const RESET = `mutation ($email: String!, $code: String!, $newPassword: String!) {
  resetPassword(email: $email, code: $code, newPassword: $newPassword) { token user { id email } }
}`;
const CHANGE = `mutation ($currentPassword: String!, $newPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { token user { id } }
}`;
const ME = `{ me { id } }`;

const login = (email: string, password: string) =>
  server.gql(`mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, { e: email, p: password });

async function resetCode(who: SignedIn): Promise<string> {
  expect((await server.gql(REQUEST, { email: who.user.email.toUpperCase() })).data).toEqual({ requestPasswordReset: true });
  return codeIn((await lastOutboxMail(outbox, who.user.email))!);
}

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-recovery-"));
  outbox = path.join(dataDir, "outbox");
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(() => server.close());

describe("forgot password", () => {
  it("mails the code in the account's language: Urdu for an Urdu reader, and the code works", async () => {
    const user = await signUp(server, "user");
    expect((await server.gql(`mutation { setLanguage(language: "ur") }`, {}, user.token)).data).toEqual({ setLanguage: "ur" });
    expect((await server.gql(REQUEST, { email: user.user.email })).data).toEqual({ requestPasswordReset: true });
    const { subject, body } = decodedMail((await lastOutboxMail(outbox, user.user.email))!);
    const code = /\b(\d{6})\b/.exec(subject)![1];
    // the code isolated inside the Urdu line, the name kept as written
    expect(subject).toBe(`\u2068${code}\u2069 آپ کا UniBazaar پاس ورڈ ری سیٹ کوڈ ہے`);
    expect(body).toContain(`السلام علیکم \u2068${user.user.name}\u2069،`);
    expect(body).toContain("نیا پاس ورڈ رکھنے سے آپ ہر ڈیوائس سے لاگ آؤٹ ہو جائیں گے۔");
    expect(body).not.toContain("Someone");
    const res = await server.gql(RESET, { email: user.user.email, code, newPassword: "urdu-new-pass-9" });
    expect(res.data.resetPassword.user.id).toBe(user.user.id);
  });

  it("resets with the mailed code: every earlier token stops working, the new token and password work, the old one not", async () => {
    const user = await signUp(server, "user");
    const otherDevice = (await login(user.user.email, user.password)).data.login.token;
    const code = await resetCode(user);
    const res = await server.gql(RESET, { email: user.user.email, code, newPassword: "brand-new-pass-9" });
    expect(res.data.resetPassword.user).toEqual({ id: user.user.id, email: user.user.email });
    for (const token of [user.token, otherDevice]) expect(codeOf(await server.gql(ME, {}, token))).toBe("UNAUTHENTICATED");
    expect((await server.gql(ME, {}, res.data.resetPassword.token)).data.me.id).toBe(user.user.id);
    expect(codeOf(await login(user.user.email, user.password))).toBe("UNAUTHENTICATED");
    expect((await login(user.user.email, "brand-new-pass-9")).data.login.token).toBeTruthy();
    // used once
    const again = await server.gql(RESET, { email: user.user.email, code, newPassword: "another-pass-10" });
    expect(again.errors![0].message).toBe(CODE_WRONG.text);
  });

  it("answers the same for an unknown e-mail, mails no code (a note that no account uses it), and limits it the same way", async () => {
    const before = (await outboxMails(outbox)).length;
    const unknown = `nobody-${Date.now()}@test.pk`;
    for (let i = 0; i < 3; i++) expect((await server.gql(REQUEST, { email: unknown })).data).toEqual({ requestPasswordReset: true });
    expect((await outboxMails(outbox)).length).toBe(before + 3);
    const note = (await lastOutboxMail(outbox, unknown))!;
    expect(note.raw).toContain("no account uses it");
    expect(note.subject).not.toMatch(/\d{6}/);
    const fourth = await server.gql(REQUEST, { email: unknown });
    expect(codeOf(fourth)).toBe("RATE_LIMITED");
    expect(fourth.errors![0].message).toBe(CODE_SENDS_SPENT.text);

    const known = await signUp(server, "user");
    for (let i = 0; i < 3; i++) await resetCode(known);
    expect(codeOf(await server.gql(REQUEST, { email: known.user.email }))).toBe("RATE_LIMITED");
    // a code for an unknown e-mail is simply wrong
    const reset = await server.gql(RESET, { email: unknown, code: "123456", newPassword: "brand-new-pass-9" });
    expect(reset.errors![0].message).toBe(CODE_WRONG.text);
  });

  it("refuses a weak new password and a wrong code, and changes nothing", async () => {
    const user = await signUp(server, "user");
    const code = await resetCode(user);
    const weak = await server.gql(RESET, { email: user.user.email, code, newPassword: "short" });
    expect(weak.errors![0]).toMatchObject({ message: "Password must be at least 8 characters.", extensions: { code: "BAD_USER_INPUT" } });
    const bad = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const wrongCode = await server.gql(RESET, { email: user.user.email, code: bad, newPassword: "brand-new-pass-9" });
    // the same words as for an unknown e-mail: no "tries left"
    expect(wrongCode.errors![0].message).toBe(CODE_WRONG.text);
    expect((await server.gql(ME, {}, user.token)).data.me.id).toBe(user.user.id);
    expect((await login(user.user.email, user.password)).data.login.token).toBeTruthy();
  });

  it("refuses a code after it expired", async () => {
    const user = await signUp(server, "user");
    const code = await resetCode(user);
    await server.dataSource.query(`UPDATE one_time_codes SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`, [
      user.user.id,
    ]);
    const res = await server.gql(RESET, { email: user.user.email, code, newPassword: "brand-new-pass-9" });
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect((await login(user.user.email, user.password)).data.login.token).toBeTruthy();
  });
});

describe("change password", () => {
  it("needs the current password; then other sessions end and the returned token works", async () => {
    const user = await signUp(server, "user");
    const wrong = await server.gql(CHANGE, { currentPassword: "not-my-password", newPassword: "brand-new-pass-9" }, user.token);
    expect(wrong.errors![0]).toMatchObject({ message: WRONG_CURRENT_PASSWORD.text, extensions: { code: "BAD_USER_INPUT" } });
    expect((await server.gql(ME, {}, user.token)).data.me.id).toBe(user.user.id);

    const res = await server.gql(CHANGE, { currentPassword: user.password, newPassword: "brand-new-pass-9" }, user.token);
    expect(codeOf(await server.gql(ME, {}, user.token))).toBe("UNAUTHENTICATED");
    expect((await server.gql(ME, {}, res.data.changePassword.token)).data.me.id).toBe(user.user.id);
    expect(codeOf(await login(user.user.email, user.password))).toBe("UNAUTHENTICATED");
    expect((await login(user.user.email, "brand-new-pass-9")).data.login.token).toBeTruthy();
  });

  it("limits wrong current passwords to 5 per 15 minutes", async () => {
    const user = await signUp(server, "user");
    for (let i = 0; i < 5; i++) await server.gql(CHANGE, { currentPassword: "guess-" + i, newPassword: "brand-new-pass-9" }, user.token);
    const sixth = await server.gql(CHANGE, { currentPassword: user.password, newPassword: "brand-new-pass-9" }, user.token);
    expect(codeOf(sixth)).toBe("RATE_LIMITED");
    expect((await login(user.user.email, user.password)).data.login.token).toBeTruthy();
  });

  it("refuses a too short new password and anonymous callers", async () => {
    const user = await signUp(server, "user");
    const res = await server.gql(CHANGE, { currentPassword: user.password, newPassword: "short" }, user.token);
    expect(res.errors![0].message).toBe("Password must be at least 8 characters.");
    expect(codeOf(await server.gql(CHANGE, { currentPassword: "x", newPassword: "brand-new-pass-9" }))).toBe("UNAUTHENTICATED");
  });
});

describe("why a device was signed out", () => {
  const REASON = `{ signedOutReason }`;
  const reason = async (token?: string) => (await server.gql<{ signedOutReason: string | null }>(REASON, {}, token)).data?.signedOutReason;

  it("says the password was changed, a logout elsewhere, or the suspension with its reason; nothing for a working or forged token", async () => {
    const user = await signUp(server, "user");
    const otherDevice = (await login(user.user.email, user.password)).data.login.token;
    expect(await reason(user.token)).toBeNull();
    expect(await reason()).toBeNull();
    expect(await reason(`${user.token.slice(0, -4)}AAAA`)).toBeNull();

    const res = await server.gql(CHANGE, { currentPassword: user.password, newPassword: "brand-new-pass-9" }, user.token);
    expect(await reason(otherDevice)).toBe("You were signed out because your password was changed. Sign in with the new password.");
    const fresh = res.data.changePassword.token as string;
    expect(await reason(fresh)).toBeNull();

    const third = (await login(user.user.email, "brand-new-pass-9")).data.login.token;
    await server.gql(`mutation { logout }`, {}, third);
    expect(await reason(fresh)).toBe("You were signed out because you logged out on another device.");

    await server.dataSource
      .getRepository(User)
      .update(user.user.id, { suspendedAt: new Date(), suspendedReason: "Selling counterfeit calculators" });
    expect(await reason(fresh)).toBe(
      "This account is suspended: Selling counterfeit calculators. Contact the UniBazaar team if you think this is a mistake.",
    );
  });
});
