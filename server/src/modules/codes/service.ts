import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_DIGITS, isCodeShaped } from "@unibazaar/rules";
import type { Clock } from "../../platform/clock";
import type { DataSource, EntityManager } from "typeorm";
import type { Mailer, MailMessage } from "../../platform/mail";
import { said, type Said } from "../../platform/i18n/errors";
import { badInput } from "../../platform/shared/errors";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { CodePurpose, OneTimeCode } from "./entity";

export const CODE_TTL_MINUTES = 15;
/** Stands for "no such account": a valid id no user has, so its statements match no row. */
const NO_USER = "00000000-0000-0000-0000-000000000000";
/** Tries of one code; then it is spent and a new one must be asked for. */
export const CODE_ATTEMPTS = 5;
/** Codes sent per key (a user and purpose, or a reset's e-mail) per hour. */
export const CODE_SENDS_PER_HOUR = 3;

export const CODE_FORMAT = said("code.format", { digits: CODE_DIGITS });
export const CODE_WRONG = said("code.wrong");
export const CODE_EXPIRED = said("code.expired");
export const CODE_SPENT = said("code.spent");
export const CODE_SENDS_SPENT = said("code.sendsSpent", { count: CODE_SENDS_PER_HOUR });

/**
 * One-time codes by e-mail (student verification, password reset): 6 digits, kept only as an HMAC
 * under the server secret (a leaked table does not give the codes away), valid CODE_TTL_MINUTES,
 * CODE_ATTEMPTS tries, used once. Sends are limited in PostgreSQL, shared by every server process.
 */
export class OneTimeCodes {
  private readonly sends;

  constructor(
    private readonly dataSource: DataSource,
    private readonly secret: string,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {
    this.sends = postgresLimiter(dataSource, { keyPrefix: "code_send", points: CODE_SENDS_PER_HOUR, duration: 3600 });
  }

  private hash(purpose: CodePurpose, userId: string, code: string): string {
    return createHmac("sha256", this.secret).update(`${purpose}:${userId}:${code}`).digest("hex");
  }

  /**
   * Counts a send against `limitKey`, then (for a user) replaces their code for `purpose` and mails
   * it. When the mail fails, the code it replaced is put back (an earlier code still works) and the
   * send is not counted. No transaction is held open while the mail server answers (it may take
   * seconds). `userId: null` (an unknown e-mail asking for a reset) does the same work: the same
   * statements, which then match no row, the same HMAC, and a mail (`composeNoAccount`, without a
   * code), so neither the answer nor its time tells whether the account exists.
   */
  async send(options: {
    purpose: CodePurpose;
    userId: string | null;
    email: string;
    limitKey: string;
    compose: (code: string) => MailMessage;
    composeNoAccount?: () => MailMessage;
  }): Promise<void> {
    const { purpose, email, limitKey, compose, composeNoAccount } = options;
    const userId = options.userId ?? NO_USER;
    const key = `${purpose}:${limitKey}`;
    await consumeOrRefuse([[this.sends, key]], CODE_SENDS_SPENT);
    const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
    const codes = this.dataSource.getRepository(OneTimeCode);
    const earlier = await codes.findOneBy({ userId, purpose });
    const fresh = {
      userId,
      purpose,
      email,
      codeHash: this.hash(purpose, userId, code),
      attempts: 0,
      expiresAt: new Date(this.clock.now().getTime() + CODE_TTL_MINUTES * 60_000),
    };
    // an upsert for an existing user only: for NO_USER it inserts nothing
    await this.dataSource.query(
      `INSERT INTO one_time_codes ("userId", purpose, email, "codeHash", attempts, "expiresAt")
       SELECT u.id, $2, $3, $4, $5, $6 FROM users u WHERE u.id = $1
       ON CONFLICT ("userId", purpose) DO UPDATE SET email = EXCLUDED.email, "codeHash" = EXCLUDED."codeHash",
         attempts = EXCLUDED.attempts, "expiresAt" = EXCLUDED."expiresAt"`,
      [userId, purpose, email, fresh.codeHash, fresh.attempts, fresh.expiresAt],
    );
    try {
      const mail = options.userId ? compose(code) : composeNoAccount?.();
      if (mail) await this.mailer.send(mail);
    } catch (error) {
      // only our own row is undone: a code sent meanwhile by another request stays
      await codes.delete({ userId, purpose, codeHash: fresh.codeHash });
      // a newer code sent meanwhile holds the row: it wins over the earlier one
      if (earlier) await codes.insert(earlier).catch(() => undefined);
      await this.sends.reward(key, 1);
      throw error;
    }
  }

  /**
   * Checks `code` for the user's live code of `purpose` and, when right, deletes it and runs `apply`
   * in the same transaction (given the e-mail it was sent to). Each try is counted before comparing,
   * so parallel guesses cannot pass the limit; a wrong, expired or spent code changes nothing else.
   */
  async redeem<T>(
    purpose: CodePurpose,
    account: string | null,
    code: string,
    apply: (manager: EntityManager, email: string) => Promise<T>,
  ): Promise<T> {
    const digits = code.replace(/\s+/g, "");
    if (!isCodeShaped(digits)) throw badInput(CODE_FORMAT, { code: CODE_FORMAT });
    // no account: the same statement (it matches no row) and the same HMAC as a real one
    const userId = account ?? NO_USER;
    const triedHash = this.hash(purpose, userId, digits);
    const tried = await this.dataSource
      .createQueryBuilder()
      .update(OneTimeCode)
      .set({ attempts: () => "attempts + 1" })
      .where(`"userId" = :userId AND purpose = :purpose`, { userId, purpose })
      .returning(["email", "codeHash", "attempts", "expiresAt"])
      .execute();
    const row = (tried.raw as Array<Pick<OneTimeCode, "email" | "codeHash" | "attempts" | "expiresAt">>)[0];
    if (!row) throw badInput(CODE_WRONG, { code: CODE_WRONG });
    const refuse = async (message: Said) => {
      await this.dataSource.getRepository(OneTimeCode).delete({ userId, purpose });
      return badInput(message, { code: message });
    };
    if (new Date(row.expiresAt).getTime() <= this.clock.now().getTime()) throw await refuse(CODE_EXPIRED);
    if (row.attempts > CODE_ATTEMPTS) throw await refuse(CODE_SPENT);
    const right = timingSafeEqual(Buffer.from(triedHash), Buffer.from(row.codeHash));
    if (!right) {
      if (row.attempts >= CODE_ATTEMPTS) throw await refuse(CODE_SPENT);
      const left = CODE_ATTEMPTS - row.attempts;
      const message = said("code.wrongTriesLeft", { count: left });
      throw badInput(message, { code: message });
    }
    return this.dataSource.transaction(async (manager) => {
      // the delete that removes the row is the one use: a second use of the code finds nothing
      const used = await manager.getRepository(OneTimeCode).delete({ userId, purpose, codeHash: row.codeHash });
      if (!used.affected) throw badInput(CODE_WRONG, { code: CODE_WRONG });
      return apply(manager, row.email);
    });
  }
}
