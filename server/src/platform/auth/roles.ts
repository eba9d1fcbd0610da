import { forbidden, unauthenticated } from "../shared/errors";
import type { Role } from "../../modules/users/entity";
import type { AuthUser } from "../../modules/auth/service";

/**
 * The one role rule of both APIs: no caller -> UNAUTHENTICATED; a caller without one of `roles`
 * (when any are given) -> FORBIDDEN. GraphQL's auth checker and REST routes both call it.
 */
export function assertRole(user: AuthUser | null, roles: readonly Role[]): AuthUser {
  if (!user) throw unauthenticated();
  if (roles.length && !roles.includes(user.role)) throw forbidden();
  return user;
}
