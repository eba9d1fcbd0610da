import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * A refusal a person can meet is said by key (`said(key, params)`, platform/i18n/errors.ts), so the
 * web shows it in the reader's language; a plain English sentence would reach an Urdu reader as it
 * is. Read by the TypeScript parser: every call of a refusal (`badInput`, `conflict`, `forbidden`,
 * `notFound`, `unauthenticated`, `rateLimited`, `payloadTooLarge`, `serviceUnavailable`,
 * `new AppError(code, ...)`, `consumeOrRefuse(limits, message)`) whose message, or a per-field message of its second argument, is a
 * string: a literal, a template, or a name bound to one in the same file (`const X = "..."`).
 */
const SRC = path.resolve(__dirname, "..");
const REFUSALS = new Set([
  "badInput",
  "conflict",
  "forbidden",
  "notFound",
  "unauthenticated",
  "rateLimited",
  "payloadTooLarge",
  "serviceUnavailable",
]);

/**
 * The refusals that stay English on purpose, by file, with the sentences they say. None reaches a
 * page of the web app: each is read on a page the server draws in English, by a payment provider,
 * or by a developer calling the API.
 */
const ENGLISH_ON_PURPOSE: Record<string, { why: string; texts: string[] }> = {
  "modules/payment-providers/service.ts": {
    why: "the card and wallet payment pages the server draws (English only, like the rest of those pages) and the providers' callbacks",
    texts: [
      "This checkout is not paid with a wallet.",
      "This checkout is not paid by card.",
      "Check your card details.",
      "",
      "The payment answer is not one the provider signed: it was refused.",
      "No payment has this reference.",
      "This payment method is not available.",
      "The payment provider did not answer. If you paid, your payment is checked again shortly: nothing is lost.",
      "This checkout is paid in cash.",
      "Checkout not found.",
      "This checkout is already paid.",
    ],
  },
  "modules/payment-providers/simulator.ts": {
    why: "the sandbox wallet provider's own endpoint, called by this server's pages with the merchant's signature",
    texts: ["This payment request is not signed by the merchant."],
  },
  "modules/orders/pay-page.ts": { why: "the payment page the server draws, in English", texts: ["This payment method is not available."] },
  "platform/http/rest.ts": {
    why: "the REST API's own refusals (a cross-site request, a field the route does not know), for the developers of REST clients",
    texts: [
      'Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Nothing was changed.',
      "Send the request body as JSON (Content-Type: application/json).",
      "Cross-site request refused.",
    ],
  },
  "platform/graphql/subscriptions.ts": {
    why: "a limit of the GraphQL subscriptions protocol, met by a client's code",
    texts: ["At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions at once on one connection."],
  },
  "platform/shared/validation.ts": { why: "unreachable: a failed zod parse has at least one issue", texts: ["Invalid input."] },
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["test", "bench", "seed"].includes(entry.name) ? [] : sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|testing\.ts$/.test(entry.name) ? [file] : [];
  });

/** The plain strings among an expression's possible values: a literal's or template's text, through `a ?? b`, `c ? a : b` and names bound in the file. */
function plainTexts(node: ts.Expression, strings: Map<string, ts.Expression>, seen = new Set<string>()): string[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return plainTexts(node.expression, strings, seen);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.getText().slice(1, -1)];
  if (ts.isConditionalExpression(node)) return [...plainTexts(node.whenTrue, strings, seen), ...plainTexts(node.whenFalse, strings, seen)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind))
    return [...plainTexts(node.left, strings, seen), ...plainTexts(node.right, strings, seen)];
  if (ts.isIdentifier(node) && strings.has(node.text) && !seen.has(node.text))
    return plainTexts(strings.get(node.text)!, strings, new Set([...seen, node.text]));
  return [];
}

/** Each refusal of `source` said with a plain string: its line and the string. */
export function plainRefusals(source: string, fileName = "file.ts"): Array<{ line: number; text: string }> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const strings = new Map<string, ts.Expression>();
  const calls: Array<{ node: ts.Node; message?: ts.Expression; fields?: ts.Expression }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) strings.set(node.name.text, node.initializer);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && REFUSALS.has(node.expression.text))
      calls.push({ node, message: node.arguments[0], fields: node.arguments[1] });
    // a rate limit's refusal: consumeOrRefuse(limits, message)
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "consumeOrRefuse")
      calls.push({ node, message: node.arguments[1] });
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "AppError")
      calls.push({ node, message: node.arguments?.[1], fields: node.arguments?.[2] });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls.flatMap(({ node, message, fields }) => {
    const fieldMessages =
      fields && ts.isObjectLiteralExpression(fields) ? fields.properties.filter(ts.isPropertyAssignment).map((p) => p.initializer) : [];
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    return [message, ...fieldMessages].flatMap((m) => (m ? plainTexts(m, strings) : [])).map((text) => ({ line, text }));
  });
}

describe("refusals said by key", () => {
  it("finds a plain string however it is written, and not a refusal said by key", () => {
    const source = `
      const GONE = "Gone.";
      const KEYED = said("order.notFound");
      throw notFound("Not here.");
      throw badInput(\`Up to \${max}.\`, { title: "Too long.", body: KEYED });
      throw conflict(GONE);
      throw new AppError("CONFLICT", KEYED, { username: "Taken." });
      throw badInput(ok ? KEYED : "Cash.");
      throw forbidden(said("auth.notAllowed"));
      throw forbidden();
      await consumeOrRefuse([[limiter, key]], "Slow down.");
      await consumeOrRefuse([[limiter, key]]);
    `;
    expect(plainRefusals(source).map(({ text }) => text)).toEqual([
      "Not here.",
      "Up to ${max}.",
      "Too long.",
      "Gone.",
      "Taken.",
      "Cash.",
      "Slow down.",
    ]);
  });

  it("says every refusal a person meets by key: the English-only ones are listed, with why", () => {
    const found = sourceFiles(SRC).flatMap((file) => {
      const name = path.relative(SRC, file).split(path.sep).join("/");
      return plainRefusals(readFileSync(file, "utf8"), file).map((refusal) => ({ file: name, ...refusal }));
    });
    const listed = (file: string, text: string) => ENGLISH_ON_PURPOSE[file]?.texts.includes(text);
    expect(
      found.filter(({ file, text }) => !listed(file, text)).map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`),
      "refusals with a plain English sentence: say them with said(key, params) (platform/i18n/errors.ts)",
    ).toEqual([]);
    // the list keeps up with the code: every sentence it names is still said there
    const stale = Object.entries(ENGLISH_ON_PURPOSE).flatMap(([file, { texts }]) =>
      texts
        .filter((text) => !found.some((refusal) => refusal.file === file && refusal.text === text))
        .map((text) => `${file} ${JSON.stringify(text)}`),
    );
    expect(stale).toEqual([]);
  });
});
