import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

/**
 * The integrators' playground, bundled with the app so it works with no internet (Apollo's
 * default landing page loads its sandbox from a CDN). Sign-in is explained in docs/api.md.
 */
const fetcher = createGraphiQLFetcher({ url: "/graphql" });

const exampleQuery = `# Welcome to the UniBazaar API (see docs/api.md). Public fields work as they are.
# To call an @auth field: run
#   mutation { login(email: "fatima@student.pk", password: "unibazaar123") { token } }
# then put the token in the Headers tab: { "Authorization": "Bearer <token>" }

query Shop {
  products(filter: { search: "calculater" }, sort: RELEVANCE, pageSize: 5) {
    totalItems
    items { id name price rating seller { username storeName } }
  }
}
`;

createRoot(document.getElementById("graphiql")!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={exampleQuery} defaultHeaders={'{\n  "Authorization": "Bearer <token from login>"\n}'} />
  </StrictMode>,
);
