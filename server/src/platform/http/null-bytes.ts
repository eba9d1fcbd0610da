import type { RequestHandler } from "express";

export const NULL_BYTE_MESSAGE = "Text must not contain null characters (\\u0000).";

/** True when any string (or key) in a parsed JSON value or query object holds U+0000. */
function holdsNullByte(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNullByte);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\0") || holdsNullByte(item));
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text, so a null byte anywhere in a request would fail deep in a
 * query as a server fault. Refused here, at the edge, for every input of both APIs: the URL, the
 * query string, the JSON body, and (for GraphQL) a `\u0000` escape inside the query's own literals.
 * `answer` shapes the 400 for the API it guards.
 */
export const refuseNullBytes =
  (answer: (res: Parameters<RequestHandler>[1]) => void): RequestHandler =>
  (req, res, next) => {
    const body = req.body as { query?: unknown } | undefined;
    const inGraphQLLiteral = typeof body?.query === "string" && /\\u0000/i.test(body.query);
    if (/%00/i.test(req.originalUrl) || holdsNullByte(req.query) || holdsNullByte(body) || inGraphQLLiteral) return answer(res);
    next();
  };
