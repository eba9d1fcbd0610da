import { createTheme } from "@mui/material/styles";

/** Urdu's face (Noto Naskh Arabic, for Arabic script only), added by `lib/urdu-font.ts` when the language is Urdu; unknown, and so skipped, otherwise. */
export const URDU_FAMILY = "UniBazaar Urdu";

/** UniBazaar's brand: a deep green with a warm gold accent, high-contrast text. */
export const theme = createTheme({
  palette: {
    // MUI picks each colour's text (white or dark) for WCAG AA contrast, e.g. dark on warning orange
    contrastThreshold: 4.5,
    primary: { main: "#0b5d4b", contrastText: "#ffffff" },
    secondary: { main: "#b7791f", contrastText: "#ffffff" },
    background: { default: "#f7f8fa", paper: "#ffffff" },
    text: { primary: "#1a1d21", secondary: "#4a5260" },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: `"${URDU_FAMILY}", "Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
