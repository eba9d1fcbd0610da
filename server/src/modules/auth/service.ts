import { hash, verify } from "@node-rs/argon2";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { type DataSource, QueryFailedError } from "typeorm";
import { z } from "zod";
import type { AppConfig } from "../../platform/config";
import { AppError, conflict, rateLimited, unauthenticated } from "../../platform/shared/errors";
import { parseInput } from "../../platform/shared/validation";
import { SellerType, User } from "../users/entity";
import { contactNumberRule, emailRule, usernameRule } from "../users/rules";
import { signToken, verifyToken } from "../../platform/auth/tokens";
import { type AuthUser, Role } from "../../platform/auth/roles";

const registerSchema = z
  .object({
    email: emailRule,
    password: z.string().min(8, "Password must be at least 8 characters.").max(128, "Password must be at most 128 characters."),
    username: usernameRule,
    name: z.string().trim().min(1, "Name is required.").max(100, "Name must be at most 100 characters."),
    contactNumber: contactNumberRule,
    role: z.enum([Role.USER, Role.SELLER], { message: "Choose Buyer or Seller." }),
    sellerType: z.enum(SellerType, { message: "Choose business or individual." }).nullish(),
    storeName: z.string().trim().max(80, "Store name must be at most 80 characters.").nullish(),
    storeDescription: z.string().trim().max(1000, "Store description must be at most 1000 characters.").nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.role !== Role.SELLER) return;
    if (!v.sellerType) ctx.addIssue({ code: "custom", path: ["sellerType"], message: "Seller type is required for sellers." });
    if (v.sellerType === SellerType.BUSINESS) {
      if (!v.storeName) ctx.addIssue({ code: "custom", path: ["storeName"], message: "Store name is required for business sellers." });
      if (!v.storeDescription)
        ctx.addIssue({ code: "custom", path: ["storeDescription"], message: "Store description is required for business sellers." });
    }
  });

/** What callers may send; the service checks it (role is any string until validated). */
export type RegisterInput = Omit<z.input<typeof registerSchema>, "role"> & { role: string };

const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Email is required."),
  password: z.string().min(1, "Password is required."),
});

const INVALID_LOGIN = "Invalid email or password.";
export const DUPLICATE_ACCOUNT = "Email or username already registered.";

/** Failed sign-ins allowed per window, counted in PostgreSQL so every server process shares them. */
const LOGIN_WINDOW_SECONDS = 15 * 60;
const FAILURES_PER_EMAIL = 5;
const FAILURES_PER_IP = 30;

export const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === "23505";

export class AuthService {
  private readonly failuresByEmail: RateLimiterPostgres;
  private readonly failuresByIp: RateLimiterPostgres;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Pick<AppConfig, "jwtSecret" | "jwtExpiresIn">,
  ) {
    const common = {
      storeClient: dataSource,
      storeType: "typeorm",
      tableName: "rate_limits",
      tableCreated: true,
      duration: LOGIN_WINDOW_SECONDS,
    };
    this.failuresByEmail = new RateLimiterPostgres({ ...common, keyPrefix: "login_email", points: FAILURES_PER_EMAIL });
    this.failuresByIp = new RateLimiterPostgres({ ...common, keyPrefix: "login_ip", points: FAILURES_PER_IP });
  }

  private get users() {
    return this.dataSource.getRepository(User);
  }

  async register(input: RegisterInput): Promise<User> {
    const v = parseInput(registerSchema, input);
    const isSeller = v.role === Role.SELLER;
    const isBusiness = isSeller && v.sellerType === SellerType.BUSINESS;
    const user = this.users.create({
      email: v.email,
      username: v.username,
      name: v.name,
      contactNumber: v.contactNumber,
      role: v.role,
      // Argon2id (the library default), from a prebuilt N-API binary that needs no install script
      passwordHash: await hash(v.password),
      // seller fields are kept only where they apply
      sellerType: isSeller ? v.sellerType! : null,
      storeName: isBusiness ? v.storeName! : null,
      storeDescription: isBusiness ? v.storeDescription! : null,
    });
    try {
      return await this.users.save(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_ACCOUNT);
      throw error;
    }
  }

  /** Checks the password; repeated failures for one e-mail or one IP are refused for a while. */
  async login(input: { email: string; password: string }, ip: string): Promise<{ token: string; user: User }> {
    const { email, password } = parseInput(loginSchema, input);
    const emailKey = email;
    const [byEmail, byIp] = await Promise.all([this.failuresByEmail.get(emailKey), this.failuresByIp.get(ip)]);
    if ((byEmail?.consumedPoints ?? 0) >= FAILURES_PER_EMAIL || (byIp?.consumedPoints ?? 0) >= FAILURES_PER_IP) throw rateLimited();

    const user = await this.users.createQueryBuilder("u").addSelect("u.passwordHash").where("lower(u.email) = :email", { email }).getOne();
    const valid = user ? await verify(user.passwordHash, password) : false;
    if (!user || !valid) {
      await Promise.all([this.failuresByEmail.penalty(emailKey, 1), this.failuresByIp.penalty(ip, 1)]).catch((e) => {
        if (!(e instanceof RateLimiterRes)) throw e;
      });
      throw new AppError("UNAUTHENTICATED", INVALID_LOGIN);
    }
    await this.failuresByEmail.delete(emailKey);
    const token = signToken({ sub: user.id, ver: user.tokenVersion }, this.config.jwtSecret, this.config.jwtExpiresIn);
    return { token, user: stripPassword(user) };
  }

  /** Revokes every token issued to the user so far (the token version moves on). */
  async logout(userId: string): Promise<void> {
    await this.users.increment({ id: userId }, "tokenVersion", 1);
  }

  /** Resolves a bearer token to its user; an expired, revoked or unknown token gives null. */
  async authenticate(token: string | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = verifyToken(token, this.config.jwtSecret);
    if (!claims) return null;
    const user = await this.users.findOne({
      where: { id: claims.sub },
      select: { id: true, role: true, email: true, username: true, tokenVersion: true },
    });
    if (!user || user.tokenVersion !== claims.ver) return null;
    return { id: user.id, role: user.role, email: user.email, username: user.username };
  }

  async me(caller: AuthUser | null): Promise<User> {
    if (!caller) throw unauthenticated();
    const user = await this.users.findOneBy({ id: caller.id });
    if (!user) throw unauthenticated();
    return user;
  }
}

function stripPassword(user: User): User {
  const { passwordHash: _omit, ...rest } = user;
  return rest as User;
}
