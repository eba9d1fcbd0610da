import { ThemeProvider, type Theme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useCallback } from "react";
import { BrowserRouter, useRoutes } from "react-router-dom";
import { NotifyProvider } from "../components/Notify";
import { CartProvider } from "../features/cart/CartContext";
import { ServiceWorkerHost } from "./pwa/ServiceWorkerHost";
import { routes } from "./routes";

/** react-router's declarative router: the data router's loaders and actions are unused here and would weigh on the first load. */
function AppRoutes() {
  return useRoutes(routes);
}

const NO_DURATION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

export function App() {
  // people who ask their system for less motion get panels and dialogs without animation
  const reduceMotion = useMediaQuery("(prefers-reduced-motion: reduce)", { noSsr: true });
  const withMotionPreference = useCallback(
    (outer: Theme): Theme =>
      reduceMotion
        ? {
            ...outer,
            transitions: { ...outer.transitions, create: () => "none", duration: { ...outer.transitions.duration, ...NO_DURATION } },
          }
        : outer,
    [reduceMotion],
  );
  return (
    <ThemeProvider theme={withMotionPreference}>
      <NotifyProvider>
        <CartProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <ServiceWorkerHost />
        </CartProvider>
      </NotifyProvider>
    </ThemeProvider>
  );
}
