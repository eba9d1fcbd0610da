import type { IncomingMessage, Server } from "node:http";
import { GraphQLError, OperationTypeNode, getOperationAST, parse, specifiedRules, validate, type GraphQLSchema } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import type { Context } from "./context";
import { formatError } from "./errors";
import { MAX_QUERY_DEPTH, MAX_QUERY_TOKENS } from "../limits";
import { depthLimit, operationRefusal, type RootFieldCosts } from "./operation-limits";

/** Where a socket's token comes from: `connectionParams: { authorization: "Bearer <token>" }`, as the HTTP header. */
export function connectionToken(connectionParams: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const value = connectionParams?.authorization;
  return typeof value === "string" && value.startsWith("Bearer ") ? value.slice("Bearer ".length).trim() || undefined : undefined;
}

/** The code Apollo gives the same failure over HTTP, so formatError shows it as the caller's. */
const withCode = (error: GraphQLError, code: string) =>
  new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });

/**
 * GraphQL subscriptions over WebSocket (the graphql-ws protocol) on the HTTP server's `/graphql`.
 * Only subscriptions: queries and mutations keep going over HTTP, with its limits and cookies.
 * `context` builds a subscription's context from the socket's connection params and upgrade request.
 */
export function serveSubscriptions(
  server: Server,
  options: {
    schema: GraphQLSchema;
    rootFieldCosts: RootFieldCosts;
    /** With introspection off, validation errors do not suggest names ("Did you mean …"). */
    hideSuggestions: boolean;
    context: (connectionParams: Readonly<Record<string, unknown>> | undefined, request: IncomingMessage) => Promise<Context>;
  },
): { close: () => Promise<void> } {
  const sockets = new WebSocketServer({ server, path: "/graphql" });
  const format = (errors: readonly GraphQLError[]) => errors.map((error) => formatError(error.toJSON(), error));
  const handler = useServer(
    {
      schema: options.schema,
      context: (ctx) => options.context(ctx.connectionParams, ctx.extra.request),
      onSubscribe: (_ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query, { maxTokens: MAX_QUERY_TOKENS });
        } catch (error) {
          return [withCode(error as GraphQLError, "GRAPHQL_PARSE_FAILED")];
        }
        const rules = [...specifiedRules, depthLimit(MAX_QUERY_DEPTH)];
        const errors = validate(options.schema, document, rules, { hideSuggestions: options.hideSuggestions });
        if (errors.length) return errors.map((error) => withCode(error, "GRAPHQL_VALIDATION_FAILED"));
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) {
          const message = "Only subscriptions go over the WebSocket; send queries and mutations to POST /graphql.";
          return [new GraphQLError(message, { extensions: { code: "BAD_REQUEST" } })];
        }
        // the same limits as over HTTP, with a subscription's lower cost
        const refusal = operationRefusal({
          schema: options.schema,
          document,
          operation,
          variables: payload.variables ?? undefined,
          rootFieldCosts: options.rootFieldCosts,
        });
        if (refusal) return [new GraphQLError(refusal, { extensions: { code: "BAD_USER_INPUT" } })];
        // parsed and validated once here; the context option still supplies contextValue
        return { schema: options.schema, document, variableValues: payload.variables, operationName: payload.operationName };
      },
      onError: (_ctx, _id, _payload, errors) => format(errors),
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: format(result.errors) } : undefined),
    },
    sockets,
  );
  return {
    close: async () => {
      await handler.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
