import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import depthLimit from "graphql-depth-limit";
import { fieldExtensionsEstimator, getComplexity, simpleEstimator, type ComplexityEstimator } from "graphql-query-complexity";
import { GraphQLError, type GraphQLSchema } from "graphql";
import type { Logger } from "pino";
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

export function createApolloServer(options: { schema: GraphQLSchema; logger: Logger; introspection: boolean }): ApolloServer<Context> {
  return new ApolloServer<Context>({
    schema: options.schema,
    introspection: options.introspection,
    // with introspection off, "Did you mean …" suggestions would leak the schema field by field
    hideSchemaDetailsFromClientErrors: !options.introspection,
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules: [depthLimit(MAX_QUERY_DEPTH)],
    // the playground is our own GraphiQL bundle at /graphiql, not Apollo's CDN-hosted sandbox
    plugins: [ApolloServerPluginLandingPageDisabled(), complexityLimit(options.schema), errorLogging(options.logger)],
  });
}
