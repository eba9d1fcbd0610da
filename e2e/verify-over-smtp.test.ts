import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { it as browserTest } from "./browser-test";
import { codeIn, outboxMails, startSmtpServer, type TestSmtp } from "../server/src/test/mail";
import { type E2E, openPage, PHONE } from "./harness";
import { logIn, visible } from "./storefront-helpers";

/** The mail journeys with SMTP_URL pointing at a real SMTP server this test starts: the codes arrive by SMTP. */
let smtp: TestSmtp;
let e2e: E2E;
let dataDir: string;
const it = browserTest
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("smtpServer", { scope: "file" }, async ({}, { onCleanup }) => {
    smtp = await startSmtpServer();
    onCleanup(() => smtp.close());
    return smtp;
  })
  .extend("appEnv", { scope: "file" }, async ({ smtpServer }) => {
    dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-e2e-smtp-"));
    return { SMTP_URL: smtpServer.url, DATA_DIR: dataDir };
  });
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

describe("verification and password reset over SMTP at 390 px", () => {
  it("verifies a university e-mail with the code received by the SMTP server; nothing goes to the outbox", async () => {
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await logIn(page, "zainab@student.pk");
      await page.goto("/dashboard/profile");
      const card = page.getByRole("region", { name: "Student verification" });
      await card.getByLabel("University e-mail").fill("zainab.ahmed@pu.edu.pk");
      await card.getByRole("button", { name: "Send code" }).click();
      await visible(card.getByText("We sent a 6-digit code to"));
      const mail = smtp.mails.find((m) => m.to === "zainab.ahmed@pu.edu.pk");
      expect(mail?.subject).toMatch(/^\d{6} is your UniBazaar verification code$/);
      expect(await outboxMails(path.join(dataDir, "outbox"))).toEqual([]);

      await card.getByLabel("Code").fill(codeIn(mail!));
      await card.getByRole("button", { name: "Verify" }).click();
      await visible(card.getByText("Verified with zainab.ahmed@pu.edu.pk"));
      await visible(card.getByText("University of the Punjab"));
    } finally {
      await context.close();
    }
  });

  it("resets a forgotten password with the code received by the SMTP server", async () => {
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill("hamza@student.pk");
      await page.getByRole("button", { name: "Send code" }).click();
      await visible(page.getByText("we sent a 6-digit code to it"));
      const mail = smtp.mails.find((m) => m.to === "hamza@student.pk");
      expect(mail).toBeDefined();
      expect(await outboxMails(path.join(dataDir, "outbox"))).toEqual([]);

      await page.getByLabel("Code").fill(codeIn(mail!));
      await page.getByLabel(/^New password/).fill("hamza-smtp-pass-1");
      await page.getByLabel("Repeat new password").fill("hamza-smtp-pass-1");
      await page.getByRole("button", { name: "Set new password" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/");
      const login = await e2e.server.gql(`mutation { login(email: "hamza@student.pk", password: "hamza-smtp-pass-1") { token } }`);
      expect(login.data?.login.token).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
