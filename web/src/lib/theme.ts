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
    MuiCssBaseline: {
      styleOverrides: {
        // what a student types runs in its own direction, whatever the page's: English typed on the
        // Urdu page reads left to right, Urdu typed on the English page right to left, each line by
        // its first letter (an empty field keeps the page's direction)
        'textarea, input[type="text"], input[type="search"]': { unicodeBidi: "plaintext" },
      },
    },
  },
});
