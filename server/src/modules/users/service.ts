import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import { isOwnImagePath, NOT_OWN_IMAGE, storedImageAddress } from "../../platform/http/public-url";
import { said } from "../../platform/i18n/errors";
import { AppError, conflict, forbidden, notFound, unauthenticated } from "../../platform/shared/errors";
import { type Page, pageInput, toPage } from "../../platform/shared/pagination";
import { isId, parseInput, ruleSaid } from "../../platform/shared/validation";
import { isUniqueViolation } from "../../platform/db/errors";
import type { EventBus } from "../../platform/events";
import { SellerType, User } from "./entity";
import { contactNumberRule, sellerFieldIssues, storeDescriptionRule, storeNameRule, usernameRule } from "@unibazaar/rules";
import { Role, type AuthUser } from "../../platform/auth/roles";

/** A cleared form field ("") means "remove it"; a missing one means "leave it as it is". */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** A picture uploaded here (its /uploads/ path or the absolute URL the upload answered); inline data URLs do not fit the column. */
const profileImageRule = z
  .string()
  .trim()
  .max(500, ruleSaid("account.imageUrlTooLong", { count: 500 }))
  .transform(storedImageAddress)
  .refine(isOwnImagePath, NOT_OWN_IMAGE);

const profileSchema = z.object({
  username: usernameRule,
  contactNumber: z.preprocess(blankToNull, contactNumberRule.nullish()),
  profileImage: z.preprocess(blankToNull, profileImageRule.nullish()),
});

export type ProfileUpdate = { username: string; contactNumber?: string | null; profileImage?: string | null };

const listSchema = pageInput(10).extend({
  search: z
    .string()
    .trim()
    .max(100, ruleSaid("account.searchTooLong", { count: 100 }))
    .nullish(),
  role: z.enum(Role, { message: ruleSaid("account.chooseRole") }).nullish(),
});

export type UserListInput = { search?: string | null; role?: string | null; page?: number | null; pageSize?: number | null };

const roleSchema = z.object({ role: z.enum(Role, { message: ruleSaid("account.chooseRole") }) });

const sellerSchema = z
  .object({
    sellerType: z.enum(SellerType, { message: ruleSaid("account.chooseSellerType") }),
    storeName: z.preprocess(blankToNull, storeNameRule.nullish()),
    storeDescription: z.preprocess(blankToNull, storeDescriptionRule.nullish()),
  })
  .superRefine((v, ctx) => {
    for (const issue of sellerFieldIssues({ ...v, seller: true, business: v.sellerType === SellerType.BUSINESS }))
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });

export type SellerUpdate = { sellerType: string; storeName?: string | null; storeDescription?: string | null };

