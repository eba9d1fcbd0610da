import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

/**
 * The loading state with the page's words ('Loading user stats...', 'Loading...'); the error and
 * empty states are the shared ones in components/QueryState.
 */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: "flex", alignItems: "center", gap: 1.5, py: 4, justifyContent: "center" }}>
      <CircularProgress size={22} aria-hidden="true" />
      <Typography>{label ?? t("form.loading")}</Typography>
    </Box>
  );
}
