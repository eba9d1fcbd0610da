import { ApolloServer, type ApolloServerPlugin, type GraphQLRequest } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import depthLimit from "graphql-depth-limit";
import { LRUCache } from "lru-cache";
import { fieldExtensionsEstimator, getComplexity, simpleEstimator, type ComplexityEstimator } from "graphql-query-complexity";
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import type { Logger } from "pino";
import type { PersistedQueryStore } from "../cache";
import type { Context } from "./context";
import { formatError, isClientError } from "./errors";

export const MAX_QUERY_DEPTH = 10;
// a full page of 50 orders with lines, parties and timeline weighs about 2,500
export const MAX_QUERY_COMPLEXITY = 5000;
/** Root fields (aliases included) in one operation, and of them mutations: stops alias amplification. */
export const MAX_ROOT_FIELDS = 20;
export const MAX_MUTATIONS = 5;

/** Cost of each root field, keyed "Query.name" / "Mutation.name" (app/root-field-costs.ts). */
export type RootFieldCosts = Record<string, number>;

/** A page of N items costs N times its selection: `products(pageSize: 50)` weighs 50 products. */
const pagedEstimator: ComplexityEstimator = ({ args, childComplexity }) => {
  const size = pageSize(args);
  return size === undefined ? undefined : 1 + childComplexity * size;
};

const pageSize = (args: Record<string, unknown>) => [args.pageSize, args.limit].find((v): v is number => typeof v === "number");

/** A root field costs its listed price plus its selection (times its page size). */
const rootFieldEstimator =
  (schema: GraphQLSchema, costs: RootFieldCosts): ComplexityEstimator =>
  ({ type, field, args, childComplexity }) => {
    if (type !== schema.getQueryType() && type !== schema.getMutationType()) return undefined;
    const cost = costs[`${type.name}.${field.name}`];
    return cost === undefined ? undefined : cost + childComplexity * (pageSize(args) ?? 1);
  };

/** Fields at the top of an operation, through inline fragments and fragment spreads. */
function countRootFields(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value.startsWith("__") ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += countRootFields(selection.selectionSet, fragments, seen);
    else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
      seen.add(selection.name.value);
      count += countRootFields(fragments[selection.name.value].selectionSet, fragments, seen);
    }
  }
  return count;
}

const refuse = (message: string) =>
  // the caller's fault, so a 400 like every other refused request (Apollo defaults to 500 here)
  new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });

/** Variables longer than this (as JSON) are not used as a memo key: an upload's data-URL is megabytes. */
const MEMO_VARIABLES_CHARS = 1_000;
/** Results remembered per document (one per operation name and variables). */
const MEMO_ENTRIES_PER_DOCUMENT = 100;

/**
 * Refuses operations with too many root fields or too high an estimated cost before any resolver
 * runs. The verdict depends only on the document, operation name and variables, so it is
 * remembered per parsed document (Apollo hands the same one back for the same query text): the
 * cost estimate walks the whole query and was a twelfth of a cached read's CPU.
 */
const complexityLimit = (schema: GraphQLSchema, costs: RootFieldCosts): ApolloServerPlugin<Context> => {
  const verdicts = new WeakMap<DocumentNode, LRUCache<string, { refusal: string | null }>>();
  const estimators = [
    rootFieldEstimator(schema, costs),
    fieldExtensionsEstimator(),
    pagedEstimator,
    simpleEstimator({ defaultComplexity: 1 }),
  ];

  /** Why the operation is refused, or null. */
  const verdict = (
    document: DocumentNode,
    operation: OperationDefinitionNode | null | undefined,
    request: GraphQLRequest,
  ): string | null => {
    const fragments = Object.fromEntries(
      document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
    );
    const rootFields = operation ? countRootFields(operation.selectionSet, fragments) : 0;
    if (operation?.operation === "mutation" && rootFields > MAX_MUTATIONS)
      return `Too many mutations in one request: ${rootFields}. The maximum is ${MAX_MUTATIONS}.`;
    if (rootFields > MAX_ROOT_FIELDS) return `Too many fields in one request: ${rootFields}. The maximum is ${MAX_ROOT_FIELDS}.`;
    let complexity: number;
    try {
      complexity = getComplexity({
        schema,
        operationName: request.operationName,
        query: document,
        variables: request.variables,
        estimators,
      });
    } catch {
      // bad variables (e.g. an unknown enum value): execution reports them as BAD_USER_INPUT
      return null;
    }
    return complexity > MAX_QUERY_COMPLEXITY ? `Query is too complex: ${complexity}. The maximum is ${MAX_QUERY_COMPLEXITY}.` : null;
  };

  const remembered = (document: DocumentNode, key: string, judge: () => string | null): string | null => {
    let known = verdicts.get(document);
    if (!known) verdicts.set(document, (known = new LRUCache({ max: MEMO_ENTRIES_PER_DOCUMENT })));
    let verdict = known.get(key);
    if (!verdict) known.set(key, (verdict = { refusal: judge() }));
    return verdict.refusal;
  };

  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          const key = JSON.stringify([request.operationName ?? null, request.variables ?? null]);
          const refusal =
            key.length > MEMO_VARIABLES_CHARS
              ? verdict(document, operation, request)
              : remembered(document, key, () => verdict(document, operation, request));
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
      complexityLimit(options.schema, options.rootFieldCosts),
      errorLogging(options.logger),
      ...(options.plugins ?? []),
    ],
  });
}
