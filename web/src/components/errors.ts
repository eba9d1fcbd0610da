import { CombinedGraphQLErrors } from "@apollo/client/errors";
import i18next from "i18next";
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import { formatDateTime, formatPKR } from "../lib/format";

/** A message said by key (`extensions.key` and `params`, or one of `extensions.fieldKeys`): the server's words as data. */
export type Said = { key: string; params?: Record<string, string | number> };
export type Extensions = {
  code?: unknown;
  key?: unknown;
  params?: Said["params"];
  fields?: Record<string, string>;
  fieldKeys?: Record<string, Said>;
};

/** A parameter as the reader reads it, by the name the server gives it: `…Paisa` an amount, `…At` a time; anything else (a count, a name) as it is. */
function shown(name: string, value: string | number): string | number {
  if (name.endsWith("Paisa")) return formatPKR(Number(value) / 100);
  return name.endsWith("At") ? formatDateTime(String(value)) : value;
}

/**
 * A server error in the reader's language: by its key (`errors:<key>`, with its parameters: the
 * error's `extensions.key`, or a field's own, null for a field without one), else by its code (`common:errors.<CODE>`: English
 * has no such keys and keeps the server's sentence), else the server's own sentence.
 */
function translated(
  message: string,
  extensions?: Extensions,
  said: Said | null = typeof extensions?.key === "string" ? (extensions as Said) : null,
): string {
  if (!i18next.isInitialized) return message;
  const params = Object.entries(said?.params ?? {}).map(([name, value]) => [name, shown(name, value)] as const);
  return i18next.t([`errors:${said?.key}`, `common:errors.${extensions?.code as string}`], {
    ...Object.fromEntries(params),
    defaultValue: message,
  });
}

/** The first server message of a failed operation, or `fallback` when there is none to show. */
export function errorMessage(error: unknown, fallback: string): string {
  const first = CombinedGraphQLErrors.is(error) && error.errors.find((e) => e.message);
  return first ? translated(first.message, first.extensions) : fallback;
}

/** Per-field messages of a BAD_USER_INPUT error (`extensions.fields`), keyed by input field name, in the reader's language. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  for (const e of error.errors) {
    const extensions = e.extensions as Extensions | undefined;
    const fields = extensions?.fields;
    if (fields && typeof fields === "object")
      return Object.fromEntries(
        Object.entries(fields).map(([field, message]) => [field, translated(message, extensions, extensions?.fieldKeys?.[field] ?? null)]),
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
  if (CombinedGraphQLErrors.is(error)) return error.errors.map((e) => translated(e.message, e.extensions as Extensions)).join(" ");
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
