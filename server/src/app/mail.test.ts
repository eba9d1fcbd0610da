import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OneTimeCode } from "../modules/codes/entity";
import { loginCookie, signUp } from "../test/fixtures";
import { codeOf, startTestServer, type TestServer } from "../test/harness";
import { codeIn, outboxMails, startSmtpServer, type TestSmtp } from "../test/mail";
import { createMailer, MAIL_FAILED } from "../platform/mail";
import { fromThisMachine } from "../platform/http/dev-outbox";

const REQUEST = `mutation ($email: String!) { requestStudentVerification(email: $email) { sentTo } }`;
const CONFIRM = `mutation ($code: String!) { confirmStudentVerification(code: $code) { isVerifiedStudent } }`;
const RESET = `mutation ($email: String!) { requestPasswordReset(email: $email) }`;

const tempDir = () => mkdtemp(path.join(tmpdir(), "unibazaar-mail-"));

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("the outbox (no SMTP_URL)", () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir();
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
  });
  afterAll(() => server.close());

  it("writes each mail as an .eml file (RFC 822, From MAIL_FROM's default)", async () => {
    const dir = path.join(await tempDir(), "outbox");
    await createMailer({ outboxDir: dir, mailFrom: "UniBazaar <no-reply@unibazaar.pk>" }).send({
      to: "a@nust.edu.pk",
      subject: "Hello",
      text: "Body text",
    });
    const [mail] = await outboxMails(dir);
    expect(mail).toMatchObject({ to: "a@nust.edu.pk", subject: "Hello" });
    expect(mail.raw).toMatch(/^From: UniBazaar <no-reply@unibazaar\.pk>$/m);
    expect(mail.raw).toMatch(/^Message-ID: </m);
    expect(mail.raw).toContain("Body text");
  });

  it("lists and shows the mails on /dev/outbox, HTML-escaped, and serves nothing outside the outbox", async () => {
    const user = await signUp(server, "user", { name: "<b>Bold</b> Student" });
    await server.gql(REQUEST, { email: "bold.student@nust.edu.pk" }, user.token);
    const [name] = (await readdir(path.join(dataDir, "outbox"))).filter((n) => n.endsWith(".eml"));
    const list = await server.api("GET", "/dev/outbox");
    expect(list.status).toBe(200);
    expect(list.body).toContain(`href="/dev/outbox/${name}"`);
    expect(list.body).toContain("is your UniBazaar verification code");
    const one = await server.api("GET", `/dev/outbox/${name}`);
    expect(one.body).toContain("&lt;b&gt;Bold&lt;/b&gt; Student");
    expect(one.body).not.toContain("<b>Bold</b>");

    await writeFile(path.join(dataDir, "secret.eml"), "not a mail");
    for (const probe of ["/dev/outbox/..%2Fjwt-secret", "/dev/outbox/..%2Fsecret.eml", "/dev/outbox/0000000000000-00000000.eml"]) {
      const res = await server.api("GET", probe);
      expect(res.status, probe).toBe(404);
    }
  });

  it("answers only this machine or an admin: a request relayed by a proxy or from another address is refused", async () => {
    const [buyer, admin] = await Promise.all([signUp(server, "user"), signUp(server, "admin")]);
    await server.gql(RESET, { email: buyer.user.email });
    // what a reverse proxy on this machine sends for a client on the network
    const relayed = { "x-forwarded-for": "203.0.113.5" };
    for (const token of [undefined, buyer.token]) {
      const res = await server.api("GET", "/dev/outbox", { headers: relayed, token });
      expect(res.status).toBe(403);
      expect(String(res.body)).not.toContain("reset");
    }
    const [name] = (await readdir(path.join(dataDir, "outbox"))).filter((n) => n.endsWith(".eml"));
    expect((await server.api("GET", `/dev/outbox/${name}`, { headers: { forwarded: "for=203.0.113.5" } })).status).toBe(403);
    expect((await server.api("GET", "/dev/outbox", { headers: relayed, token: admin.token })).status).toBe(200);
    const cookie = await loginCookie(server, admin);
    expect((await server.api("GET", `/dev/outbox/${name}`, { headers: relayed, cookie })).status).toBe(200);
    // the peer address decides, never a header
    const peer = (remoteAddress: string) => ({ socket: { remoteAddress }, headers: {} }) as Parameters<typeof fromThisMachine>[0];
    expect([peer("127.0.0.1"), peer("::1"), peer("::ffff:127.0.0.1")].map(fromThisMachine)).toEqual([true, true, true]);
    expect([peer("192.168.1.20"), peer("::ffff:10.0.0.3"), peer("fe80::1")].map(fromThisMachine)).toEqual([false, false, false]);
  });

  it("is not served in production", async () => {
    const production = await startTestServer({
      env: { NODE_ENV: "production", PUBLIC_URL: "https://unibazaar.example", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    });
    try {
      const res = await production.api("GET", "/dev/outbox", { headers: { accept: "application/json" } });
      expect(res.status).toBe(404);
      expect(String(res.body)).not.toContain("Outbox");
    } finally {
      await production.close();
    }
  });
});