export const USERNAME_TAKEN = said("account.usernameTaken");
const DEMOTED_SELLER = said("account.demotedSeller");
const LAST_ADMIN = said("account.lastAdmin");

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(User);
  }

  findById(id: string): Promise<User | null> {
    return isId(id) ? this.repo.findOneBy({ id }) : Promise.resolve(null);
  }

  /** By id, or else by e-mail in any case. */
  findByIdOrEmail(idOrEmail: string): Promise<User | null> {
    if (isId(idOrEmail)) return this.findById(idOrEmail);
    return this.repo.createQueryBuilder("u").where("lower(u.email) = lower(:email)", { email: idOrEmail.trim() }).getOne();
  }

  /** The caller edits their own username, contact number and picture; nothing else. */
  async updateProfile(me: AuthUser, input: ProfileUpdate): Promise<User> {
    const v = parseInput(profileSchema, input);
    const patch: Partial<User> = { username: v.username };
    if (v.contactNumber !== undefined) patch.contactNumber = v.contactNumber;
    if (v.profileImage !== undefined) patch.profileImage = v.profileImage;
    try {
      const { affected } = await this.repo.update(me.id, patch);
      if (!affected) throw unauthenticated();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", USERNAME_TAKEN, { username: USERNAME_TAKEN });
      throw error;
    }
    // the catalogue's answers show sellers' and reviewers' names and pictures
    await this.events.publish(this.dataSource.manager, "user.changed", { userId: me.id });
    return this.repo.findOneByOrFail({ id: me.id });
  }

  /**
   * A buyer starts selling on their own, with the seller's fields registration asks for (a business
   * names and describes its store). Only buyers who never sold: every other role change stays with
   * admins (a seller they demoted keeps the seller fields), and a suspended account (refused at
   * sign-in, but a row lock makes it certain) cannot.
   */
  async becomeSeller(me: AuthUser, input: SellerUpdate): Promise<User> {
    const v = parseInput(sellerSchema, input);
    const business = v.sellerType === SellerType.BUSINESS;
    const changed = await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { id: me.id }, lock: { mode: "pessimistic_write" } });
      if (!user) throw unauthenticated();
      if (user.suspendedAt) throw forbidden(said("account.suspendedCannotSell"));
      if (user.role !== Role.USER) throw conflict(said("account.onlyBuyersBecomeSellers"));
      // a buyer with seller fields was a seller an admin demoted: only an admin gives the role back
      if (user.sellerType) throw forbidden(DEMOTED_SELLER);
      await manager.update(User, me.id, {
        role: Role.SELLER,
        sellerType: v.sellerType,
        storeName: business ? v.storeName : null,
        storeDescription: business ? v.storeDescription : null,
      });
      return manager.findOneByOrFail(User, { id: me.id });
    });
    // the seller's type shows on their listings' cards
    await this.events.publish(this.dataSource.manager, "user.changed", { userId: me.id });
    return changed;
  }

  /** Admins' user list: newest first, searched over e-mail, username and name in any case. */
  async list(input: UserListInput): Promise<Page<User>> {
    // an explicit null page means the default, as an omitted one does
    const v = parseInput(listSchema, { ...input, page: input.page ?? undefined, pageSize: input.pageSize ?? undefined });
    const query = this.repo
      .createQueryBuilder("u")
      .orderBy("u.createdAt", "DESC")
      .addOrderBy("u.id", "DESC")
      .skip((v.page - 1) * v.pageSize)
      .take(v.pageSize);
    if (v.search) {
      query.andWhere("(u.email ILIKE :pattern OR u.username ILIKE :pattern OR u.name ILIKE :pattern)", {
        pattern: `%${escapeLike(v.search)}%`,
      });
    }
    if (v.role) query.andWhere("u.role = :role", { role: v.role });
    const [items, total] = await query.getManyAndCount();
    return toPage(items, total, v.page, v.pageSize);
  }

  /**
   * Sets another user's role. A new seller without a seller type becomes an individual seller; a
   * former seller keeps their store fields (unused while not a seller), so the change can be undone.
   * Takes effect on the user's next request: the role is read fresh, their token stays valid.
   */
  async changeRole(me: AuthUser, userId: string, role: string): Promise<User> {
    const v = parseInput(roleSchema, { role });
    if (userId === me.id) throw forbidden(said("account.ownRole"));
    const changed = await this.dataSource.transaction(async (manager) => {
      const { target, otherAdmins } = await lockForAdminChange(manager, userId);
      if (target.role === Role.ADMIN && v.role !== Role.ADMIN && otherAdmins === 0) throw conflict(LAST_ADMIN);
      const patch: Partial<User> = { role: v.role };
      if (v.role === Role.SELLER && !target.sellerType) patch.sellerType = SellerType.INDIVIDUAL;
      await manager.update(User, userId, patch);
      return manager.findOneByOrFail(User, { id: userId });
    });
    // a new seller's type shows on their listings' cards
    await this.events.publish(this.dataSource.manager, "user.changed", { userId: userId });
    return changed;
  }

  /**
   * Deletes another user in one transaction: their listings leave the catalog (soft delete), their
   * reviews go and the ratings they counted in are recomputed, then the account row is removed.
   * Orders stay for the other party (the foreign keys set the user to null; lines keep snapshots).
   */
  async deleteUser(me: AuthUser, userId: string): Promise<void> {
    if (userId === me.id) throw forbidden(said("account.ownAccount"));
    await this.dataSource.transaction(async (manager) => {
      const { target, otherAdmins } = await lockForAdminChange(manager, userId);
      if (target.role === Role.ADMIN && otherAdmins === 0) throw conflict(LAST_ADMIN);
      // what hangs on the account goes with it (app/reactions.ts: its listings, its reviews)
      await this.events.publish(manager, "user.deleting", { userId });
      await manager.delete(User, { id: userId });
    });
    // their listings left the catalog
    await this.events.publish(this.dataSource.manager, "user.changed", { userId: userId });
  }
}

type LockedUser = Pick<User, "id" | "role" | "sellerType">;

/**
 * Locks the target and every admin row (in id order, so concurrent calls cannot deadlock) before
 * a role change or delete, so two admins demoting each other at once cannot leave none.
 */
async function lockForAdminChange(manager: EntityManager, userId: string): Promise<{ target: LockedUser; otherAdmins: number }> {
  if (!isId(userId)) throw notFound(said("account.notFound"));
  const rows: LockedUser[] = await manager.query(
    `SELECT id, role, "sellerType" FROM users WHERE role = $1 OR id = $2 ORDER BY id FOR UPDATE`,
    [Role.ADMIN, userId],
  );
  const target = rows.find((row) => row.id === userId);
  if (!target) throw notFound(said("account.notFound"));
  return { target, otherAdmins: rows.filter((row) => row.role === Role.ADMIN && row.id !== userId).length };
}
