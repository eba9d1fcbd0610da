import { CombinedGraphQLErrors } from "@apollo/client/errors";

/** The first server message of a failed operation, or `fallback` when there is none to show. */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors.find((e) => e.message)?.message;
    if (first) return first;
  }
  return fallback;
}

/** Per-field messages of a BAD_USER_INPUT error (`extensions.fields`), keyed by input field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  for (const e of error.errors) {
    const fields = (e.extensions as { fields?: unknown } | undefined)?.fields;
    if (fields && typeof fields === "object") return fields as Record<string, string>;
  }
  return {};
}

/** The message of any error for "Error ...: {message}" texts (server message, else the error's own). */
export function plainMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors.map((e) => e.message).join(" ");
  if (error instanceof Error) return error.message;
  return String(error);
}
