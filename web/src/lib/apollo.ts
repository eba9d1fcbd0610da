import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { getMainDefinition } from "@apollo/client/utilities";
import { OperationTypeNode } from "graphql";
import { from, mergeMap, tap } from "rxjs";
import { readToken } from "./session";

/** Fired after a save or a message the student sends: the moment the app offers to be installed (app/pwa). */
export const ENGAGED_EVENT = "unibazaar:engaged";
const ENGAGING_OPERATIONS = new Set(["SaveProduct", "SendMessage"]);
const engagement = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    tap((result) => {
      if (ENGAGING_OPERATIONS.has(operation.operationName ?? "") && !result.errors) window.dispatchEvent(new Event(ENGAGED_EVENT));
    }),
  ),
);

/**
 * Queries and mutations over HTTP; subscriptions over a WebSocket on the same /graphql path, with
 * the token read at each (re)connection. The socket opens only while something subscribes.
 */
export function createApolloClient() {
  const auth = new SetContextLink((prevContext) => {
    const token = readToken();
    return { headers: { ...prevContext.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  });
  // the WebSocket client (graphql-ws) loads with the first subscription, not with the page
  let socket: Promise<ApolloLink> | undefined;
  const lazySocket = new ApolloLink((operation, forward) => {
    socket ??= import("./apollo-socket").then(
      (m) => m.createSocketLink(),
      (error: unknown) => {
        socket = undefined; // try again with the next subscription
        throw error;
      },
    );
    return from(socket).pipe(mergeMap((link) => link.request(operation, forward)));
  });
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    return definition.kind === "OperationDefinition" && definition.operation === OperationTypeNode.SUBSCRIPTION;
  };
  return new ApolloClient({
    link: ApolloLink.split(isSubscription, lazySocket, ApolloLink.from([engagement, auth, new HttpLink({ uri: "/graphql" })])),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: "cache-and-network" } },
  });
}
