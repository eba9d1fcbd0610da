import { z } from "zod";
import { Role, type AuthUser } from "../auth/roles";
import { forbidden } from "../shared/errors";

/** Shared pieces of the legacy REST layer: query parsing, id checks and related-document loading. */

/** Legacy forms send numbers as strings ("120"); a numeric string counts as the number. */
/** Plain decimal notation only: Number() would also read "0x10" as 16, "1e3" as 1000 and " " as 0. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const fromDecimalString = (v: unknown) => (typeof v === "string" && DECIMAL.test(v.trim()) ? Number(v) : v);

export const numeric = (label: string) => z.preprocess(fromDecimalString, z.number({ error: `${label} must be a number.` }));

/** A numeric query parameter; "" (an empty select) means not given. */
export const queryNumber = (label: string) =>
  z.preprocess((v) => (v === "" ? undefined : fromDecimalString(v)), z.number({ error: `${label} must be a number.` }).optional());

/** `?page=&limit=`; the services check the bounds (limit at most 50). */
export const pageQuery = z.object({ page: queryNumber("page"), limit: queryNumber("limit") });

export const toPaging = (q: z.infer<typeof pageQuery>) => ({ page: q.page, pageSize: q.limit ?? 10 });

/** A legacy client sends an id as a string or as a populated document `{_id}`. */
export const idRef = z.union([z.string(), z.object({ _id: z.string() }).transform((ref) => ref._id)]);

/**
 * Identity comes from the token: a body or path id that names someone other than the caller is
 * refused, not obeyed. `adminMay` where the contract lets admins name anyone.
 */
export function assertNamesCaller(caller: AuthUser, id: string | undefined, options: { adminMay: boolean; message: string }): void {
  if (id === undefined || id === caller.id) return;
  if (options.adminMay && caller.role === Role.ADMIN) return;
  throw forbidden(options.message);
}

export const iso = (date: Date): string => date.toISOString();

/**
 * A user's e-mail in a legacy shape whose contract names the field: kept, but filled only for the
 * caller themself (empty for anyone else), so no public answer carries another person's address.
 */
export const ownEmail = (user: { id: string; email: string }, viewer: AuthUser | null): string =>
  viewer?.id === user.id ? user.email : "";

export const messageSchema = z.object({ message: z.string() });
