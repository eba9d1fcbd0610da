import type { ApolloServerOptionsWithGateway } from "@apollo/server";
import {
  execute,
  GraphQLError,
  printSchema,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";
import { LRUCache } from "lru-cache";

type Gateway = ApolloServerOptionsWithGateway<Record<string, unknown>>["gateway"];

/** Operations whose compiled form (or sighting count) is kept; past this the least used is forgotten. */
const MAX_KNOWN_OPERATIONS = 500;
/** An operation is compiled the second time it is executed: compiling costs a few ms, more than one run of a query sent once. */
const COMPILE_AT_SIGHTING = 2;

type Known = { sightings: number; compiled?: CompiledQuery | "interpret" };

/**
 * Executes the queries clients send again and again (the web app's pages) with graphql-jit:
 * the operation is compiled once into plain JavaScript (field walk, argument coercion, leaf
 * serialisation), so a request skips graphql-js's generic walk of the document. Apollo still
 * parses, validates (depth, introspection), judges the cost and formats errors; only execution
 * is replaced. Left to graphql-js: mutations (serial writes; their cost is the transaction, not
 * the walk), subscriptions, introspection, an operation seen once, one graphql-jit cannot
 * compile, and variables that do not fit their types (graphql-js words the BAD_USER_INPUT error
 * Apollo answers with a 400).
 *
 * Plugged in through Apollo Server's gateway interface, its one hook for a custom executor.
 */
export function compiledExecution(schema: GraphQLSchema): Gateway {
  const known = new LRUCache<string, Known>({ max: MAX_KNOWN_OPERATIONS });

  const interpret = (document: DocumentNode, context: unknown, variables: Record<string, unknown> | undefined, operationName?: string) =>
    execute({ schema, document, contextValue: context, variableValues: variables, operationName }) as Promise<ExecutionResult>;

  /** The compiled query, or "interpret" for an operation left to graphql-js (see above) or one graphql-jit refuses. */
  const compile = (document: DocumentNode, operation: OperationDefinitionNode, operationName?: string): CompiledQuery | "interpret" => {
    if (!compilable(operation)) return "interpret";
    try {
      const compiled = compileQuery(schema, document, operationName, { disablingCapturingStackErrors: true });
      return isCompiledQuery(compiled) ? compiled : "interpret";
    } catch {
      return "interpret";
    }
  };

  const compiledFor = (key: string, document: DocumentNode, operation: OperationDefinitionNode, operationName?: string) => {
    let entry = known.get(key);
    if (!entry) known.set(key, (entry = { sightings: 0 }));
    entry.sightings += 1;
    if (entry.compiled === undefined && entry.sightings >= COMPILE_AT_SIGHTING)
      entry.compiled = compile(document, operation, operationName);
    return entry.compiled === "interpret" ? undefined : entry.compiled;
  };

  let unsubscribed = false;
  let onSchema: Parameters<Gateway["onSchemaLoadOrUpdate"]>[0] | undefined;
  return {
    onSchemaLoadOrUpdate(callback) {
      onSchema = callback;
      return () => {
        unsubscribed = true;
      };
    },
    async load() {
      if (!unsubscribed) onSchema?.({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return {
        executor: async ({ document, operation, operationName, queryHash, request, context }) => {
          const variables = request.variables;
          const compiled = operation
            ? compiledFor(`${queryHash}:${operationName ?? ""}`, document, operation, operationName ?? undefined)
            : undefined;
          if (!compiled) return interpret(document, context, variables, operationName ?? undefined);
          const result = await compiled.query(undefined, context, variables);
          // no data at all: the variables were refused before any resolver ran
          if (!("data" in result)) return interpret(document, context, variables, operationName ?? undefined);
          return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
        },
      };
    },
    async stop() {},
  };
}

/** A query that reads no introspection field at its root. */
const compilable = (operation: OperationDefinitionNode) =>
  operation.operation === "query" &&
  operation.selectionSet.selections.every((selection) => selection.kind !== "Field" || !selection.name.value.startsWith("__"));

/**
 * graphql-jit's error as graphql-js makes it: Apollo reads `extensions` of every error, which
 * graphql-jit leaves undefined when the thrown error has none.
 */
const asGraphQLError = (error: GraphQLError): GraphQLError =>
  // the locations are graphql-jit's, computed from the same field nodes graphql-js would use
  Object.assign(new GraphQLError(error.message, { path: error.path, originalError: error.originalError, extensions: error.extensions }), {
    locations: error.locations,
  });
