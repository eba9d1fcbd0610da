import type { ApolloServerPlugin } from "@apollo/server";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Request } from "express";
import { Kind, type OperationDefinitionNode } from "graphql";
import { LRUCache } from "lru-cache";
import type { SharedCache } from "../cache";
import { isAnonymous } from "../http/public-caching";
import type { Context } from "./context";

/** An answer as Apollo gave it, kept whole so a cached one is sent exactly as the first was. */
export type HttpAnswer = {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** A kept answer's body gzipped once (base64), for clients that take gzip: compressing on every hit cost 40 % of its throughput. */
  gzipped?: string;
};

/** Bodies this long or longer are gzipped, as the compression middleware's threshold does. */
const GZIP_FROM_BYTES = 1_024;
const gzipAsync = promisify(gzip);

/** Variables, operation name or Accept longer than this: not worth a cache entry (and not a page view). */
const MAX_KEY_PART_CHARS = 1_000;
/** Operations whose audience is remembered; past this, the least used is forgotten. */
const MAX_KNOWN_OPERATIONS = 1_000;

/** Root query fields whose answers are public: the same for every caller, or for every anonymous one. */
export type PublicFields = { everyone: ReadonlySet<string>; anonymous: ReadonlySet<string> };

/** Who may be handed an operation's kept answer. */
type Audience = "everyone" | "anonymous" | "no one";

/**
 * Reads of public fields (the shop's pages, a product, trending) answered from the shared cache
 * before Apollo's pipeline runs: a hit costs a lookup instead of parsing, checking,
 * authenticating, resolving and serialising. Public here means the same for every caller (or
 * every anonymous one) and changed only by the writes that drop `namespace` (product writes,
 * reviews, a listing selling out, moderation, sellers' accounts); an answer is kept at most
 * `ttlSeconds`.
 *
 * Which operations qualify is learnt from Apollo itself: its plugin records, per query hash and
 * operation name, who may share the resolved operation's answer. An operation is therefore
 * answered by Apollo the first time, and from the cache once known.
 */
export class PublicAnswers {
  private readonly audiences = new LRUCache<string, Audience>({ max: MAX_KNOWN_OPERATIONS });

  constructor(
    private readonly options: {
      cache: SharedCache;
      namespace: string;
      ttlSeconds: number;
      /** `__typename` is public too. */
      publicFields: PublicFields;
    },
  ) {}

  /** Learns who may share each resolved operation's answer. */
  readonly plugin: ApolloServerPlugin<Context> = {
    requestDidStart: async () => ({
      didResolveOperation: async ({ queryHash, request, operation }) => {
        const known = operationKey(queryHash, request.operationName);
        if (!this.audiences.has(known)) this.audiences.set(known, audienceOf(operation, this.options.publicFields));
      },
    }),
  };

  /**
   * The cache key of a request that may be answered from the cache, or null: a GET or a JSON POST
   * of one known public operation (of fields public to anonymous callers only: without a token or
   * cookie), not asking for a fresh answer (`Cache-Control: no-cache`, as HTTP caches honour it).
   * `publicBase` is part of the key, since image addresses in the answer start with it; Accept
   * too, since it picks the answer's content type.
   */
  keyOf(req: Request, publicBase: string): string | null {
    if (!isJson(req) || wantsFresh(req)) return null;
    const params = operationParams(req);
    if (!params) return null;
    const { queryHash, operationName, variables } = params;
    const accept = req.headers.accept ?? "";
    if (operationName.length > MAX_KEY_PART_CHARS || variables.length > MAX_KEY_PART_CHARS || accept.length > MAX_KEY_PART_CHARS)
      return null;
    const audience = this.audiences.get(operationKey(queryHash, operationName));
    if (audience !== "everyone" && !(audience === "anonymous" && isAnonymous(req))) return null;
    return `answer:${JSON.stringify([queryHash, operationName, variables, publicBase, accept])}`;
  }

  /** The answer kept under `key`, or `execute()`'s (with its gzipped body), kept when it is a success without errors. */
  answer(key: string, execute: () => Promise<HttpAnswer>): Promise<HttpAnswer> {
    const { cache, namespace, ttlSeconds } = this.options;
    return cache.remember(namespace, key, ttlSeconds, async () => withGzipped(await execute()), isCleanSuccess);
  }
}

const operationKey = (queryHash: string, operationName: string | null | undefined) => `${queryHash}:${operationName ?? ""}`;

function audienceOf(operation: OperationDefinitionNode | undefined, fields: PublicFields): Audience {
  if (operation?.operation !== "query") return "no one";
  let audience: Audience = "everyone";
  for (const selection of operation.selectionSet.selections) {
    // fragments at the root are rare: such an operation is simply never cached
    if (selection.kind !== Kind.FIELD) return "no one";
    const name = selection.name.value;
    if (name === "__typename" || fields.everyone.has(name)) continue;
    if (!fields.anonymous.has(name)) return "no one";
    audience = "anonymous";
  }
  return audience;
}

/**
 * Apollo refuses a GET or POST without a JSON (or GraphQL) content type unless it carries a
 * preflight header (CSRF prevention): only requests it would accept are looked up, so a cached
 * answer never reaches a request Apollo would have refused.
 */
const isJson = (req: Request) => (req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json");

const wantsFresh = (req: Request) => /\bno-(cache|store)\b/i.test(req.headers["cache-control"] ?? "");

/** The operation a GET's query string or a POST's body names: its query's SHA-256, name and variables. */
function operationParams(req: Request): { queryHash: string; operationName: string; variables: string } | null {
  if (req.method === "POST") {
    const body: unknown = req.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    const { query, operationName, variables, extensions } = body as Record<string, unknown>;
    const queryHash = hashOf(query, extensions);
    if (!queryHash || (operationName != null && typeof operationName !== "string")) return null;
    return { queryHash, operationName: operationName ?? "", variables: JSON.stringify(variables ?? null) };
  }
  if (req.method === "GET") {
    const { query, operationName, variables, extensions } = req.query;
    let parsedExtensions: unknown;
    try {
      parsedExtensions = typeof extensions === "string" ? JSON.parse(extensions) : undefined;
    } catch {
      return null;
    }
    const queryHash = hashOf(query, parsedExtensions);
    if (!queryHash || (operationName != null && typeof operationName !== "string")) return null;
    if (variables != null && typeof variables !== "string") return null;
    return { queryHash, operationName: operationName ?? "", variables: variables ?? "null" };
  }
  return null;
}

/** The query text's SHA-256 (as Apollo computes it), or a persisted query's hash when no text is sent. */
function hashOf(query: unknown, extensions: unknown): string | null {
  if (typeof query === "string") return createHash("sha256").update(query).digest("hex");
  if (query != null) return null;
  const hash = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery?.sha256Hash;
  return typeof hash === "string" && /^[0-9a-f]{64}$/.test(hash) ? hash : null;
}

async function withGzipped(answer: HttpAnswer): Promise<HttpAnswer> {
  if (answer.status !== 200 || Buffer.byteLength(answer.body) < GZIP_FROM_BYTES) return answer;
  return { ...answer, gzipped: (await gzipAsync(answer.body)).toString("base64") };
}

function isCleanSuccess(answer: HttpAnswer): boolean {
  if (answer.status !== 200) return false;
  const parsed = JSON.parse(answer.body) as { errors?: unknown };
  return !parsed.errors;
}
