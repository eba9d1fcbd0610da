import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { ThemeProvider, type Theme } from "@mui/material/styles";
import { useCallback, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { loadedRtlCache } from "../lib/i18n";

// the left-to-right cache is emotion's usual one, named here so the tree keeps its shape when the
// language switches (a different provider would remount the whole app and lose what is typed)
const ltrCache = createCache({ key: "css" });

/** MUI and emotion follow the language's writing direction: Urdu's styles are flipped right to left. */
export function Direction({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = i18n.dir();
  const rtlCache = direction === "rtl" ? loadedRtlCache() : undefined;
  const withDirection = useCallback((outer: Theme): Theme => ({ ...outer, direction }), [direction]);
  return (
    <CacheProvider value={rtlCache ?? ltrCache}>
      <ThemeProvider theme={withDirection}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
