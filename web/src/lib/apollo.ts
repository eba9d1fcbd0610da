import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { readToken } from "./session";

/** Paginated lists are separate cache entries per page and filter (the default keying by arguments). */
export function createApolloClient() {
  const auth = new SetContextLink((prevContext) => {
    const token = readToken();
    return { headers: { ...prevContext.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  });
  return new ApolloClient({
    link: ApolloLink.from([auth, new HttpLink({ uri: "/graphql" })]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: "cache-and-network" } },
  });
}
