import { ApolloProvider } from "@apollo/client/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { createApolloClient } from "./lib/apollo";
import { AuthProvider } from "./lib/auth";
import { theme } from "./lib/theme";

const client = createApolloClient();

const root = createRoot(document.getElementById("root")!);
// rendered as a transition, React yields to the browser every few milliseconds while it builds the
// first page instead of holding a phone's main thread for one long task
startTransition(() =>
  root.render(
    <StrictMode>
      <ApolloProvider client={client}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <AuthProvider>
            <App />
          </AuthProvider>
        </ThemeProvider>
      </ApolloProvider>
    </StrictMode>,
  ),
);
