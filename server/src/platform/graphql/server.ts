import { ApolloServer, type ApolloServerPlugin, type GraphQLRequest } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { LRUCache } from "lru-cache";
import { GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import type { Logger } from "pino";
import type { PersistedQueryStore } from "../cache";
import { MAX_QUERY_DEPTH, MAX_QUERY_TOKENS } from "../limits";
import { compiledExecution } from "./compiled-execution";
import type { Context } from "./context";
import { formatError, isClientError, withoutSuggestions } from "./errors";
import { depthLimit, operationRefusal, variablesThatCost, type RootFieldCosts } from "./operation-limits";

const refuse = (message: string) =>
  // the caller's fault, so a 400 like every other refused request (Apollo defaults to 500 here)
  new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });

/** Verdicts remembered per document (one per operation name and values of the variables that cost). */
const MEMO_ENTRIES_PER_DOCUMENT = 100;
/** Cost variables longer than this (as JSON) are not used as a memo key. */
const MEMO_VARIABLES_CHARS = 1_000;

/**
 * Refuses operations with too many root fields or too high an estimated cost before any resolver
 * runs. The verdict depends only on the document, the operation name and the variables that cost
 * (page sizes, @skip/@include conditions), so it is remembered per parsed document (Apollo hands the
 * same one back for the same query text) and those values: a product page asked for a new id each
 * time is judged once. The cost estimate walks the whole query: a twelfth of a cached read's CPU.
 */
const complexityLimit = (schema: GraphQLSchema, costs: RootFieldCosts): ApolloServerPlugin<Context> => {
  const memos = new WeakMap<DocumentNode, { costing: string[]; verdicts: LRUCache<string, { refusal: string | null }> }>();

  /** Why the operation is refused, or null. */
  const verdict = (document: DocumentNode, operation: OperationDefinitionNode | null | undefined, request: GraphQLRequest) =>
    operation ? operationRefusal({ schema, document, operation, variables: request.variables, rootFieldCosts: costs }) : null;

  const remembered = (document: DocumentNode, request: GraphQLRequest, judge: () => string | null): string | null => {
    let memo = memos.get(document);
    if (!memo)
      memos.set(document, (memo = { costing: variablesThatCost(document), verdicts: new LRUCache({ max: MEMO_ENTRIES_PER_DOCUMENT }) }));
    // [value] when given, [] when not (a default applies), so no value stands for another
    const given = request.variables ?? {};
    const key = JSON.stringify([request.operationName ?? null, memo.costing.map((name) => (name in given ? [given[name]] : []))]);
    if (key.length > MEMO_VARIABLES_CHARS) return judge();
    let known = memo.verdicts.get(key);
    if (!known) memo.verdicts.set(key, (known = { refusal: judge() }));
    return known.refusal;
  };

  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          const refusal = remembered(document, request, () => verdict(document, operation, request));
          if (refusal) throw refuse(refusal);
        },
      };
    },
  };
};

/** Logs unexpected resolver failures with the request id that the response header carries too. */
const errorLogging = (logger: Logger): ApolloServerPlugin<Context> => ({
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          if (!isClientError(error))
            logger.error({ err: error.originalError ?? error, requestId: contextValue.requestId, path: error.path }, "GraphQL error");
        }
      },
    };
  },
});

/**
 * An answer with errors (e.g. PERSISTED_QUERY_NOT_FOUND, or a field the caller may not see) is
 * never stored; other answers get their Cache-Control from platform/http/public-caching.ts.
 */
const noStoreOnErrors: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind === "single" && response.body.singleResult.errors?.length)
          response.http.headers.set("cache-control", "private, no-store");
      },
    };
  },
};

export function createApolloServer(options: {
  schema: GraphQLSchema;
  logger: Logger;
  introspection: boolean;
  /** Where automatic persisted queries are kept; Apollo's in-process store when undefined. */
  persistedQueries?: PersistedQueryStore;
  rootFieldCosts: RootFieldCosts;
  /** Further plugins, e.g. PublicAnswers' (public-answers.ts). */
  plugins?: ApolloServerPlugin<Context>[];
}): ApolloServer<Context> {
  return new ApolloServer<Context>({
    // the schema, executed by graphql-jit for the queries clients repeat (compiled-execution.ts)
    gateway: compiledExecution(options.schema),
    introspection: options.introspection,
    // with introspection off, "Did you mean …" would reveal the schema name by name: Apollo hides it
    // from validation errors, withoutSuggestions from the rest (e.g. an enum value in the variables)
    hideSchemaDetailsFromClientErrors: !options.introspection,
    includeStacktraceInErrorResponses: false,
    formatError: options.introspection ? formatError : (formatted, error) => withoutSuggestions(formatError(formatted, error)),
    // automatic persisted queries: a client sends a query's hash (a GET that HTTP caches can keep)
    persistedQueries: options.persistedQueries ? { cache: options.persistedQueries } : {},
    // bounded parsing, then a depth check that measures each fragment once (the cost is judged after validation)
    parseOptions: { maxTokens: MAX_QUERY_TOKENS },
    validationRules: [depthLimit(MAX_QUERY_DEPTH)],
    // the playground is our own GraphiQL bundle at /graphiql, not Apollo's CDN-hosted sandbox
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // one rule for Cache-Control (public-caching.ts), not Apollo's per-field hints as well
      ApolloServerPluginCacheControlDisabled(),
      noStoreOnErrors,
      complexityLimit(options.schema, options.rootFieldCosts),
      errorLogging(options.logger),
      ...(options.plugins ?? []),
    ],
  });
}
