import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCaller, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, startTestServer, type TestServer } from "../../test/harness";
import { codeIn, lastOutboxMail, outboxMails } from "../../test/mail";
import { OneTimeCode } from "../codes/entity";
import { CODE_EXPIRED, CODE_SENDS_SPENT, CODE_SPENT, CODE_TTL_MINUTES, CODE_WRONG } from "../codes/service";
import { User } from "../users/entity";
import { NOT_A_UNIVERSITY, UNIVERSITY_EMAIL_TAKEN } from "./service";
import { universityOf } from "./universities";

let server: TestServer;
let outbox: string;

const REQUEST = `mutation ($email: String!) { requestStudentVerification(email: $email) { sentTo expiresInMinutes } }`;
const CONFIRM = `mutation ($code: String!) { confirmStudentVerification(code: $code) { id isVerifiedStudent university universityEmail verifiedAt } }`;

let n = 0;
/** A fresh university address, so tests do not share one. */
const uniEmail = (domain = "nust.edu.pk") => `student${++n}.${Date.now()}@${domain}`;

async function requestCode(who: SignedIn, email: string): Promise<string> {
  const res = await server.gql(REQUEST, { email }, who.token);
  expect(res.errors).toBeUndefined();
  return codeIn((await lastOutboxMail(outbox, email))!);
}

const codeRow = (userId: string) => server.dataSource.getRepository(OneTimeCode).findOneBy({ userId });
const userRow = (id: string) => server.dataSource.getRepository(User).findOneByOrFail({ id });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-verify-"));
  outbox = path.join(dataDir, "outbox");
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(() => server.close());

describe("university domains", () => {
  it("knows listed universities (subdomains too), their campus, any other *.edu.pk, and nothing else", () => {
    expect(universityOf("a@nust.edu.pk")).toEqual({ name: expect.stringContaining("NUST"), campus: "nust-islamabad" });
    expect(universityOf("a@seecs.nust.edu.pk")?.campus).toBe("nust-islamabad");
    expect(universityOf("a@lhr.nu.edu.pk")).toEqual({ name: "FAST-NUCES Lahore", campus: "fast-lahore" });
    expect(universityOf("a@isb.nu.edu.pk")?.campus).toBeNull();
    expect(universityOf("a@giki.edu.pk")).toEqual({ name: expect.stringContaining("GIK"), campus: null });
    expect(universityOf("a@students.uol.edu.pk")).toEqual({ name: "uol.edu.pk", campus: null });
    for (const email of ["a@gmail.com", "a@edu.pk", "a@nust.edu.pk.evil.com", "a@notnust.edu.pk.com", "a@lums.edu"])
      expect(universityOf(email), email).toBeNull();
  });
});

