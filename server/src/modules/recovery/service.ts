import { passwords } from "../../platform/auth/passwords";
import { emailRule, passwordRule } from "@unibazaar/rules";
import { languageOr, render } from "../../platform/i18n";
import { said } from "../../platform/i18n/errors";
import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import { AppError, badInput, unauthenticated } from "../../platform/shared/errors";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { parseInput } from "../../platform/shared/validation";
import { digest, type AuthService } from "../auth";
import { CodePurpose, CODE_FORMAT, CODE_TTL_MINUTES, CODE_WRONG, type OneTimeCodes } from "../codes";
import { setPasswordHash, User } from "../users";

/** Reset requests per address per hour (each e-mail also gets CODE_SENDS_PER_HOUR codes an hour). */
export const RESET_REQUESTS_PER_IP = 20;
/** Wrong current passwords per account per 15 minutes when changing the password. */
export const PASSWORD_CHANGE_FAILURES = 5;

export const WRONG_CURRENT_PASSWORD = said("auth.wrongCurrentPassword");

const requestSchema = z.object({ email: emailRule });
const resetSchema = z.object({ email: emailRule, code: z.string({ error: "Enter the code." }), newPassword: passwordRule });
const changeSchema = z.object({
  currentPassword: z.string({ error: "Enter your current password." }).min(1, "Enter your current password."),
  newPassword: passwordRule,
});

/**
 * Account recovery and password changes. Both end every earlier session: the token version moves
 * on (tokens carry it), and the caller gets a fresh token.
 */
export class RecoveryService {
  private readonly resetsByIp;
  private readonly changeFailures;

  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: OneTimeCodes,
    private readonly auth: AuthService,
  ) {
    this.resetsByIp = postgresLimiter(dataSource, { keyPrefix: "reset_ip", points: RESET_REQUESTS_PER_IP, duration: 3600 });
    this.changeFailures = postgresLimiter(dataSource, { keyPrefix: "password_change", points: PASSWORD_CHANGE_FAILURES, duration: 900 });
  }

  private byEmail(email: string): Promise<User | null> {
    return this.dataSource.getRepository(User).createQueryBuilder("u").where("lower(u.email) = :email", { email }).getOne();
  }

  /**
   * Mails a reset code when an account has this e-mail, and a note saying there is no account when
   * none has. The answer, the limit (per e-mail and per address) and the work (statements, hashing,
   * one mail) are the same either way, so nobody learns which e-mails are registered.
   */
  async requestReset(input: { email: string }, ip: string): Promise<void> {
    const { email } = parseInput(requestSchema, input);
    await consumeOrRefuse([[this.resetsByIp, ip]]);
    const user = await this.byEmail(email);
    await this.codes.send({
      purpose: CodePurpose.RESET_PASSWORD,
      userId: user?.id ?? null,
      email,
      limitKey: digest(email),
      // in the account's language (only an account has one: the note to an unknown e-mail is in English)
      compose: (code) => ({
        to: email,
        subject: render(languageOr(user?.language), { key: "mail.reset.subject", params: { code } }),
        text: render(languageOr(user?.language), {
          key: "mail.reset.body",
          params: { name: user?.name ?? "", code, minutes: CODE_TTL_MINUTES },
        }),
      }),
      composeNoAccount: () => ({
        to: email,
        subject: "UniBazaar password reset",
        text: [
          "Hello,",
          "",
          `Someone (we hope you) asked to reset the password of a UniBazaar account with this e-mail (${email}),`,
          "but no account uses it. If you have an account, it was made with another e-mail: ask for the code there.",
          "If you did not ask for it, ignore this e-mail.",
        ].join("\n"),
      }),
    });
  }

  /**
   * Sets a new password with a mailed code; every earlier token stops working, and the user is signed
   * in afresh. Every refused code answers CODE_WRONG (no "tries left", no "expired"): those would
   * tell a real account from an unknown e-mail.
   */
  async resetPassword(input: { email: string; code: string; newPassword: string }): Promise<{ token: string; user: User }> {
    const v = parseInput(resetSchema, input);
    const user = await this.byEmail(v.email);
    const updated = await this.codes
      .redeem(CodePurpose.RESET_PASSWORD, user?.id ?? null, v.code, (manager) => this.setPassword(manager, user!.id, v.newPassword))
      .catch((error: unknown) => {
        if (error instanceof AppError && error.fields?.code && error.fields.code !== CODE_FORMAT.text)
          throw badInput(CODE_WRONG, { code: CODE_WRONG });
        throw error;
      });
    return { token: this.auth.issueToken(updated), user: updated };
  }

  /** Changes the caller's password given the current one; other sessions end, this one gets a new token. */
  async changePassword(caller: AuthUser, input: { currentPassword: string; newPassword: string }): Promise<{ token: string; user: User }> {
    const v = parseInput(changeSchema, input);
    await consumeOrRefuse([[this.changeFailures, caller.id]]);
    const current = await this.dataSource
      .getRepository(User)
      .createQueryBuilder("u")
      .addSelect("u.passwordHash")
      .where("u.id = :id", { id: caller.id })
      .getOne();
    if (!current) throw unauthenticated();
    if (!(await passwords.verify(current.passwordHash, v.currentPassword))) {
      throw badInput(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    const updated = await this.dataSource.transaction((manager) => this.setPassword(manager, caller.id, v.newPassword));
    await this.changeFailures.delete(caller.id);
    return { token: this.auth.issueToken(updated), user: updated };
  }

  private async setPassword(manager: EntityManager, userId: string, password: string): Promise<User> {
    await setPasswordHash(manager, userId, await passwords.hash(password));
    await this.auth.endSessions(manager, userId, "password");
    return manager.findOneByOrFail(User, { id: userId });
  }
}
