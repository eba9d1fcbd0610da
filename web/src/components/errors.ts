import { CombinedGraphQLErrors } from "@apollo/client/errors";
import i18next from "i18next";
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";

/**
 * A server error in the reader's language, from its code: `common:errors.<CODE>`. English has no
 * such keys, so it shows the server's own sentence, which says more ("Only 2 left in stock").
 */
function translated(message: string, code: unknown): string {
  return typeof code === "string" && i18next.isInitialized ? i18next.t(`errors.${code}`, { ns: "common", defaultValue: message }) : message;
}

/** The first server message of a failed operation, or `fallback` when there is none to show. */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors.find((e) => e.message);
    if (first) return translated(first.message, first.extensions?.code);
  }
  return fallback;
}

/** Per-field messages of a BAD_USER_INPUT error (`extensions.fields`), keyed by input field name, in the reader's language. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  for (const e of error.errors) {
    const fields = (e.extensions as { fields?: unknown } | undefined)?.fields;
    if (fields && typeof fields === "object")
      return Object.fromEntries(
        Object.entries(fields as Record<string, string>).map(([field, message]) => [field, translated(message, e.extensions?.code)]),
      );
  }
  return {};
}

/**
 * Puts the server's per-field messages (BAD_USER_INPUT) on the form's fields, matched by the input
 * path's last part ("shipping.city" -> "city"). Returns whether any field got one.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const [path, message] of Object.entries(fieldErrors(error))) {
    const name = fields.find((field) => field === path || field === path.split(".").pop());
    if (!name) continue;
    setError(name, { type: "server", message });
    applied = true;
  }
  return applied;
}

/** The message of any error for "Error ...: {message}" texts (server message, else the error's own). */
export function plainMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors.map((e) => translated(e.message, e.extensions?.code)).join(" ");
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A shared rule's English message in the reader's language, looked up at `key` (English has no such key and keeps it). */
export const ruleMessage = (key: string, message: string): string =>
  i18next.isInitialized ? i18next.t(key, { defaultValue: message }) : message;

/**
 * A form resolver whose field messages are in the reader's language. The shared rules (@unibazaar/rules)
 * word their messages in English, as the server does; each is looked up as `<keyPrefix>.<field>.<issue code>`
 * (e.g. "auth:register.rules.password.too_small"). As with server errors, English has no such keys and
 * keeps the rule's own sentence; a message already in the reader's language finds no key and stays.
 */
export function withTranslatedMessages<T extends FieldValues, C, Out>(
  resolver: Resolver<T, C, Out>,
  keyPrefix: string,
): Resolver<T, C, Out> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const [field, error] of Object.entries(result.errors) as Array<[string, FieldError | undefined]>) {
      if (error?.message) error.message = ruleMessage(`${keyPrefix}.${field}.${error.type}`, error.message);
    }
    return result;
  };
}