describe("SMTP_URL", () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = await tempDir();
    server = await startTestServer({ env: { SMTP_URL: smtp.url, DATA_DIR: dataDir, MAIL_FROM: "Campus <hello@unibazaar.test>" } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it("sends the code mail over SMTP (nothing in the outbox), and the code in it verifies", async () => {
    const user = await signUp(server, "user");
    await server.gql(REQUEST, { email: "smtp.student@lums.edu.pk" }, user.token);
    const mail = smtp.mails.find((m) => m.to === "smtp.student@lums.edu.pk")!;
    expect(mail.raw).toMatch(/^From: Campus <hello@unibazaar\.test>$/m);
    expect(mail.raw).toContain(codeIn(mail));
    expect(await outboxMails(path.join(dataDir, "outbox"))).toEqual([]);
    expect((await server.gql(CONFIRM, { code: codeIn(mail) }, user.token)).data.confirmStudentVerification.isVerifiedStudent).toBe(true);
  });
});

describe("an SMTP server that cannot be reached", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => server.close());

  it("answers SERVICE_UNAVAILABLE with a clear message; no code is kept and the try is not counted", async () => {
    const user = await signUp(server, "user");
    for (let i = 0; i < 4; i++) {
      const res = await server.gql(REQUEST, { email: "down@nust.edu.pk" }, user.token);
      expect(codeOf(res)).toBe("SERVICE_UNAVAILABLE");
      expect(res.errors![0].message).toBe(MAIL_FAILED.text);
    }
    expect(await server.dataSource.getRepository(OneTimeCode).findOneBy({ userId: user.user.id })).toBeNull();

    const reset = await server.gql(RESET, { email: user.user.email });
    expect(reset.errors![0]).toMatchObject({ message: MAIL_FAILED.text, extensions: { code: "SERVICE_UNAVAILABLE" } });
    expect(await server.dataSource.getRepository(OneTimeCode).countBy({ userId: user.user.id })).toBe(0);
  });

  it("keeps an earlier code working when a resend fails", async () => {
    const user = await signUp(server, "user");
    await server.dataSource.getRepository(OneTimeCode).insert({
      userId: user.user.id,
      purpose: "verify_student" as OneTimeCode["purpose"],
      email: "kept@nust.edu.pk",
      codeHash: "x".repeat(64),
      attempts: 2,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(codeOf(await server.gql(REQUEST, { email: "other@nust.edu.pk" }, user.token))).toBe("SERVICE_UNAVAILABLE");
    expect(await server.dataSource.getRepository(OneTimeCode).findOneBy({ userId: user.user.id })).toMatchObject({
      email: "kept@nust.edu.pk",
      attempts: 2,
    });
  });
});
