import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { getMainDefinition } from "@apollo/client/utilities";
import { OperationTypeNode } from "graphql";
import { createClient } from "graphql-ws";
import { readToken } from "./session";

/**
 * Queries and mutations over HTTP; subscriptions over a WebSocket on the same /graphql path, with
 * the token read at each (re)connection. The socket opens only while something subscribes.
 */
export function createApolloClient() {
  const auth = new SetContextLink((prevContext) => {
    const token = readToken();
    return { headers: { ...prevContext.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  });
  const socket = new GraphQLWsLink(
    createClient({
      url: `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`,
      connectionParams: () => {
        const token = readToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      // a page that cannot keep a socket falls back to polling (see the chat), so give up soon
      retryAttempts: 2,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, 1000 * (retries + 1))),
    }),
  );
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    return definition.kind === "OperationDefinition" && definition.operation === OperationTypeNode.SUBSCRIPTION;
  };
  return new ApolloClient({
    link: ApolloLink.split(isSubscription, socket, ApolloLink.from([auth, new HttpLink({ uri: "/graphql" })])),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: "cache-and-network" } },
  });
}
