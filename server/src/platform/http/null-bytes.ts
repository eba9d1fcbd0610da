import type { RequestHandler } from "express";
import { MAX_JSON_DEPTH } from "../limits";

export const NULL_BYTE_MESSAGE = "Text must not contain null characters (\\u0000).";
export const JSON_DEPTH_MESSAGE = `JSON must not be nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** True when arrays and objects in a parsed JSON value nest deeper than `levels` (never walks further down). */
function deeperThan(value: unknown, levels: number): boolean {
  if (!value || typeof value !== "object") return false;
  if (levels === 0) return true;
  return Object.values(value).some((item) => deeperThan(item, levels - 1));
}

/** True when any string (or key) in a parsed JSON value or query object holds U+0000. */
function holdsNullByte(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNullByte);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\0") || holdsNullByte(item));
  return false;
}

/**
 * Refuses, at the edge and for every input of both APIs, what would otherwise fail deep inside as
 * a server fault: JSON nested deeper than MAX_JSON_DEPTH (a walk of it, here or in a library,
 * would overflow the stack), and null bytes, which PostgreSQL cannot store in text: in the URL, the
 * query string, the JSON body, and (for GraphQL) a `\u0000` escape inside the query's own literals.
 * `answer` shapes the 400 for the API it guards.
 */
export const refuseUnsafeInput =
  (answer: (res: Parameters<RequestHandler>[1], message: string) => void): RequestHandler =>
  (req, res, next) => {
    const body = req.body as { query?: unknown } | undefined;
    if (deeperThan(body, MAX_JSON_DEPTH) || deeperThan(req.query, MAX_JSON_DEPTH)) return answer(res, JSON_DEPTH_MESSAGE);
    const inGraphQLLiteral = typeof body?.query === "string" && /\\u0000/i.test(body.query);
    if (/%00/i.test(req.originalUrl) || holdsNullByte(req.query) || holdsNullByte(body) || inGraphQLLiteral)
      return answer(res, NULL_BYTE_MESSAGE);
    next();
  };
