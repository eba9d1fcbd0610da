import { z } from "zod";

/** What a shared rule found wrong with a value (its code and limits, e.g. `too_big` with `maximum`). */
export type RuleProblem = z.core.$ZodIssue;

/**
 * A form field checked by one of the server's rules (@unibazaar/rules), its problems said by
 * `say` in the reader's language: the rules word them in English, for the API. The rule's result
 * (trimmed, say) is the field's value.
 */
export function inReadersWords<T>(rule: z.ZodType<T, string>, say: (problem: RuleProblem) => string) {
  return z.string().transform((value, ctx) => {
    const checked = rule.safeParse(value);
    if (checked.success) return checked.data;
    for (const problem of checked.error.issues) ctx.addIssue({ code: "custom", message: say(problem) });
    return z.NEVER;
  });
}
