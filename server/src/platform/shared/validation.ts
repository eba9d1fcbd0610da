import { z } from "zod";
import type { PhraseParams } from "../i18n";
import { said, type ErrorName, type Said } from "../i18n/errors";
import { badInput, type ErrorMessage } from "./errors";

/** Ids are uuids: any id PostgreSQL accepts as one; anything else can name no row (and must not reach SQL as one). */
export const idRule = (message?: string) => z.guid(message);
// the rule's own pattern, tested directly: a product page checks its id on every view, and a zod parse cost more than the test
const ID_PATTERN = z.regexes.guid;
export const isId = (value: string) => ID_PATTERN.test(value);

/** The rules' messages said by key, by their English sentence (filled in once, where a schema is built). */
const ruleMessages = new Map<string, Said>();

/**
 * A schema rule's message said by key (`said(key, params)`): zod carries its English sentence, and
 * `parseInput` gives the field its key and parameters back (`extensions.fieldKeys`), so the web says
 * it in the reader's language. Call it where the schema is built, never per request.
 */
export function ruleSaid(key: ErrorName, params?: PhraseParams): string {
  const message = said(key, params);
  ruleMessages.set(message.text, message);
  return message.text;
}

/**
 * Parses service input with a zod schema; a failure becomes BAD_USER_INPUT with one message per
 * field, and the first message as the error's own text (what a form shows when it has one line).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, ErrorMessage> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "input";
    fields[key] ??= ruleMessages.get(issue.message) ?? issue.message;
  }
  const first = result.error.issues[0];
  throw badInput(first ? (ruleMessages.get(first.message) ?? first.message) : "Invalid input.", fields);
}
