import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { createClient } from "graphql-ws";
import { readToken } from "./session";

/** Subscriptions over a WebSocket on the same /graphql path, with the token read at each (re)connection. */
export function createSocketLink() {
  return new GraphQLWsLink(
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
}
