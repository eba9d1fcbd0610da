import type { EntityManager } from "typeorm";
import type { EventBus } from "../../platform/events";
import { type TokensRevokedBy, User } from "./entity";

/**
 * The account columns other modules' rules change: the users module owns the table, and these are
 * its doors. Each runs in the caller's transaction (its manager first), so the change commits with
 * the rule that made it or not at all.
 */

/** A new account (registration): the row as given, with the columns the table fills in. */
export function createAccount(manager: EntityManager, fields: Partial<User>): Promise<User> {
  return manager.save(manager.create(User, fields));
}

/** Every token issued so far stops working (the token version moves on), remembering why for the sign-in page. */
export async function revokeTokens(manager: EntityManager, userId: string, revokedBy: TokensRevokedBy): Promise<void> {
  await manager.update(User, userId, { tokenVersion: () => `"tokenVersion" + 1`, tokensRevokedBy: revokedBy });
}

/** Stores a new password's hash (the caller ends the earlier sessions). */
export async function setPasswordHash(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
  await manager.update(User, userId, { passwordHash });
}

/**
 * The account becomes a verified student of `university` through `universityEmail` (unique: a second
 * account verifying the same e-mail is a unique violation the caller words). Cards show the badge,
 * so `user.changed` follows once it commits.
 */
export async function markStudentVerified(
  manager: EntityManager,
  events: EventBus,
  userId: string,
  verified: { university: string; universityEmail: string; at: Date },
): Promise<void> {
  await manager.update(User, userId, {
    verifiedAt: verified.at,
    university: verified.university,
    universityEmail: verified.universityEmail,
  });
  await events.publish(manager, "user.changed", { userId });
}

/** The language the server writes to the user in. */
export async function setLanguage(manager: EntityManager, userId: string, language: string): Promise<void> {
  await manager.query(`UPDATE users SET language = $2 WHERE id = $1`, [userId, language]);
}

/** Suspends the account or lifts the suspension (the caller ends its sessions and hides its listings). */
export async function setSuspension(
  manager: EntityManager,
  userId: string,
  change: Pick<User, "suspendedAt" | "suspendedReason">,
): Promise<void> {
  await manager.update(User, { id: userId }, change);
}
