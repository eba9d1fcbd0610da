import { emailRule } from "@unibazaar/rules";
import type { DataSource } from "typeorm";
import { said } from "../../platform/i18n/errors";
import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { EventBus } from "../../platform/events";
import { languageOr, render } from "../../platform/i18n";
import { badInput, conflict, unauthenticated } from "../../platform/shared/errors";
import { parseInput } from "../../platform/shared/validation";
import { isUniqueViolation } from "../../platform/db/errors";
import { CodePurpose, CODE_TTL_MINUTES, type OneTimeCodes } from "../codes";
import { markStudentVerified, User } from "../users";
import { universityOf } from "./universities";

export const NOT_A_UNIVERSITY = said("verification.notAUniversity");
export const UNIVERSITY_EMAIL_TAKEN = said("verification.emailTaken");
export const ALREADY_VERIFIED = said("verification.alreadyVerified");

const emailSchema = z.object({ email: emailRule });

/**
 * The inbox an address reaches: without its +tag, since name+anything@ reaches name@ at the mail
 * services universities use. Kept and compared so, one inbox verifies one account.
 */
export const inboxOf = (email: string): string => email.replace(/^([^+@]+)\+[^@]*@/, "$1@");

/**
 * Verified students: a user proves a university e-mail (UNIVERSITIES, or any *.edu.pk) with a
 * one-time code sent to it; the account then shows the badge and the university. One university
 * e-mail verifies one account.
 */
export class VerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: OneTimeCodes,
    private readonly events: EventBus,
  ) {}

  private get users() {
    return this.dataSource.getRepository(User);
  }

  private verifiedOwner(email: string): Promise<Pick<User, "id"> | null> {
    return this.users.createQueryBuilder("u").select("u.id").where(`lower(u."universityEmail") = :email`, { email }).getOne();
  }

  /**
   * Mails a code to the caller's university e-mail (a new code replaces an earlier one). Whether
   * another account verified that e-mail is told only at `confirm`, to whoever reads its inbox:
   * answering it here would let anyone probe which university e-mails are registered.
   */
  async requestCode(caller: AuthUser, input: { email: string }): Promise<{ sentTo: string; expiresInMinutes: number }> {
    const { email } = parseInput(emailSchema, input);
    if (!universityOf(email)) throw badInput(NOT_A_UNIVERSITY, { email: NOT_A_UNIVERSITY });
    const owner = await this.verifiedOwner(inboxOf(email));
    if (owner?.id === caller.id) throw conflict(ALREADY_VERIFIED);
    const me = await this.users.findOneBy({ id: caller.id });
    if (!me) throw unauthenticated();
    await this.codes.send({
      purpose: CodePurpose.VERIFY_STUDENT,
      userId: me.id,
      email,
      limitKey: me.id,
      // in the language the caller chose
      compose: (code) => ({
        to: email,
        subject: render(languageOr(me.language), { key: "mail.verify.subject", params: { code } }),
        text: render(languageOr(me.language), {
          key: "mail.verify.body",
          params: { name: me.name, email, code, minutes: CODE_TTL_MINUTES },
        }),
      }),
    });
    return { sentTo: email, expiresInMinutes: CODE_TTL_MINUTES };
  }

  /** Confirms the code: the caller becomes a verified student of the e-mail's university. */
  async confirm(caller: AuthUser, input: { code: string }): Promise<User> {
    return this.codes.redeem(CodePurpose.VERIFY_STUDENT, caller.id, input.code, async (manager, email) => {
      const university = universityOf(email);
      if (!university) throw badInput(NOT_A_UNIVERSITY, { email: NOT_A_UNIVERSITY });
      try {
        // the shop's "verified sellers only" pages are cached: user.changed follows the commit
        await markStudentVerified(manager, this.events, caller.id, {
          university: university.name,
          universityEmail: inboxOf(email),
          at: new Date(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(UNIVERSITY_EMAIL_TAKEN);
        throw error;
      }
      return manager.findOneByOrFail(User, { id: caller.id });
    });
  }
}