describe("verifying a university e-mail", () => {
  it("mails a code; the right code makes a verified student with the university, shown on the seller page too", async () => {
    const seller = await signUp(server, "seller");
    const email = uniEmail();
    const sent = await server.gql(REQUEST, { email: `  ${email.toUpperCase()} ` }, seller.token);
    expect(sent.data.requestStudentVerification).toEqual({ sentTo: email, expiresInMinutes: CODE_TTL_MINUTES });
    const mail = (await lastOutboxMail(outbox, email))!;
    expect(mail.raw).toContain(codeIn(mail));
    const row = (await codeRow(seller.user.id))!;
    expect(row.codeHash).not.toContain(codeIn(mail));

    const before = await server.gql(`{ me { isVerifiedStudent university } }`, {}, seller.token);
    expect(before.data.me).toEqual({ isVerifiedStudent: false, university: null });
    const res = await server.gql(CONFIRM, { code: codeIn(mail) }, seller.token);
    expect(res.data.confirmStudentVerification).toMatchObject({
      isVerifiedStudent: true,
      university: universityOf(email)!.name,
      universityEmail: email,
    });
    expect(await codeRow(seller.user.id)).toBeNull();
    const page = await server.gql(`query ($u: String!) { sellerPage(username: $u) { seller { isVerifiedStudent university } } }`, {
      u: seller.user.username,
    });
    expect(page.data.sellerPage.seller).toEqual({ isVerifiedStudent: true, university: universityOf(email)!.name });
  });

  it("refuses an address that is not a university's, and sends nothing", async () => {
    const buyer = await signUp(server, "user");
    const before = (await outboxMails(outbox)).length;
    for (const email of ["me@gmail.com", "me@nust.edu.pk.example.com", "not an email"]) {
      const res = await server.gql(REQUEST, { email }, buyer.token);
      expect(codeOf(res), email).toBe("BAD_USER_INPUT");
    }
    expect((await server.gql(REQUEST, { email: "me@gmail.com" }, buyer.token)).errors![0].message).toBe(NOT_A_UNIVERSITY.text);
    expect((await outboxMails(outbox)).length).toBe(before);
    expect(await codeRow(buyer.user.id)).toBeNull();
  });

  it("a university e-mail verifies one account: another account cannot confirm it, and asking does not tell it is taken", async () => {
    const [first, second] = await Promise.all([signUp(server, "user"), signUp(server, "user")]);
    const email = uniEmail("lums.edu.pk");
    // both ask before either confirms: the second confirmation is the one refused
    const code1 = await requestCode(first, email);
    const code2 = await requestCode(second, email);
    expect((await server.gql(CONFIRM, { code: code1 }, first.token)).errors).toBeUndefined();
    const late = await server.gql(CONFIRM, { code: code2 }, second.token);
    expect(codeOf(late)).toBe("CONFLICT");
    expect(late.errors![0].message).toBe(UNIVERSITY_EMAIL_TAKEN.text);
    expect((await userRow(second.user.id)).verifiedAt).toBeNull();

    // asking again answers like any university e-mail (a code goes to its inbox); only its reader learns it is taken
    const ask = await server.gql(REQUEST, { email: email.toUpperCase() }, second.token);
    expect(ask.errors).toBeUndefined();
    const again = await server.gql(CONFIRM, { code: codeIn((await lastOutboxMail(outbox, email))!) }, second.token);
    expect(again.errors![0].message).toBe(UNIVERSITY_EMAIL_TAKEN.text);
    expect((await userRow(second.user.id)).verifiedAt).toBeNull();
  });

  it("one inbox verifies one account: a +tag on the address does not make it another e-mail", async () => {
    const [first, second] = await Promise.all([signUp(server, "user"), signUp(server, "user")]);
    const [name, domain] = uniEmail().split("@");
    // name+anything@ reaches name@ at the mail services universities use
    const code1 = await requestCode(first, `${name}+main@${domain}`);
    expect((await server.gql(CONFIRM, { code: code1 }, first.token)).errors).toBeUndefined();

    for (const alias of [`${name}+sock1@${domain}`, `${name}@${domain}`]) {
      const late = await server.gql(CONFIRM, { code: await requestCode(second, alias) }, second.token);
      expect(codeOf(late), alias).toBe("CONFLICT");
      expect(late.errors![0].message).toBe(UNIVERSITY_EMAIL_TAKEN.text);
    }
    expect((await userRow(second.user.id)).verifiedAt).toBeNull();
  });

  it("a wrong code counts a try; after 5 tries even the right code is refused", async () => {
    const buyer = await signUp(server, "user");
    const email = uniEmail();
    const code = await requestCode(buyer, email);
    const first = await server.gql(CONFIRM, { code: wrong(code) }, buyer.token);
    expect(first.errors![0]).toMatchObject({ message: "That code is wrong. 4 tries left.", extensions: { code: "BAD_USER_INPUT" } });
    for (let i = 0; i < 3; i++) await server.gql(CONFIRM, { code: wrong(code) }, buyer.token);
    const fifth = await server.gql(CONFIRM, { code: wrong(code) }, buyer.token);
    expect(fifth.errors![0].message).toBe(CODE_SPENT.text);
    const right = await server.gql(CONFIRM, { code }, buyer.token);
    expect(right.errors![0].message).toBe(CODE_WRONG.text);
    expect((await userRow(buyer.user.id)).verifiedAt).toBeNull();
  });

  it("parallel guesses cannot pass the limit of 5 tries", async () => {
    const buyer = await signUp(server, "user");
    const code = await requestCode(buyer, uniEmail());
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => server.services.verification.confirm(asCaller(buyer), { code: wrong(code) }).catch((e: Error) => e)),
    );
    expect(guesses.every((g) => g instanceof Error)).toBe(true);
    const right = await server.gql(CONFIRM, { code }, buyer.token);
    expect(codeOf(right)).toBe("BAD_USER_INPUT");
    expect((await userRow(buyer.user.id)).verifiedAt).toBeNull();
  });

  it("an expired code is refused", async () => {
    const buyer = await signUp(server, "user");
    const code = await requestCode(buyer, uniEmail());
    await server.dataSource.query(`UPDATE one_time_codes SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`, [
      buyer.user.id,
    ]);
    const res = await server.gql(CONFIRM, { code }, buyer.token);
    expect(res.errors![0].message).toBe(CODE_EXPIRED.text);
    expect((await userRow(buyer.user.id)).verifiedAt).toBeNull();
  });

  it(`a code lapses ${CODE_TTL_MINUTES} minutes after it was sent, by the clock`, async () => {
    const buyer = await signUp(server, "user");
    const code = await requestCode(buyer, uniEmail());
    server.clock.advance(CODE_TTL_MINUTES * 60_000);
    try {
      expect((await server.gql(CONFIRM, { code }, buyer.token)).errors![0].message).toBe(CODE_EXPIRED.text);
    } finally {
      server.clock.advance(-CODE_TTL_MINUTES * 60_000);
    }
    expect((await userRow(buyer.user.id)).verifiedAt).toBeNull();
  });

  it("a code works once; a new code replaces the previous one", async () => {
    const buyer = await signUp(server, "user");
    const old = await requestCode(buyer, uniEmail());
    const email = uniEmail("iba.edu.pk");
    const code = await requestCode(buyer, email);
    if (old !== code) expect((await server.gql(CONFIRM, { code: old }, buyer.token)).errors).toBeDefined();
    expect((await server.gql(CONFIRM, { code }, buyer.token)).data.confirmStudentVerification.universityEmail).toBe(email);
    const again = await server.gql(CONFIRM, { code }, buyer.token);
    expect(again.errors![0].message).toBe(CODE_WRONG.text);
  });

  it("a malformed code is refused without counting a try", async () => {
    const buyer = await signUp(server, "user");
    await requestCode(buyer, uniEmail());
    const res = await server.gql(CONFIRM, { code: "12ab" }, buyer.token);
    expect(res.errors![0].message).toBe("Enter the 6-digit code from the e-mail.");
    expect((await codeRow(buyer.user.id))!.attempts).toBe(0);
  });

  it("sends at most 3 codes an hour per account", async () => {
    const buyer = await signUp(server, "user");
    for (let i = 0; i < 3; i++) await requestCode(buyer, uniEmail());
    const before = (await outboxMails(outbox)).length;
    const fourth = await server.gql(REQUEST, { email: uniEmail() }, buyer.token);
    expect(codeOf(fourth)).toBe("RATE_LIMITED");
    expect(fourth.errors![0].message).toBe(CODE_SENDS_SPENT.text);
    expect((await outboxMails(outbox)).length).toBe(before);
  });

  it("needs a signed-in caller", async () => {
    expect(codeOf(await server.gql(REQUEST, { email: uniEmail() }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(CONFIRM, { code: "123456" }))).toBe("UNAUTHENTICATED");
  });
});
