import { z } from "zod";
import { badInput } from "./errors";

/** Ids are uuids: any id PostgreSQL accepts as one; anything else can name no row (and must not reach SQL as one). */
export const idRule = (message?: string) => z.guid(message);
// the rule's own pattern, tested directly: a product page checks its id on every view, and a zod parse cost more than the test
const ID_PATTERN = z.regexes.guid;
export const isId = (value: string) => ID_PATTERN.test(value);

/**
 * Parses service input with a zod schema; a failure becomes BAD_USER_INPUT with one message per
 * field, and the first message as the error's own text (what a form shows when it has one line).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "input";
    fields[key] ??= issue.message;
  }
  throw badInput(result.error.issues[0]?.message ?? "Invalid input.", fields);
}
