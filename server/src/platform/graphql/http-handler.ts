import { HeaderMap, type ApolloServer } from "@apollo/server";
import type { Request, Response } from "express";
import { createHash } from "node:crypto";
import type { Context } from "./context";
import type { HttpAnswer, PublicAnswers } from "./public-answers";

/**
 * Express's door to Apollo (what @as-integrations/express5 does, plus the public answers): a
 * request that may be answered from the cache is looked up first; every other one, and every
 * miss, is executed by Apollo. Runs after `express.json()`.
 */
export function graphqlHandler(
  apollo: ApolloServer<Context>,
  options: {
    context: (req: Request, res: Response) => Promise<Context>;
    publicAnswers: PublicAnswers;
    /** Where clients reach the app: image addresses in answers start with it. */
    publicBase: (req: Request) => string;
  },
) {
  const { context, publicAnswers, publicBase } = options;
  const execute = async (req: Request, res: Response): Promise<HttpAnswer> => {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search, body: req.body as unknown },
      context: () => context(req, res),
    });
    // incremental delivery (@defer) is not enabled: an answer is one body, chunked or not
    let body: string;
    if (response.body.kind === "complete") body = response.body.string;
    else {
      body = "";
      for await (const chunk of response.body.asyncIterator) body += chunk;
    }
    return { status: response.status ?? 200, headers: [...response.headers], body };
  };

  return async (req: Request, res: Response) => {
    if (hashMismatch(req)) {
      // the client's mistake: Apollo would answer it as a server fault and log a stack trace each time
      res.setHeader("Cache-Control", "private, no-store");
      res.status(400).json({ errors: [{ message: HASH_MISMATCH_MESSAGE, extensions: { code: "PERSISTED_QUERY_HASH_MISMATCH" } }] });
      return;
    }
    const key = publicAnswers.keyOf(req, publicBase(req));
    const answer = key ? await publicAnswers.answer(key, () => execute(req, res)) : await execute(req, res);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.status(answer.status);
    // a kept answer comes gzipped already (the compression middleware leaves an encoded body alone)
    if (answer.gzipped && req.acceptsEncodings("gzip")) {
      res.setHeader("Content-Encoding", "gzip");
      res.vary("Accept-Encoding");
      res.send(Buffer.from(answer.gzipped, "base64"));
    } else if (req.method === "GET") res.send(answer.body);
    else {
      // a POST is never revalidated (If-None-Match is for GET and HEAD): no ETag to hash from the body
      res.setHeader("Content-Length", Buffer.byteLength(answer.body));
      res.end(answer.body);
    }
  };
}

export const HASH_MISMATCH_MESSAGE = "The persisted query's sha256Hash is not the SHA-256 of the query sent with it.";

/** True when a request sends a query's text together with a persisted-query hash that is not that text's SHA-256. */
function hashMismatch(req: Request): boolean {
  const params: unknown = req.method === "GET" ? req.query : req.body;
  if (!params || typeof params !== "object") return false;
  const { query, extensions } = params as { query?: unknown; extensions?: unknown };
  if (typeof query !== "string" || !extensions) return false;
  let parsed: unknown = extensions;
  if (typeof extensions === "string") {
    try {
      parsed = JSON.parse(extensions);
    } catch {
      return false;
    }
  }
  const claimed = (parsed as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery?.sha256Hash;
  return typeof claimed === "string" && claimed !== createHash("sha256").update(query).digest("hex");
}
