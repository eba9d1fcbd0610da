import type { IncomingMessage, Server } from "node:http";
import { GraphQLError, OperationTypeNode, getOperationAST, parse, specifiedRules, validate, type GraphQLSchema } from "graphql";
import { CloseCode } from "graphql-ws";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer, type WebSocket } from "ws";
import type { AuthUser } from "../auth/roles";
import { tokenExpiry } from "../auth/tokens";
import {
  MAX_QUERY_DEPTH,
  MAX_QUERY_TOKENS,
  MAX_SOCKET_FRAME_BYTES,
  MAX_SOCKETS_PER_ADDRESS,
  MAX_SOCKETS_PER_PROCESS,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
} from "../limits";
import type { LiveHub } from "../live";
import type { Presence } from "../presence";
import { rateLimited } from "../shared/errors";
import type { Context } from "./context";
import { formatError, withoutSuggestions } from "./errors";
import { depthLimit, operationRefusal, type RootFieldCosts } from "./operation-limits";

/** Where a socket's token comes from: `connectionParams: { authorization: "Bearer <token>" }`, as the HTTP header. */
export function connectionToken(connectionParams: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const value = connectionParams?.authorization;
  return typeof value === "string" && value.startsWith("Bearer ") ? value.slice("Bearer ".length).trim() || undefined : undefined;
}

/** The code Apollo gives the same failure over HTTP, so formatError shows it as the caller's. */
const withCode = (error: GraphQLError, code: string) =>
  new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });

/** setTimeout's longest wait; a token valid for longer is checked again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Open sockets per client address and in all, counted from the upgrade until the connection closes. */
class SocketCounts {
  private total = 0;
  private readonly byAddress = new Map<string, number>();

  /** Counts the socket in, or false when its address or the process already has the most allowed. */
  open(address: string, connection: { once: (event: "close", listener: () => void) => unknown }): boolean {
    const mine = this.byAddress.get(address) ?? 0;
    if (this.total >= MAX_SOCKETS_PER_PROCESS || mine >= MAX_SOCKETS_PER_ADDRESS) return false;
    this.total++;
    this.byAddress.set(address, mine + 1);
    connection.once("close", () => {
      this.total--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    return true;
  }
}

/**
 * The signed-in sockets of this process, by user, with the token each was opened with: when a
 * user's tokens are revoked (live `revoked`, from any process) or a token expires, the socket's
 * subscriptions stop with it.
 */
class SignedInSockets {
  private readonly byUser = new Map<string, Map<WebSocket, string>>();
  private readonly timers = new Map<WebSocket, NodeJS.Timeout>();

  constructor(private readonly presence: Presence) {}

  add(userId: string, socket: WebSocket, token: string): void {
    // gone while its token was being checked: its close event has passed
    if (socket.readyState !== socket.OPEN) return;
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Map()));
    sockets.set(socket, token);
    const expiry = tokenExpiry(token);
    if (expiry) this.closeAt(socket, expiry);
    // an open tab: no push notifications while it is there
    const leave = this.presence.enter(userId);
    socket.once("close", () => {
      leave();
      clearTimeout(this.timers.get(socket));
      this.timers.delete(socket);
      sockets.delete(socket);
      if (!sockets.size) this.byUser.delete(userId);
    });
  }

  of(userId: string): Array<[WebSocket, string]> {
    return [...(this.byUser.get(userId) ?? [])];
  }

  stopTimers(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private closeAt(socket: WebSocket, expiry: Date): void {
    const wait = expiry.getTime() - Date.now();
    if (wait <= 0) return endSession(socket, "The token has expired");
    this.timers.set(
      socket,
      setTimeout(() => this.closeAt(socket, expiry), Math.min(wait, LONGEST_TIMER_MS)),
    );
  }
}

/** Per connection, the ids of the subscriptions let through that have not ended yet (at most the limit). */
const accepted = new WeakMap<object, Set<string>>();
function runningSubscriptions(ctx: { subscriptions: Record<string, unknown> }, newId: string): Set<string> {
  let ids = accepted.get(ctx);
  if (!ids) accepted.set(ctx, (ids = new Set()));
  // graphql-ws lists the new id only once an earlier one with that id has ended
  ids.delete(newId);
  for (const id of ids) if (!(id in ctx.subscriptions)) ids.delete(id);
  return ids;
}

/**
 * Ends a socket whose session ended. 4403 (Forbidden) is one graphql-ws clients retry: the web app
 * reconnects with the token it holds now (a new password's, or none after a logout).
 */
const endSession = (socket: WebSocket, reason: string) => socket.close(CloseCode.Forbidden, reason);

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
    /** The caller a token signs in, or null (expired, revoked, suspended): re-asked when the user's tokens are revoked. */
    authenticate: (token: string | undefined) => Promise<AuthUser | null>;
    /** The client's address for the per-address socket limit (through the trusted proxies, as for HTTP). */
    clientAddress: (request: IncomingMessage) => string;
    live: LiveHub;
    /** Counts each signed-in socket as an open tab of its user. */
    presence: Presence;
    context: (connectionParams: Readonly<Record<string, unknown>> | undefined, request: IncomingMessage) => Promise<Context>;
  },
): { close: () => Promise<void> } {
  const counts = new SocketCounts();
  const sockets = new WebSocketServer({
    server,
    path: "/graphql",
    maxPayload: MAX_SOCKET_FRAME_BYTES,
    // refused before the upgrade, so an over-limit socket costs no handshake
    verifyClient: ({ req }, accept) =>
      counts.open(options.clientAddress(req), req.socket) ? accept(true) : accept(false, 429, "Too many open connections"),
  });
  const signedIn = new SignedInSockets(options.presence);
  const revocations = options.live.subscribe("revoked");
  void (async () => {
    for await (const { userId } of revocations) {
      for (const [socket, token] of signedIn.of(userId)) {
        // a caller who cannot be checked now (the database is away) is not kept on either
        if (!(await options.authenticate(token).catch(() => null))) endSession(socket, "Signed out");
      }
    }
  })();
  const format = (errors: readonly GraphQLError[]) =>
    errors.map((error) => {
      const formatted = formatError(error.toJSON(), error);
      return options.hideSuggestions ? withoutSuggestions(formatted) : formatted;
    });
  const handler = useServer(
    {
      schema: options.schema,
      onConnect: async (ctx) => {
        const token = connectionToken(ctx.connectionParams);
        const user = await options.authenticate(token);
        if (user && token) signedIn.add(user.id, ctx.extra.socket, token);
        return true;
      },
      context: (ctx) => options.context(ctx.connectionParams, ctx.extra.request),
      onSubscribe: (ctx, id, payload) => {
        // Counts the ones this hook let through and graphql-ws still lists (it unlists them as they end),
        // never ctx.subscriptions itself: a burst of subscribes lists them all before any is refused,
        // and counting that list at every subscribe grew with the square of the burst.
        const running = runningSubscriptions(ctx, id);
        if (running.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          const limit = rateLimited(`At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions at once on one connection.`);
          return [new GraphQLError(limit.message, { originalError: limit })];
        }
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
        running.add(id);
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
      await revocations.return();
      signedIn.stopTimers();
      await handler.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
