import { passwords } from "../../platform/auth/passwords";
import { createHash } from "node:crypto";
import { said } from "../../platform/i18n/errors";
import type { RateLimiterPostgres } from "rate-limiter-flexible";
import { type DataSource, type EntityManager } from "typeorm";
import { isUniqueViolation } from "../../platform/db/errors";
import { preparedQuery } from "../../platform/db/prepared";
import { z } from "zod";
import type { AppConfig } from "../../platform/config";
import { AppError, conflict, forbidden, unauthenticated } from "../../platform/shared/errors";
import { consumeOrRefuse, postgresLimiter } from "../../platform/shared/rate-limits";
import { parseInput } from "../../platform/shared/validation";
import { createAccount, revokeTokens, SellerType, User, type TokensRevokedBy } from "../users";
import {
  contactNumberRule,
  emailRule,
  loginRules,
  sellerFieldIssues,
  nameRule,
  passwordRule,
  storeDescriptionRule,
  storeNameRule,
  usernameRule,
} from "@unibazaar/rules";
import { signToken, verifyToken } from "../../platform/auth/tokens";
import type { EventBus } from "../../platform/events";
import { type AuthUser, Role } from "../../platform/auth/roles";

const registerSchema = z
  .object({
    email: emailRule,
    password: passwordRule,
    username: usernameRule,
    name: nameRule,
    contactNumber: contactNumberRule,
    role: z.enum([Role.USER, Role.SELLER], { message: "Choose Buyer or Seller." }),
    sellerType: z.enum(SellerType, { message: "Choose business or individual." }).nullish(),
    storeName: storeNameRule.nullish(),
    storeDescription: storeDescriptionRule.nullish(),
  })
  .superRefine((v, ctx) => {
    const seller = { seller: v.role === Role.SELLER, business: v.sellerType === SellerType.BUSINESS };
    for (const issue of sellerFieldIssues({ ...v, ...seller }))
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });

/** What callers may send; the service checks it (role is any string until validated). */
export type RegisterInput = Omit<z.input<typeof registerSchema>, "role"> & { role: string };

const INVALID_LOGIN = said("auth.invalidLogin");
export const suspendedMessage = (reason: string | null) => (reason ? said("auth.suspendedFor", { reason }) : said("auth.suspended"));
export const DUPLICATE_ACCOUNT = said("auth.duplicateAccount");

/**
 * Sign-in limits, counted in PostgreSQL so every server process shares them, and consumed atomically
 * BEFORE the password is checked, so a burst is counted as it arrives (README, "Sign-in limits"):
 * - 5 consecutive failures per (e-mail, address): guessing one account from one place stops, while
 *   the owner elsewhere can still sign in (a stranger cannot lock them out);
 * - 30 failures per address: one address guessing many accounts stops;
 * - 50 failures per e-mail per hour from all addresses together: a slow-down for guessing spread
 *   over many addresses.
 * A success resets the (e-mail, address) count and gives back the points it consumed.
 */
const LOGIN_WINDOW_SECONDS = 15 * 60;
export const FAILURES_PER_EMAIL_AND_IP = 5;
export const FAILURES_PER_IP = 30;
const FAILURES_PER_EMAIL = 50;
/** New accounts per address per hour (an aliased GraphQL request counts each alias). */
export const REGISTRATIONS_PER_IP = 20;

/** rate_limits keys are varchar(255): an e-mail enters a key as a fixed-length digest. */
export const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

