import { registerEnumType } from "type-graphql";
import { forbidden, unauthenticated } from "../shared/errors";

export enum Role {
  USER = "user",
  SELLER = "seller",
  ADMIN = "admin",
}

registerEnumType(Role, { name: "Role", description: "What a user may do: buy (user), sell (seller) or administer (admin)." });

/** The caller of a service: who they are and what role the database says they have now. */
export type AuthUser = { id: string; role: Role; email: string; username: string };

/**
 * The one role rule of both APIs: no caller -> UNAUTHENTICATED; a caller without one of `roles`
 * (when any are given) -> FORBIDDEN. GraphQL's auth checker and REST routes both call it.
 */
export function assertRole(user: AuthUser | null, roles: readonly Role[]): AuthUser {
  if (!user) throw unauthenticated();
  if (roles.length && !roles.includes(user.role)) throw forbidden();
  return user;
}
