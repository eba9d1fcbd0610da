import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import depthLimit from "graphql-depth-limit";
import { fieldExtensionsEstimator, getComplexity, simpleEstimator, type ComplexityEstimator } from "graphql-query-complexity";
import { GraphQLError, type GraphQLSchema } from "graphql";
import type { Logger } from "pino";
import type { PersistedQueryStore } from "../cache";
import type { Context } from "./context";
import { formatError, isClientError } from "./errors";

export const MAX_QUERY_DEPTH = 10;
// a full page of 50 orders with lines, parties and timeline weighs about 2,500
export const MAX_QUERY_COMPLEXITY = 5000;

/** A page of N items costs N times its selection: `products(pageSize: 50)` weighs 50 products. */
const pagedEstimator: ComplexityEstimator = ({ args, childComplexity }) => {
  const size = [args.pageSize, args.limit].find((v): v is number => typeof v === "number");
  return size === undefined ? undefined : 1 + childComplexity * size;
};

/** Refuses operations whose estimated cost is too high before any resolver runs. */
const complexityLimit = (schema: GraphQLSchema): ApolloServerPlugin<Context> => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ request, document }) {
        let complexity: number;
        try {
          complexity = getComplexity({
            schema,
            operationName: request.operationName,
            query: document,
            variables: request.variables,
            estimators: [fieldExtensionsEstimator(), pagedEstimator, simpleEstimator({ defaultComplexity: 1 })],
          });
        } catch {
          // bad variables (e.g. an unknown enum value): execution reports them as BAD_USER_INPUT
          return;
        }
        if (complexity > MAX_QUERY_COMPLEXITY) {
          throw new GraphQLError(`Query is too complex: ${complexity}. The maximum is ${MAX_QUERY_COMPLEXITY}.`, {
            // the caller's fault, so a 400 like every other refused request (Apollo defaults to 500 here)
            extensions: { code: "BAD_USER_INPUT", http: { status: 400 } },
          });
        }
      },
    };
  },
});

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
}): ApolloServer<Context> {
  return new ApolloServer<Context>({
    schema: options.schema,
    introspection: options.introspection,
    // with introspection off, "Did you mean …" suggestions would leak the schema field by field
    hideSchemaDetailsFromClientErrors: !options.introspection,
    includeStacktraceInErrorResponses: false,
    formatError,
    // automatic persisted queries: a client sends a query's hash (a GET that HTTP caches can keep)
    persistedQueries: options.persistedQueries ? { cache: options.persistedQueries } : {},
    validationRules: [depthLimit(MAX_QUERY_DEPTH)],
    // the playground is our own GraphiQL bundle at /graphiql, not Apollo's CDN-hosted sandbox
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // one rule for Cache-Control (public-caching.ts), not Apollo's per-field hints as well
      ApolloServerPluginCacheControlDisabled(),
      noStoreOnErrors,
      complexityLimit(options.schema),
      errorLogging(options.logger),
    ],
  });
}
