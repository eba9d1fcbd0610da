import { HeaderMap, type ApolloServer } from "@apollo/server";
import type { Request, Response } from "express";
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
    const key = publicAnswers.keyOf(req, publicBase(req));
    const answer = key ? await publicAnswers.answer(key, () => execute(req, res)) : await execute(req, res);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.status(answer.status);
    // a kept answer comes gzipped already (the compression middleware leaves an encoded body alone)
    if (answer.gzipped && req.acceptsEncodings("gzip")) {
      res.setHeader("Content-Encoding", "gzip");
      res.vary("Accept-Encoding");
      res.send(Buffer.from(answer.gzipped, "base64"));
    } else res.send(answer.body);
  };
}
