import { ApolloProvider } from "@apollo/client/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { preloadLanding } from "./app/landing";
import { Direction } from "./app/Direction";
import { createApolloClient } from "./lib/apollo";
import { AuthProvider } from "./lib/auth";
import { i18nReady } from "./lib/i18n";
import { theme } from "./lib/theme";

const client = createApolloClient();
preloadLanding(client, window.location);

const root = createRoot(document.getElementById("root")!);
// the first render waits for the reader's language (at once for English, one catalogue for Urdu): no
// flash of English, no shift when the direction turns.
// Rendered as a transition, React yields to the browser every few milliseconds while it builds the
// first page instead of holding a phone's main thread for one long task
void i18nReady.then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <ApolloProvider client={client}>
          <ThemeProvider theme={theme}>
            <Direction>
              <CssBaseline />
              <AuthProvider>
                <App />
              </AuthProvider>
            </Direction>
          </ThemeProvider>
        </ApolloProvider>
      </StrictMode>,
    ),
  ),
);
