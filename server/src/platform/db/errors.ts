import { QueryFailedError } from "typeorm";

/**
 * Whether a query failed on a unique constraint (PostgreSQL's 23505), the one named `constraint`
 * when given: a concurrent insert of the same row lost the race.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string } | undefined;
  return driverError?.code === "23505" && (constraint === undefined || driverError.constraint === constraint);
}