export class AuthService {
  private readonly failuresByEmailAndIp: RateLimiterPostgres;
  private readonly failuresByIp: RateLimiterPostgres;
  private readonly failuresByEmail: RateLimiterPostgres;
  private readonly registrationsByIp: RateLimiterPostgres;
  /** Verified when the e-mail is unknown, so that answer takes as long as a wrong password. */
  private readonly dummyHash = passwords.hash("unibazaar-no-such-account");

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Pick<AppConfig, "jwtSecret" | "jwtExpiresIn">,
    private readonly events: EventBus,
  ) {
    const duration = LOGIN_WINDOW_SECONDS;
    this.failuresByEmailAndIp = postgresLimiter(dataSource, { keyPrefix: "login_email_ip", points: FAILURES_PER_EMAIL_AND_IP, duration });
    this.failuresByIp = postgresLimiter(dataSource, { keyPrefix: "login_ip", points: FAILURES_PER_IP, duration });
    this.failuresByEmail = postgresLimiter(dataSource, { keyPrefix: "login_email", points: FAILURES_PER_EMAIL, duration: 3600 });
    this.registrationsByIp = postgresLimiter(dataSource, { keyPrefix: "register_ip", points: REGISTRATIONS_PER_IP, duration: 3600 });
  }

  private get users() {
    return this.dataSource.getRepository(User);
  }

  /** `ip` is the caller's address for API requests (rate-limited); omitted for the seed and operators. */
  async register(input: RegisterInput, ip?: string): Promise<User> {
    const v = parseInput(registerSchema, input);
    if (ip !== undefined) await consumeOrRefuse([[this.registrationsByIp, ip]]);
    const isSeller = v.role === Role.SELLER;
    const isBusiness = isSeller && v.sellerType === SellerType.BUSINESS;
    const account = {
      email: v.email,
      username: v.username,
      name: v.name,
      contactNumber: v.contactNumber,
      role: v.role,
      passwordHash: await passwords.hash(v.password),
      // seller fields are kept only where they apply
      sellerType: isSeller ? v.sellerType! : null,
      storeName: isBusiness ? v.storeName! : null,
      storeDescription: isBusiness ? v.storeDescription! : null,
    };
    try {
      return await createAccount(this.dataSource.manager, account);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_ACCOUNT);
      throw error;
    }
  }

  /** Checks the password after consuming the sign-in limits (see LOGIN_WINDOW_SECONDS). */
  async login(input: { email: string; password: string }, ip: string): Promise<{ token: string; user: User }> {
    const { email, password } = parseInput(loginRules, input);
    const emailKey = digest(email);
    const pairKey = `${emailKey}:${ip}`;
    await consumeOrRefuse([
      [this.failuresByEmailAndIp, pairKey],
      [this.failuresByIp, ip],
      [this.failuresByEmail, emailKey],
    ]);

    const user = await this.users.createQueryBuilder("u").addSelect("u.passwordHash").where("lower(u.email) = :email", { email }).getOne();
    const valid = await passwords.verify(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !valid) throw new AppError("UNAUTHENTICATED", INVALID_LOGIN);
    // told only to someone who knows the password, so it reveals nothing to a guesser
    if (user.suspendedAt) throw forbidden(suspendedMessage(user.suspendedReason));
    await Promise.all([
      this.failuresByEmailAndIp.delete(pairKey),
      this.failuresByIp.reward(ip, 1),
      this.failuresByEmail.reward(emailKey, 1),
    ]);
    return { token: this.issueToken(user), user: stripPassword(user) };
  }

  /** A token that signs the user in until it expires or they log out (a new account is signed in by REST register). */
  issueToken(user: Pick<User, "id" | "tokenVersion">): string {
    return signToken({ sub: user.id, ver: user.tokenVersion }, this.config.jwtSecret, this.config.jwtExpiresIn);
  }

  /** Revokes every token issued to the user so far (the token version moves on). */
  async logout(userId: string): Promise<void> {
    await this.endSessions(this.dataSource.manager, userId, "logout");
  }

  /**
   * Ends every session the user has so far, in `manager`'s transaction: their tokens stop working
   * (remembering why, for the sign-in page) and, once it commits, their open sockets in every server
   * process are closed (live `revoked`).
   */
  async endSessions(manager: EntityManager, userId: string, revokedBy: TokensRevokedBy): Promise<void> {
    await revokeTokens(manager, userId, revokedBy);
    await this.events.publish(manager, "user.sessions-ended", { userId });
  }

  /**
   * Why a token that once signed someone in no longer does, for the sign-in page: a suspension (with
   * its reason), a new password, or a logout elsewhere. Null for a working, expired or forged token
   * (only a token with a valid signature learns anything).
   */
  async signedOutReason(token: string | undefined): Promise<string | null> {
    const claims = token ? verifyToken(token, this.config.jwtSecret) : null;
    if (!claims) return null;
    const user = await this.users.findOne({
      where: { id: claims.sub },
      select: { id: true, tokenVersion: true, tokensRevokedBy: true, suspendedAt: true, suspendedReason: true },
    });
    if (!user) return null;
    if (user.suspendedAt) return suspendedMessage(user.suspendedReason).text;
    if (user.tokenVersion === claims.ver) return null;
    return user.tokensRevokedBy === "password"
      ? "You were signed out because your password was changed. Sign in with the new password."
      : "You were signed out because you logged out on another device.";
  }

  /** Resolves a bearer token to its user; an expired, revoked or unknown token gives null. */
  async authenticate(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = verifyToken(token, this.config.jwtSecret);
    if (!claims) return null;
    // a plain row on every signed-in request, prepared: no entity to build, no plan to make
    const [user] = await preparedQuery<Pick<User, "id" | "role" | "email" | "username" | "tokenVersion"> & { suspended: boolean }>(
      this.dataSource,
      `SELECT id, role, email, username, "tokenVersion", "suspendedAt" IS NOT NULL AS suspended FROM users WHERE id = $1`,
      [claims.sub],
    );
    if (!user || user.tokenVersion !== claims.ver || user.suspended) return null;
    return { id: user.id, role: user.role, email: user.email, username: user.username };
  }

  async me(caller: AuthUser): Promise<User> {
    const user = await this.users.findOneBy({ id: caller.id });
    if (!user) throw unauthenticated();
    return user;
  }
}

function stripPassword(user: User): User {
  const { passwordHash: _omit, ...rest } = user;
  return rest as User;
}
